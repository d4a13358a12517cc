import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { signCallback } from '../../platform/accounts/callbacks';

// A real HTTP receiver for the platform's callbacks on 127.0.0.1 (allowed by callbackAllowPrivate): it refuses the
// first posts it is told to with 500, keeps every other one and answers it 200.

export interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** `refuseFirst` posts (to `refusedPath` only, when given) are answered 500; every other is kept and answered 200. */
export async function callbackReceiver(opts: { refuseFirst?: number; refusedPath?: string } = {}) {
  const accepted: Received[] = [];
  let requests = 0;
  let refused = 0;
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      requests += 1;
      const path = req.url ?? '';
      if ((opts.refusedPath === undefined || path === opts.refusedPath) && refused < (opts.refuseFirst ?? 0)) {
        refused += 1;
        res.writeHead(500).end('not yet');
        return;
      }
      accepted.push({ path, headers: req.headers, body });
      res.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const addr = server.address();
  const port = typeof addr === 'object' && addr ? addr.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    accepted,
    requests: () => requests,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

/** Whether a kept post carries the signature of `secret` over its timestamp and body. */
export const signedWith = (secret: string, r: Received) =>
  r.headers['x-sms-signature'] === signCallback(secret, String(r.headers['x-sms-timestamp']), r.body);
