import type { z } from 'zod';
import { INTEGRATOR_BASE_PATH } from '../../contract/constants';
import type { Endpoint } from '../../contract/endpoint';
import {
  INTEGRATOR_CLOCK_SKEW_S,
  INTEGRATOR_ENDPOINTS,
  INTEGRATOR_ERRORS,
  INTEGRATOR_HEADERS,
} from '../../contract/endpoints/integrator.endpoints';
import { schemaOf as schemaWith, type Shared } from '../http/openapi-schema';

// The integrator API's OpenAPI document, on its own as an integrator reads it: its server (the base path), the HMAC
// scheme every call is signed with and how to sign, the `{code, message, requestId}` refusals with their codes, and
// an example per call. The console's own API is another document (accounts/openapi.ts).

type SchemaOf = (s: z.ZodType, io: 'input' | 'output') => Record<string, unknown>;

export const INTEGRATOR_SECURITY_SCHEME = {
  type: 'apiKey',
  in: 'header',
  name: INTEGRATOR_HEADERS.signature,
  description:
    `Every call carries ${INTEGRATOR_HEADERS.appId} (the account id), ${INTEGRATOR_HEADERS.timestamp} (unix seconds, within ±${INTEGRATOR_CLOCK_SKEW_S} s), ` +
    `${INTEGRATOR_HEADERS.nonce} (8-64 of [A-Za-z0-9_-], never reused) and ${INTEGRATOR_HEADERS.signature}: the hex HMAC-SHA256, keyed with the app secret, ` +
    'of the lines METHOD, path (base included), the query sorted by key then value (k=v joined by &, RFC 3986 percent-encoded), ' +
    'the hex SHA-256 of the raw body (of "" when empty), the timestamp and the nonce, joined by \\n.',
};

export const INTEGRATOR_FAILURE = {
  description: 'a refusal: the code is stable, the message in the Accept-Language language',
  content: {
    'application/json': {
      schema: {
        type: 'object',
        required: ['code', 'message'],
        properties: {
          code: { type: 'string', enum: Object.keys(INTEGRATOR_ERRORS) },
          message: { type: 'string' },
          requestId: { type: 'string' },
          field: { type: 'string', description: 'INVALID_REQUEST: the offending field' },
        },
      },
    },
  },
};

const EXAMPLES: Record<string, { request?: unknown; response: unknown }> = {
  '/sms/send': {
    request: { text: 'Your code is 1234', numbers: ['13800138000', 'abc'], sender: '10690001', clientRef: 'order-1' },
    response: {
      results: [
        {
          number: '13800138000',
          messageId: '01JDZ8Q3X1V6M7K2T4B9C0D5E6000001',
          accepted: true,
          code: null,
          segments: 1,
          fee: 0.05,
        },
        { number: 'abc', messageId: null, accepted: false, code: 'INVALID_NUMBER', segments: 0, fee: 0 },
      ],
      clientRef: 'order-1',
    },
  },
  '/sms/batch': {
    request: { items: [{ number: '13800138000', text: 'Hello Ann' }], clientRef: 'batch-7' },
    response: {
      results: [
        {
          number: '13800138000',
          messageId: '01JDZ8Q3X1V6M7K2T4B9C0D5E7000001',
          accepted: true,
          code: null,
          segments: 1,
          fee: 0.05,
        },
      ],
      clientRef: 'batch-7',
    },
  },
  '/sms/:messageId': {
    response: {
      messageId: '01JDZ8Q3X1V6M7K2T4B9C0D5E6000001',
      number: '13800138000',
      state: 'delivered',
      reportCode: 'DELIVRD',
      reportDesc: null,
      submittedAt: '2026-11-26T06:00:00.000Z',
      reportedAt: '2026-11-26T06:00:04.000Z',
      segments: 1,
      fee: 0.05,
      sender: '10690001',
      clientRef: 'order-1',
    },
  },
  '/sms': { response: { total: 1, page: 1, size: 20, items: [] } },
  '/replies': {
    response: {
      items: [
        { replyId: 'MO01', number: '13800138000', text: 'TD', to: '10690001', receivedAt: '2026-11-26T06:05:00.000Z' },
      ],
      nextCursor: '1042',
    },
  },
  '/balance': { response: { balance: 4999.9, prepaid: true } },
};

/** The OpenAPI path items of the integrator endpoints, keyed by their OpenAPI path ({name} for :name). */
export function integratorPaths(endpoints: Endpoint[], schemaOf: SchemaOf): Record<string, Record<string, unknown>> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const e of endpoints) {
    const example = EXAMPLES[e.path];
    const request = schemaOf(e.request, 'input');
    const pathParams = [...e.path.matchAll(/:(\w+)/g)].map((m) => m[1]);
    const parameters: unknown[] = pathParams.map((name) => ({
      name,
      in: 'path',
      required: true,
      schema: { type: 'string' },
    }));
    if (e.method === 'GET') {
      const props = (request.properties ?? {}) as Record<string, unknown>;
      const required = new Set((request.required as string[] | undefined) ?? []);
      for (const [name, schema] of Object.entries(props))
        if (!pathParams.includes(name)) parameters.push({ name, in: 'query', required: required.has(name), schema });
    } else {
      parameters.push({
        name: INTEGRATOR_HEADERS.idempotencyKey,
        in: 'header',
        required: false,
        schema: { type: 'string', maxLength: 200 },
      });
    }
    const at = e.path.replace(/:(\w+)/g, '{$1}');
    const op: Record<string, unknown> = {
      tags: ['integrator'],
      operationId: `integrator_${e.method.toLowerCase()}_${e.path.replace(/[/:]+/g, '_').replace(/^_/, '')}`,
      summary: `${INTEGRATOR_BASE_PATH}${at}`,
      ...(e.doc ? { description: e.doc } : {}),
      security: [{ integratorHmac: [] }],
      parameters,
      ...(e.method === 'GET'
        ? {}
        : {
            requestBody: {
              required: true,
              content: { 'application/json': { schema: request, example: example?.request } },
            },
          }),
      responses: {
        '200': {
          description: 'success',
          content: { 'application/json': { schema: schemaOf(e.response, 'output'), example: example?.response } },
        },
        ...Object.fromEntries(
          ['400', '401', '403', '429'].map((status) => [status, { $ref: '#/components/responses/IntegratorFailure' }]),
        ),
        default: { $ref: '#/components/responses/IntegratorFailure' },
      },
    };
    paths[at] = { ...(paths[at] ?? {}), [e.method.toLowerCase()]: op };
  }
  return paths;
}

/** What every call sends and how it is signed, said once for the document and for the console's page. */
export const INTEGRATOR_GUIDE =
  `Base URL: ${INTEGRATOR_BASE_PATH} on the platform's host. Bodies are JSON (Content-Type: application/json). ` +
  INTEGRATOR_SECURITY_SCHEME.description +
  ` A POST may carry ${INTEGRATOR_HEADERS.idempotencyKey}: a retry with the same key gets the first answer and sends nothing twice. ` +
  'Accept-Language (zh or en) picks the language of refusal messages; the code of a refusal is stable. ' +
  'Delivery reports, replies and the daily cap warning (80 % of the cap reached) can also be pushed to your URLs, ' +
  'signed with the same app secret (X-Sms-Signature).';

let cached: Promise<Record<string, unknown>> | null = null;

/** The integrator API's document, built once per process. */
export function integratorOpenApiDocument(): Promise<Record<string, unknown>> {
  cached ??= Promise.resolve().then(() => {
    const shared: Shared = new Map();
    const paths = integratorPaths(Object.values(INTEGRATOR_ENDPOINTS), (schema, io) =>
      schemaWith(schema, io, shared, 'integrator'),
    );
    return {
      openapi: '3.1.0',
      info: {
        title: 'SMS cloud platform: integrator API',
        version: '1',
        license: { name: 'Proprietary: for customers of the platform', identifier: 'LicenseRef-Proprietary' },
        description: INTEGRATOR_GUIDE,
      },
      servers: [{ url: INTEGRATOR_BASE_PATH }],
      security: [{ integratorHmac: [] }],
      components: {
        schemas: Object.fromEntries([...shared.values()].map(({ name, schema }) => [name, schema])),
        securitySchemes: { integratorHmac: INTEGRATOR_SECURITY_SCHEME },
        responses: { IntegratorFailure: INTEGRATOR_FAILURE },
      },
      paths,
    };
  });
  return cached;
}
