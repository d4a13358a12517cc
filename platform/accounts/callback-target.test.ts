import {
  createServer,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { LookupAddress } from 'node:dns';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postCallback, RefusedTargetError, vetTarget, type ResolveAll } from './callback-target';

// The delivery-time check on real sockets: a name is resolved once, every address it has is judged, and the
// connection goes to the judged address (the system resolver never sees the made-up names used here).

interface Seen {
  path: string;
  headers: IncomingHttpHeaders;
}

let server: Server;
let port = 0;
let connections = 0;
const seen: Seen[] = [];
beforeAll(async () => {
  server = createServer((req, res) => {
    seen.push({ path: req.url ?? '', headers: req.headers });
    req.resume();
    if (req.url === '/moved') res.writeHead(302, { Location: '/elsewhere' }).end();
    else res.writeHead(204).end();
  });
  server.on('connection', () => (connections += 1));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const addr = server.address();
  port = typeof addr === 'object' && addr ? addr.port : 0;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

/** A resolver answering fixed addresses, counting its queries. */
function resolver(...addresses: string[]): ResolveAll & { queries: string[] } {
  const queries: string[] = [];
  const f = async (host: string): Promise<LookupAddress[]> => {
    queries.push(host);
    return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
  return Object.assign(f, { queries });
}

const post = (
  url: string,
  opts: { allowPrivate: boolean; resolve?: ResolveAll; timeoutMs?: number; signal?: AbortSignal },
) =>
  postCallback(url, {
    headers: { 'Content-Type': 'application/json' },
    body: '{}',
    timeoutMs: opts.timeoutMs ?? 5000,
    ...opts,
  });

describe('callback target', () => {
  it('refuses a public-looking name that resolves to an internal address, before connecting', async () => {
    const before = seen.length;
    const toLoopback = resolver('127.0.0.1');
    await expect(
      post(`http://hooks.example.com:${port}/r`, { allowPrivate: false, resolve: toLoopback }),
    ).rejects.toBeInstanceOf(RefusedTargetError);
    expect(toLoopback.queries).toEqual(['hooks.example.com']);
    // one internal address among public ones is enough
    await expect(
      vetTarget(new URL('http://hooks.example.com/'), {
        allowPrivate: false,
        resolve: resolver('93.184.216.34', '::ffff:169.254.169.254'),
      }),
    ).rejects.toBeInstanceOf(RefusedTargetError);
    await expect(
      vetTarget(new URL('http://hooks.example.com/'), { allowPrivate: false, resolve: resolver('10.0.0.8') }),
    ).rejects.toBeInstanceOf(RefusedTargetError);
    expect(seen.length).toBe(before);
  });

  it('accepts a name whose every address is public, and answers them all', async () => {
    const r = resolver('93.184.216.34', '2606:2800:220:1:248:1893:25c8:1946');
    expect(await vetTarget(new URL('https://hooks.example.com/r'), { allowPrivate: false, resolve: r })).toEqual([
      { address: '93.184.216.34', family: 4 },
      { address: '2606:2800:220:1:248:1893:25c8:1946', family: 6 },
    ]);
  });

  it('refuses internal literals, every spelling, without asking any resolver', async () => {
    const r = resolver('93.184.216.34');
    for (const url of [
      `http://127.0.0.1:${port}/r`,
      `http://2130706433:${port}/r`,
      `http://0x7f.1:${port}/r`,
      `http://[::ffff:127.0.0.1]:${port}/r`,
      `http://localhost:${port}/r`,
    ]) {
      await expect(post(url, { allowPrivate: false, resolve: r }), url).rejects.toBeInstanceOf(RefusedTargetError);
    }
    expect(r.queries).toEqual([]);
  });

  it('connects to the address it checked: the name is resolved once and never by the system', async () => {
    const r = resolver('127.0.0.1');
    const before = seen.length;
    expect(await post(`http://receiver.test:${port}/pinned`, { allowPrivate: true, resolve: r })).toBe(204);
    expect(r.queries).toEqual(['receiver.test']);
    expect(seen.slice(before)).toMatchObject([{ path: '/pinned', headers: { host: `receiver.test:${port}` } }]);
  });

  it('keeps the connection for the next post to the same checked address, and checks the address before each post', async () => {
    const r = resolver('127.0.0.1');
    const before = { seen: seen.length, connections };
    for (let i = 0; i < 3; i++)
      expect(await post(`http://kept.test:${port}/kept`, { allowPrivate: true, resolve: r })).toBe(204);
    expect(r.queries).toEqual(['kept.test', 'kept.test', 'kept.test']);
    expect(seen.length - before.seen).toBe(3);
    expect(connections - before.connections).toBe(1);
    // the same name now leads inside: refused before any kept connection is used
    await expect(
      post(`http://kept.test:${port}/kept`, { allowPrivate: false, resolve: resolver('10.0.0.8') }),
    ).rejects.toBeInstanceOf(RefusedTargetError);
    expect(seen.length - before.seen).toBe(3);
  });

  it('answers a redirect as the status it is, without following it', async () => {
    const before = seen.length;
    expect(await post(`http://127.0.0.1:${port}/moved`, { allowPrivate: true })).toBe(302);
    expect(seen.slice(before).map((s) => s.path)).toEqual(['/moved']);
  });

  it('refuses credentials in the address whatever the configuration', async () => {
    await expect(post(`http://user:pw@127.0.0.1:${port}/r`, { allowPrivate: true })).rejects.toBeInstanceOf(
      RefusedTargetError,
    );
  });

  it('sends a post again when the receiver closes a kept connection as it is taken, and not when it closes a new one', async () => {
    // the second request on any connection finds it closed; a request on a new connection answers, unless /drop
    const closer = await serve((req, res) => {
      const socket = req.socket as typeof req.socket & { served?: number };
      socket.served = (socket.served ?? 0) + 1;
      if (socket.served > 1 || req.url === '/drop') socket.destroy();
      else res.writeHead(204).end();
    });
    try {
      expect(await post(`${closer.at}/first`, { allowPrivate: true })).toBe(204);
      expect(await post(`${closer.at}/again`, { allowPrivate: true })).toBe(204);
      expect(closer.requests()).toBe(3);
      await expect(post(`${closer.at}/drop`, { allowPrivate: true })).rejects.toMatchObject({ code: 'UND_ERR_SOCKET' });
      expect(closer.requests()).toBe(5);
    } finally {
      await closer.close();
    }
  });

  it('gives up on a receiver that takes the post and never answers, at the deadline', async () => {
    const silent = await serve((req) => req.resume());
    try {
      await expect(post(`${silent.at}/r`, { allowPrivate: true, timeoutMs: 150 })).rejects.toMatchObject({
        name: 'TimeoutError',
      });
    } finally {
      await silent.close();
    }
  });

  it('posts nothing when the caller has already given up', async () => {
    const receiver = await serve((_req, res) => res.writeHead(204).end());
    try {
      const signal = AbortSignal.abort(new Error('shutting down'));
      await expect(post(`${receiver.at}/r`, { allowPrivate: true, signal })).rejects.toThrow('shutting down');
      expect(receiver.requests()).toBe(0);
    } finally {
      await receiver.close();
    }
  });
});

/** A receiver of its own on a free port, counting the requests it took. */
async function serve(handler: (req: IncomingMessage, res: ServerResponse) => void) {
  let requests = 0;
  const s = createServer((req, res) => {
    requests += 1;
    handler(req, res);
  });
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const addr = s.address();
  return {
    at: `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`,
    requests: () => requests,
    close: () => {
      s.closeAllConnections();
      return new Promise<void>((r) => s.close(() => r()));
    },
  };
}
