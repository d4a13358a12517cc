import { createServer, request, type Server } from 'node:http';

// A loopback HTTP proxy that misbehaves the way networks and gateways do, for the outbox fault test. Each request is
// dealt one fate by a seeded generator, so a run is repeatable:
// - drop: the connection is cut before anything is forwarded;
// - fail: a gateway 500 without forwarding;
// - lose: forwarded and applied, then the connection is cut before the answer (the answer is lost);
// - fail-after: forwarded and applied, then answered 500;
// - late: forwarded, then the answer is held past the client's timeout (capped in number, they are slow);
// - pass: forwarded as it is.
export type Fate = 'drop' | 'fail' | 'lose' | 'fail-after' | 'late' | 'pass';

export interface FaultProxy {
  port: number;
  fates: Record<Fate, number>;
  close: () => Promise<void>;
}

/** mulberry32: a small seeded generator. */
function seeded(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export async function startFaultProxy(o: {
  upstreamPort: () => number;
  seed: number;
  lateMs: number;
  maxLate: number;
}): Promise<FaultProxy> {
  const random = seeded(o.seed);
  const fates: Record<Fate, number> = { drop: 0, fail: 0, lose: 0, 'fail-after': 0, late: 0, pass: 0 };
  const pick = (): Fate => {
    const r = random();
    if (r < 0.05) return 'drop';
    if (r < 0.1) return 'fail';
    if (r < 0.15) return 'lose';
    if (r < 0.2) return 'fail-after';
    if (r < 0.22 && fates.late < o.maxLate) return 'late';
    return 'pass';
  };
  const server: Server = createServer((req, res) => {
    const fate = pick();
    fates[fate]++;
    if (fate === 'drop') return void req.socket.destroy();
    if (fate === 'fail')
      return void res.writeHead(500, { 'Content-Type': 'application/json' }).end('{"type":500,"message":"gateway"}');
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const up = request(
        { host: '127.0.0.1', port: o.upstreamPort(), path: req.url, method: req.method, headers: req.headers },
        (upRes) => {
          const body: Buffer[] = [];
          upRes.on('data', (c: Buffer) => body.push(c));
          upRes.on('end', () => {
            if (fate === 'lose') return void req.socket.destroy();
            if (fate === 'fail-after') return void res.writeHead(500).end('{"type":500,"message":"gateway"}');
            const answer = () => {
              if (res.destroyed || req.socket.destroyed) return;
              res.writeHead(upRes.statusCode ?? 502, upRes.headers).end(Buffer.concat(body));
            };
            if (fate === 'late') setTimeout(answer, o.lateMs);
            else answer();
          });
          upRes.on('error', () => req.socket.destroy());
        },
      );
      // the platform is down (restarting): the client sees a cut connection
      up.on('error', () => req.socket.destroy());
      up.end(Buffer.concat(chunks));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const addr = server.address();
  return {
    port: typeof addr === 'object' && addr ? addr.port : 0,
    fates,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}
