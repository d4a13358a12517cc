import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Language } from '../../contract/constants';
import { defineEndpoint, emptyRequest } from '../../contract/endpoint';
import { ApiCallError, createHttpClient, REQUEST_ID_HEADER, type HttpClient } from './http-client';

// The client against a real local HTTP server: status handling, headers and timeouts.
const seen: { url: string; method: string; headers: IncomingMessage['headers']; body: string }[] = [];
let server: Server;
let baseUrl: string;

const routes: Record<string, (req: IncomingMessage, res: ServerResponse) => void> = {
  '/ok': (_q, s) => json(s, 200, { type: 0, message: '', data: { n: 1 } }),
  '/bad-shape': (_q, s) => json(s, 200, { type: 0, message: '', data: { n: 'one' } }),
  '/type-1': (_q, s) => json(s, 200, { type: 1, message: '账号已关闭' }),
  '/unauthorized': (_q, s) => json(s, 401, { type: 401, message: '登录已失效，请重新登录' }),
  '/server-error': (_q, s) => json(s, 500, { type: 500, message: '数据库不可用' }),
  '/server-error-bare': (_q, s) => {
    s.writeHead(500);
    s.end('oops');
  },
  '/bad-request': (_q, s) => json(s, 400, { type: 400, message: '手机号格式不正确', field: 'phone' }),
  '/slow': () => {},
};

function json(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      const path = req.url!.split('?')[0];
      seen.push({ url: req.url!, method: req.method!, headers: req.headers, body });
      (routes[path] ?? ((_q, s) => json(s, 404, { type: 404, message: 'nope' })))(req, res);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.closeAllConnections();
  server.close();
});

const ep = (
  path: string,
  extra: Partial<Parameters<typeof defineEndpoint>[0]> & {
    auth?: 'none' | 'token';
    timeoutMs?: number;
    method?: 'GET';
  } = {},
) => defineEndpoint({ path, request: emptyRequest, response: z.object({ n: z.number() }).optional(), ...extra });

let token: string | null;
let lang: Language;
let toasts: string[];
let unauthorized: number;
let client: HttpClient;

beforeEach(() => {
  seen.length = 0;
  token = 'tok-abc';
  lang = 'zh';
  toasts = [];
  unauthorized = 0;
  client = createHttpClient({
    baseUrl,
    getToken: () => token,
    getLanguage: () => lang,
    onUnauthorized: () => unauthorized++,
    onErrorToast: (m) => toasts.push(m),
  });
});

const failure = (p: Promise<unknown>) =>
  p.then(
    () => expect.unreachable('the call should fail'),
    (e: ApiCallError) => e,
  );

describe('http client', () => {
  it('parses the data of a 200 answer and sends bearer, language and request-id headers with a JSON body', async () => {
    expect(await client.call(ep('/ok'), { a: 1 })).toEqual({ n: 1 });
    const [req] = seen;
    expect(req.method).toBe('POST');
    expect(req.headers.authorization).toBe('Bearer tok-abc');
    expect(req.headers['accept-language']).toBe('zh');
    expect(req.headers['content-type']).toBe('application/json');
    expect(req.headers[REQUEST_ID_HEADER.toLowerCase()]).toMatch(/^[0-9a-f-]{36}$/);
    expect(JSON.parse(req.body)).toEqual({ a: 1 });
    await client.call(ep('/ok'), {});
    expect(seen[1].headers[REQUEST_ID_HEADER.toLowerCase()]).not.toBe(req.headers[REQUEST_ID_HEADER.toLowerCase()]);
  });

  it('sends the current language on every call', async () => {
    lang = 'en';
    await client.call(ep('/ok'), {});
    expect(seen[0].headers['accept-language']).toBe('en');
  });

  it('sends GET fields as a query string and no body', async () => {
    await client.call(ep('/ok', { method: 'GET' }), { q: 'a b', n: 2 } as never);
    expect(seen[0]).toMatchObject({ method: 'GET', url: '/ok?q=a+b&n=2', body: '' });
  });

  it('sends no Authorization header on a no-auth call without a token', async () => {
    token = null;
    await client.call(ep('/ok', { auth: 'none' }), {});
    expect(seen[0].headers.authorization).toBeUndefined();
  });

  it('a token-needing call without a token logs out without reaching the platform', async () => {
    token = null;
    const e = await failure(client.call(ep('/ok'), {}));
    expect(e.kind).toBe('unauthorized');
    expect(unauthorized).toBe(1);
    expect(seen).toHaveLength(0);
  });

  it('tells of every answer the platform gave, with the call options, and of none when the network failed', async () => {
    const answered: (string | undefined)[] = [];
    const watching = createHttpClient({
      baseUrl,
      getToken: () => token,
      getLanguage: () => lang,
      onUnauthorized: () => {},
      onAnswered: (o) => answered.push(o.idempotencyKey),
    });
    await watching.call(ep('/ok'), {});
    await failure(watching.call(ep('/server-error'), {}, { silent: true, idempotencyKey: 'ev-1' }));
    expect(answered).toEqual([undefined, 'ev-1']);
    const offline = createHttpClient({
      baseUrl: 'http://127.0.0.1:1',
      getToken: () => token,
      getLanguage: () => lang,
      onUnauthorized: () => {},
      onAnswered: () => answered.push('no'),
    });
    expect(await failure(offline.call(ep('/ok'), {}))).toMatchObject({ kind: 'network' });
    expect(answered).toEqual([undefined, 'ev-1']);
  });

  it('401 calls onUnauthorized and rejects without a toast', async () => {
    const e = await failure(client.call(ep('/unauthorized'), {}));
    expect(e).toMatchObject({ kind: 'unauthorized', status: 401 });
    expect(unauthorized).toBe(1);
    expect(toasts).toEqual([]);
  });

  it('500 toasts the answer message and rejects', async () => {
    const e = await failure(client.call(ep('/server-error'), {}));
    expect(e).toMatchObject({ kind: 'http', status: 500, message: '数据库不可用' });
    expect(toasts).toEqual(['数据库不可用']);
    expect(e.retryable).toBe(true);
  });

  it('a non-200 without a message toasts 未知错误 (Unknown error in English)', async () => {
    await failure(client.call(ep('/server-error-bare'), {}));
    lang = 'en';
    await failure(client.call(ep('/server-error-bare'), {}));
    expect(toasts).toEqual(['未知错误', 'Unknown error']);
  });

  it('400 (white list) rejects silently with the message and field', async () => {
    const e = await failure(client.call(ep('/bad-request'), {}));
    expect(e).toMatchObject({ kind: 'http', status: 400, message: '手机号格式不正确', field: 'phone' });
    expect(e.retryable).toBe(false);
    expect(toasts).toEqual([]);
  });

  it('login (silent endpoints) and silent calls show no toast', async () => {
    await failure(client.call(ep('/server-error', { silent: true, auth: 'none' }), {}));
    await failure(client.call(ep('/server-error'), {}, { silent: true }));
    expect(toasts).toEqual([]);
  });

  it('a 200 whose type is not 0 is a failure with its message', async () => {
    const e = await failure(client.call(ep('/type-1'), {}));
    expect(e).toMatchObject({ kind: 'http', message: '账号已关闭' });
    expect(toasts).toEqual(['账号已关闭']);
  });

  it('an answer that breaks the contract is a contract error', async () => {
    expect((await failure(client.call(ep('/bad-shape'), {}))).kind).toBe('contract');
  });

  it.each([
    ['its headers came', (res: Response, leave: () => void) => (leave(), res)],
    [
      'its body was read',
      (res: Response, leave: () => void) =>
        Object.assign(res, { json: () => Response.prototype.json.call(res).then((v: unknown) => (leave(), v)) }),
    ],
  ])('a call abandoned once %s is not checked, and toasts nothing', async (_, when) => {
    let checked = 0;
    const counted = ep('/bad-shape', { response: z.object({ n: z.string() }).refine(() => ++checked > 0) });
    const ctl = new AbortController();
    const leaving = createHttpClient({
      baseUrl,
      getToken: () => token,
      getLanguage: () => lang,
      onUnauthorized: () => unauthorized++,
      onErrorToast: (m) => toasts.push(m),
      // the screen goes at that moment
      fetchImpl: async (...a) => when(await fetch(...a), () => ctl.abort()),
    });
    const e = await failure(leaving.call(counted, {}, { signal: ctl.signal }));
    expect(e).toMatchObject({ kind: 'network', message: 'aborted' });
    expect(checked).toBe(0);
    expect(toasts).toEqual([]);
    // the same answer, not abandoned, is checked
    expect(await client.call(counted, {})).toEqual({ n: 'one' });
    expect(checked).toBe(1);
  });

  it('times out after the endpoint timeout', async () => {
    const e = await failure(client.call(ep('/slow', { timeoutMs: 150 }), {}));
    expect(e.kind).toBe('timeout');
    expect(e.message).toBe(
      lang === 'en' ? 'The platform did not answer in time; please try again' : '平台响应超时，请稍后重试',
    );
    expect(e.retryable).toBe(true);
  });

  it('an unreachable platform is a network error', async () => {
    const dead = createServer();
    await new Promise<void>((r) => dead.listen(0, '127.0.0.1', r));
    const port = (dead.address() as AddressInfo).port;
    await new Promise((r) => dead.close(r));
    const offline = createHttpClient({
      baseUrl: `http://127.0.0.1:${port}`,
      getToken: () => 't',
      getLanguage: () => 'zh',
      onUnauthorized: () => {},
    });
    const e = await failure(offline.call(ep('/ok'), {}));
    expect(e.kind).toBe('network');
    // in the console's language, not the browser's "Failed to fetch"
    expect(e.message).toBe('无法连接平台，请检查网络后重试');
  });

  it('sends the Idempotency-Key when given', async () => {
    await client.call(ep('/ok'), {}, { idempotencyKey: 'k-1' });
    expect(seen[0].headers['idempotency-key']).toBe('k-1');
  });
});
