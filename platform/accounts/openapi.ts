import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { SERVICE_BASE_PATH } from '../../contract/constants';
import type { Endpoint } from '../../contract/endpoint';
import { IDEMPOTENCY_HEADER, LANGUAGE_HEADER } from '../../contract/envelope';
import { INTEGRATOR_FAILURE, INTEGRATOR_SECURITY_SCHEME, integratorPaths } from '../integrator/integrator-openapi';

// The platform's API document: OpenAPI 3.1 generated from every contract endpoint, so integrators read
// the same schemas the platform validates with, never our source. The signed integrator API's endpoints (a base path
// of their own) are listed under that path, with their HMAC scheme.

const ENDPOINTS_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'contract', 'endpoints');
const isEndpoint = (v: unknown): v is Endpoint =>
  typeof v === 'object' && v !== null && 'path' in v && 'method' in v && 'kind' in v && 'request' in v && 'response' in v;

/** Schemas shared by reference: a recursive schema (the menu tree) comes out of zod with `$defs` and `#/$defs/...`
 * references, which resolve only at a document's root, so they are hoisted into `components.schemas`. */
type Shared = Map<string, { name: string; schema: unknown }>;

function hoistDefs(json: Record<string, unknown>, shared: Shared, owner: string): Record<string, unknown> {
  const defs = json.$defs as Record<string, unknown> | undefined;
  if (!defs) return json;
  delete json.$defs;
  // the same definitions in another endpoint (the menu tree answers three of them) share one component
  const key = JSON.stringify(defs);
  const taken = new Set([...shared.values()].map((v) => v.name));
  const fresh = (name: string) => (taken.has(name) ? `${name}_${shared.size}` : name);
  const names = new Map(
    Object.keys(defs).map((d) => [d, shared.get(`${key}:${d}`)?.name ?? fresh(d.startsWith('__') ? `${owner}_${d.replace(/^_+/, '')}` : d)]),
  );
  const rewrite = (v: unknown): unknown =>
    Array.isArray(v)
      ? v.map(rewrite)
      : typeof v === 'object' && v !== null
        ? Object.fromEntries(
            Object.entries(v).map(([k, x]) =>
              k === '$ref' && typeof x === 'string' && x.startsWith('#/$defs/') ? [k, `#/components/schemas/${names.get(x.slice(8))}`] : [k, rewrite(x)],
            ),
          )
        : v;
  for (const [d, schema] of Object.entries(defs)) {
    if (!shared.has(`${key}:${d}`)) shared.set(`${key}:${d}`, { name: names.get(d)!, schema: rewrite(schema) });
  }
  return rewrite(json) as Record<string, unknown>;
}

function schemaOf(s: z.ZodType, io: 'input' | 'output', shared: Shared, owner: string): Record<string, unknown> {
  let json: Record<string, unknown>;
  try {
    json = z.toJSONSchema(s, { io, unrepresentable: 'any', target: 'draft-2020-12' }) as Record<string, unknown>;
  } catch {
    return {};
  }
  delete json.$schema;
  return hoistDefs(json, shared, `${owner}_${io}`);
}

async function allEndpoints(): Promise<Array<{ file: string; e: Endpoint }>> {
  const files = readdirSync(ENDPOINTS_DIR)
    .filter((f) => /\.endpoints\.(ts|js)$/.test(f) && !f.includes('.test.'))
    .sort();
  const out: Array<{ file: string; e: Endpoint }> = [];
  for (const file of files) {
    const mod = (await import(join(ENDPOINTS_DIR, file))) as Record<string, unknown>;
    for (const v of Object.values(mod)) if (isEndpoint(v)) out.push({ file, e: v });
  }
  return out;
}

let cached: Promise<Record<string, unknown>> | null = null;

/** Built once per process: the contract does not change while the platform runs. */
export function openApiDocument(): Promise<Record<string, unknown>> {
  cached ??= build();
  return cached;
}

async function build(): Promise<Record<string, unknown>> {
  const paths: Record<string, Record<string, unknown>> = {};
  const shared: Shared = new Map();
  const all = await allEndpoints();
  for (const { file, e } of all.filter((x) => !x.e.base)) {
    const method = e.method.toLowerCase();
    const tag = file.replace(/\.endpoints\.(ts|js)$/, '');
    const operationId = e.path.slice(1).replace(/\//g, '_');
    const request = schemaOf(e.request, 'input', shared, operationId);
    const op: Record<string, unknown> = {
      tags: [tag],
      operationId,
      summary: e.path,
      ...(e.doc ? { description: e.doc } : {}),
      ...(e.auth === 'token' ? { security: [{ bearer: [] }] } : { security: [] }),
      parameters: [
        { name: LANGUAGE_HEADER, in: 'header', required: false, schema: { type: 'string', enum: ['zh', 'en'] }, description: 'answer language (default zh)' },
        {
          name: IDEMPOTENCY_HEADER,
          in: 'header',
          required: false,
          schema: { type: 'string', maxLength: 200 },
          description: 'a retry with the same key gets the first answer',
        },
      ],
      responses: {
        '200':
          e.kind === 'file'
            ? {
                description: 'an xlsx attachment',
                content: { 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': { schema: { type: 'string', format: 'binary' } } },
              }
            : e.kind === 'sse'
              ? { description: 'Server-Sent Events', content: { 'text/event-stream': { schema: { type: 'string' } } } }
              : {
                  description: 'success: type 0',
                  content: {
                    'application/json': {
                      schema: {
                        type: 'object',
                        required: ['type', 'message'],
                        properties: { type: { const: 0 }, message: { type: 'string' }, data: schemaOf(e.response, 'output', shared, operationId) },
                      },
                    },
                  },
                },
        '400': { $ref: '#/components/responses/Failure' },
        '401': { $ref: '#/components/responses/Failure' },
        '403': { $ref: '#/components/responses/Failure' },
      },
    };
    if (e.method === 'GET' || e.method === 'DELETE') {
      const props = (request.properties ?? {}) as Record<string, unknown>;
      const required = new Set((request.required as string[] | undefined) ?? []);
      (op.parameters as unknown[]).push(...Object.entries(props).map(([name, schema]) => ({ name, in: 'query', required: required.has(name), schema })));
    } else if (e.kind === 'multipart') {
      op.requestBody = { content: { 'multipart/form-data': { schema: { type: 'object', properties: { file: { type: 'string', format: 'binary' } } } } } };
    } else {
      op.requestBody = { required: true, content: { 'application/json': { schema: request } } };
    }
    paths[e.path] = { ...(paths[e.path] ?? {}), [method]: op };
  }
  Object.assign(
    paths,
    integratorPaths(
      all.filter((x) => x.e.base).map((x) => x.e),
      (schema, io) => schemaOf(schema, io, shared, 'integrator'),
    ),
  );
  return {
    openapi: '3.1.0',
    info: {
      title: 'SMS cloud platform API',
      version: '1',
      license: { name: 'Proprietary: for customers of the platform', identifier: 'LicenseRef-Proprietary' },
      description:
        'Every call answers {type, message, data}: HTTP 200 with type 0 on success, otherwise the HTTP status with a localized message ' +
        '(and on 400 the offending field). Callbacks: see the README section "Callbacks" (HMAC-SHA256 signature in X-Sms-Signature).',
    },
    servers: [{ url: SERVICE_BASE_PATH }],
    components: {
      schemas: Object.fromEntries([...shared.values()].map(({ name, schema }) => [name, schema])),
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer', description: 'token from /user/login, 3600 s' },
        integratorHmac: INTEGRATOR_SECURITY_SCHEME,
      },
      responses: {
        IntegratorFailure: INTEGRATOR_FAILURE,
        Failure: {
          description: 'failure',
          content: {
            'application/json': {
              schema: { type: 'object', properties: { type: { type: 'integer' }, message: { type: 'string' }, field: { type: 'string' } } },
            },
          },
        },
      },
    },
    paths,
  };
}
