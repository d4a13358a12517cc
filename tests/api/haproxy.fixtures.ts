import { createServer, type Server } from 'node:http';

// The HAProxy test's surroundings: the configuration HAProxy runs with, and the integrator's own systems that
// Kannel's receipts and the report callbacks reach.

/** HAProxy in front of the instances, as deploy/haproxy.cfg: HTTP balanced over both, SMPP in TCP mode to the first
 * that is up, each server checked on its /ready. */
export function haproxyConfig(
  front: { http: number; smpp: number },
  instances: Array<{ http: number; smpp: number }>,
): string {
  const servers = (backend: 'http' | 'smpp') =>
    instances.map(
      (i, k) =>
        `    server sms${k + 1} 127.0.0.1:${backend === 'http' ? i.http : i.smpp} check${backend === 'smpp' ? ` port ${i.http}` : ''}`,
    );
  return [
    'defaults',
    '    timeout connect 2s',
    '    timeout client 60s',
    '    timeout server 60s',
    '    retries 2',
    '    option redispatch',
    'frontend web',
    '    mode http',
    `    bind 127.0.0.1:${front.http}`,
    '    default_backend platform_http',
    'backend platform_http',
    '    mode http',
    '    balance roundrobin',
    '    option httpchk GET /ready',
    '    http-check expect status 200',
    '    default-server inter 500ms fall 2 rise 2 on-marked-down shutdown-sessions',
    ...servers('http'),
    'frontend smpp',
    '    mode tcp',
    `    bind 127.0.0.1:${front.smpp}`,
    '    default_backend platform_smpp',
    'backend platform_smpp',
    '    mode tcp',
    // Kannel's one connection goes to the first server that is up, so the test knows which one to stop
    '    balance first',
    '    option httpchk GET /ready',
    '    http-check expect status 200',
    '    default-server inter 500ms fall 2 rise 2 on-marked-down shutdown-sessions',
    ...servers('smpp'),
    '',
  ].join('\n');
}

/** What reached the integrator: Kannel's receipt types per number, report callbacks per mobile and their delivery ids. */
export interface SinkRecord {
  dlrs: Map<string, number[]>;
  callbacks: Map<string, number>;
  /** mobile -> the X-Sms-Delivery-Id of each callback that reported it */
  deliveryIds: Map<string, Set<string>>;
}

/** Listens on `port` for Kannel's dlr-url (`/dlr`) and the report callbacks (`/report`), recording them in `record`. */
export async function startSink(port: number, { dlrs, callbacks, deliveryIds }: SinkRecord): Promise<Server> {
  const sink = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://x');
      if (url.pathname === '/dlr') {
        const to = url.searchParams.get('to') ?? '';
        dlrs.set(to, [...(dlrs.get(to) ?? []), Number(url.searchParams.get('type'))]);
      } else if (url.pathname === '/report') {
        const b = JSON.parse(body) as { mobile: string };
        callbacks.set(b.mobile, (callbacks.get(b.mobile) ?? 0) + 1);
        deliveryIds.set(
          b.mobile,
          new Set([...(deliveryIds.get(b.mobile) ?? []), String(req.headers['x-sms-delivery-id'] ?? '')]),
        );
      }
      res.end('ok');
    });
  });
  await new Promise<void>((r) => sink.listen(port, '127.0.0.1', r));
  return sink;
}
