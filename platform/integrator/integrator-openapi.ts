import type { z } from 'zod';
import { INTEGRATOR_BASE_PATH } from '../../contract/constants';
import type { Endpoint } from '../../contract/endpoint';
import { INTEGRATOR_CLOCK_SKEW_S, INTEGRATOR_ERRORS, INTEGRATOR_HEADERS } from '../../contract/endpoints/integrator.endpoints';

// The integrator API's part of the OpenAPI document: its own server (base path), the HMAC scheme every call is
// signed with, the `{code, message, requestId}` refusals and an example per call.

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
        { number: '13800138000', messageId: '01JDZ8Q3X1V6M7K2T4B9C0D5E6000001', accepted: true, code: null, segments: 1, fee: 0.05 },
        { number: 'abc', messageId: null, accepted: false, code: 'INVALID_NUMBER', segments: 0, fee: 0 },
      ],
      clientRef: 'order-1',
    },
  },
  '/sms/batch': {
    request: { items: [{ number: '13800138000', text: 'Hello Ann' }], clientRef: 'batch-7' },
    response: {
      results: [{ number: '13800138000', messageId: '01JDZ8Q3X1V6M7K2T4B9C0D5E7000001', accepted: true, code: null, segments: 1, fee: 0.05 }],
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
      items: [{ replyId: 'MO01', number: '13800138000', text: 'TD', to: '10690001', receivedAt: '2026-11-26T06:05:00.000Z' }],
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
    const parameters: unknown[] = pathParams.map((name) => ({ name, in: 'path', required: true, schema: { type: 'string' } }));
    if (e.method === 'GET') {
      const props = (request.properties ?? {}) as Record<string, unknown>;
      const required = new Set((request.required as string[] | undefined) ?? []);
      for (const [name, schema] of Object.entries(props))
        if (!pathParams.includes(name)) parameters.push({ name, in: 'query', required: required.has(name), schema });
    } else {
      parameters.push({ name: INTEGRATOR_HEADERS.idempotencyKey, in: 'header', required: false, schema: { type: 'string', maxLength: 200 } });
    }
    const at = e.path.replace(/:(\w+)/g, '{$1}');
    const op: Record<string, unknown> = {
      tags: ['integrator'],
      operationId: `integrator_${e.method.toLowerCase()}_${e.path.replace(/[/:]+/g, '_').replace(/^_/, '')}`,
      summary: `${INTEGRATOR_BASE_PATH}${at}`,
      ...(e.doc ? { description: e.doc } : {}),
      security: [{ integratorHmac: [] }],
      parameters,
      ...(e.method === 'GET' ? {} : { requestBody: { required: true, content: { 'application/json': { schema: request, example: example?.request } } } }),
      responses: {
        '200': { description: 'success', content: { 'application/json': { schema: schemaOf(e.response, 'output'), example: example?.response } } },
        ...Object.fromEntries(['400', '401', '403', '429'].map((status) => [status, { $ref: '#/components/responses/IntegratorFailure' }])),
        default: { $ref: '#/components/responses/IntegratorFailure' },
      },
    };
    paths[at] = { ...(paths[at] ?? { servers: [{ url: INTEGRATOR_BASE_PATH }] }), [e.method.toLowerCase()]: op };
  }
  return paths;
}
