import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { MessageChannel, type MessagePort } from 'node:worker_threads';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineEndpoint } from '../../contract/endpoint';
import { ApiCallError, createHttpClient } from './http-client';
import {
  createOffThreadFetch,
  serveFetches,
  type FetchAnswer,
  type FetchAsk,
  type FetchWorker,
} from './off-thread-fetch';

// The off-thread fetch against a real local HTTP server, its worker side served over a real MessageChannel (the
// structured clone a Worker's messages go through), under the one HTTP client.
let server: Server;
let baseUrl: string;
const seen: { path: string; headers: IncomingMessage['headers']; body: string }[] = [];
const closedEarly: string[] = [];

function json(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}
const routes: Record<string, (res: ServerResponse) => void> = {
  '/ok': (s) => json(s, 200, { type: 0, message: '', data: { n: 7, names: ['短信', 'sms'] } }),
  '/unauthorized': (s) => json(s, 401, { type: 401, message: '登录已失效，请重新登录' }),
  '/bare-500': (s) => {
    s.writeHead(500);
    s.end('oops');
  },
  '/slow': () => {},
};

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      seen.push({ path: req.url!, headers: req.headers, body });
      routes[req.url!]?.(res);
    });
    res.on('close', () => !res.writableEnded && closedEarly.push(req.url!));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.closeAllConnections();
  server.close();
});

const ports: MessagePort[] = [];
afterEach(() => ports.splice(0).forEach((p) => p.close()));

/** A worker made of a MessageChannel: its far end serves the asks as fetch.worker.ts does. */
function channelWorker(spawned: FetchWorker[]): FetchWorker {
  const { port1, port2 } = new MessageChannel();
  ports.push(port1, port2);
  const serve = serveFetches(fetch, (a: FetchAnswer) => port2.postMessage(a));
  port2.on('message', (ask: FetchAsk) => serve(ask));
  const w: FetchWorker = {
    postMessage: (ask) => port1.postMessage(ask),
    onmessage: null,
    onerror: null,
    terminate: () => port1.close(),
  };
  port1.on('message', (data: FetchAnswer) => w.onmessage?.({ data } as MessageEvent<FetchAnswer>));
  spawned.push(w);
  return w;
}

const ep = (path: string, timeoutMs?: number) =>
  defineEndpoint({
    path,
    method: 'POST',
    request: z.object({ q: z.string() }),
    response: z.object({ n: z.number(), names: z.array(z.string()) }).optional(),
    ...(timeoutMs ? { timeoutMs } : {}),
  });

function clientOver(off: ReturnType<typeof createOffThreadFetch>, onUnauthorized = () => {}) {
  return createHttpClient({
    baseUrl,
    getToken: () => 'tok-1',
    getLanguage: () => 'en',
    onUnauthorized,
    fetchImpl: off.fetch,
  });
}

describe('off-thread fetch', () => {
  it('answers a call parsed, with the headers and the body the client sent', async () => {
    const spawned: FetchWorker[] = [];
    const api = clientOver(createOffThreadFetch(() => channelWorker(spawned)));
    await expect(api.call(ep('/ok'), { q: '验证码' })).resolves.toEqual({ n: 7, names: ['短信', 'sms'] });
    const req = seen.at(-1)!;
    expect(req.path).toBe('/ok');
    expect(req.headers.authorization).toBe('Bearer tok-1');
    expect(req.headers['content-type']).toBe('application/json');
    expect(JSON.parse(req.body)).toEqual({ q: '验证码' });
    // one worker serves every call
    await api.call(ep('/ok'), { q: 'again' });
    expect(spawned).toHaveLength(1);
  });

  it('keeps the client failure handling: a 401 logs out, a 500 that is not JSON is an unknown error', async () => {
    let unauthorized = 0;
    const api = clientOver(
      createOffThreadFetch(() => channelWorker([])),
      () => unauthorized++,
    );
    await expect(api.call(ep('/unauthorized'), { q: '' })).rejects.toMatchObject({
      kind: 'unauthorized',
      status: 401,
      message: '登录已失效，请重新登录',
    });
    expect(unauthorized).toBe(1);
    await expect(api.call(ep('/bare-500'), { q: '' })).rejects.toMatchObject({
      kind: 'http',
      status: 500,
      message: 'Unknown error',
    });
  });

  it('a call that times out is aborted in the worker too', async () => {
    const api = clientOver(createOffThreadFetch(() => channelWorker([])));
    const err = await api.call(ep('/slow', 150), { q: '' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiCallError);
    expect((err as ApiCallError).kind).toBe('timeout');
    await expect.poll(() => closedEarly.includes('/slow')).toBe(true);
  });

  it('a worker that fails fails its calls as network errors, and the next call starts another', async () => {
    const spawned: FetchWorker[] = [];
    const off = createOffThreadFetch(() => channelWorker(spawned));
    expect(off.warmed()).toBe(false);
    off.warm();
    expect(off.warmed()).toBe(true);
    const api = clientOver(off);
    const inFlight = api.call(ep('/slow', 60_000), { q: '' }).catch((e: unknown) => e);
    expect(spawned).toHaveLength(1);
    spawned[0].onerror?.(new Event('error') as ErrorEvent);
    const err = (await inFlight) as ApiCallError;
    expect(err.kind).toBe('network');
    // (the page's calls go on the main thread until another is started)
    expect(off.warmed()).toBe(false);
    await expect(api.call(ep('/ok'), { q: '' })).resolves.toMatchObject({ n: 7 });
    expect(spawned).toHaveLength(2);
  });

  it('a request the worker cannot make (nothing listens) fails as a network error, and the worker serves the next one', async () => {
    const closed = createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const deadUrl = `http://127.0.0.1:${(closed.address() as AddressInfo).port}`;
    await new Promise<void>((r) => closed.close(() => r()));
    const spawned: FetchWorker[] = [];
    const off = createOffThreadFetch(() => channelWorker(spawned));
    const dead = createHttpClient({
      baseUrl: deadUrl,
      getToken: () => 'tok-1',
      getLanguage: () => 'en',
      onUnauthorized: () => {},
      fetchImpl: off.fetch,
    });
    const err = await dead.call(ep('/ok'), { q: '' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiCallError);
    expect((err as ApiCallError).kind).toBe('network');
    await expect(clientOver(off).call(ep('/ok'), { q: '' })).resolves.toMatchObject({ n: 7 });
    expect(spawned).toHaveLength(1);
  });

  it('refuses a body that is not a string, and an already aborted call, without asking the worker', async () => {
    const spawned: FetchWorker[] = [];
    const off = createOffThreadFetch(() => channelWorker(spawned));
    await expect(off.fetch(`${baseUrl}/ok`, { method: 'POST', body: new Blob(['x']) })).rejects.toThrow(TypeError);
    const aborted = AbortSignal.abort();
    await expect(off.fetch(`${baseUrl}/ok`, { signal: aborted })).rejects.toBe(aborted.reason);
    expect(spawned).toHaveLength(0);
  });
});
