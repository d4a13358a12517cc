import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { INTEGRATOR_BASE_PATH, SERVICE_BASE_PATH } from '../../contract/constants';
import type { Endpoint } from '../../contract/endpoint';
import { IDEMPOTENCY_HEADER, LANGUAGE_HEADER } from '../../contract/envelope';
import { schemaOf, type Shared } from '../http/openapi-schema';

// The console's API document: OpenAPI 3.1 generated from every contract endpoint the console calls, so a reader sees
// the same schemas the platform validates with, never our source. The signed integrator API has a document of its
// own (integrator/integrator-openapi.ts), served under its base path.

const ENDPOINTS_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'contract', 'endpoints');
const isEndpoint = (v: unknown): v is Endpoint =>
  typeof v === 'object' &&
  v !== null &&
  'path' in v &&
  'method' in v &&
  'kind' in v &&
  'request' in v &&
  'response' in v;

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
        {
          name: LANGUAGE_HEADER,
          in: 'header',
          required: false,
          schema: { type: 'string', enum: ['zh', 'en'] },
          description: 'answer language (default zh)',
        },
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
                content: {
                  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': {
                    schema: { type: 'string', format: 'binary' },
                  },
                },
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
                        properties: {
                          type: { const: 0 },
                          message: { type: 'string' },
                          data: schemaOf(e.response, 'output', shared, operationId),
                        },
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
      (op.parameters as unknown[]).push(
        ...Object.entries(props).map(([name, schema]) => ({ name, in: 'query', required: required.has(name), schema })),
      );
    } else if (e.kind === 'multipart') {
      op.requestBody = {
        content: {
          'multipart/form-data': {
            schema: { type: 'object', properties: { file: { type: 'string', format: 'binary' } } },
          },
        },
      };
    } else {
      op.requestBody = { required: true, content: { 'application/json': { schema: request } } };
    }
    paths[e.path] = { ...(paths[e.path] ?? {}), [method]: op };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'SMS cloud platform: console API',
      version: '1',
      license: { name: 'Proprietary: for customers of the platform', identifier: 'LicenseRef-Proprietary' },
      description:
        'Every call answers {type, message, data}: HTTP 200 with type 0 on success, otherwise the HTTP status with a localized message ' +
        "(and on 400 the offending field). This is the console's own API; integrators use the signed API described at " +
        `${INTEGRATOR_BASE_PATH}/openapi.json. Callbacks: see the README section "Callbacks" (HMAC-SHA256 signature in X-Sms-Signature).`,
    },
    servers: [{ url: SERVICE_BASE_PATH }],
    components: {
      schemas: Object.fromEntries([...shared.values()].map(({ name, schema }) => [name, schema])),
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer', description: 'token from /user/login, 3600 s' },
      },
      responses: {
        Failure: {
          description: 'failure',
          content: {
            'application/json': {
              schema: {
                type: 'object',
                properties: { type: { type: 'integer' }, message: { type: 'string' }, field: { type: 'string' } },
              },
            },
          },
        },
      },
    },
    paths,
  };
}
