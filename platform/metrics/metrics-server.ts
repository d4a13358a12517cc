import { createServer, type Server } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { Metrics } from './metrics';

// The operations port (METRICS_PORT): /metrics for Prometheus, and /health and /ready for supervisors and load
// balancers that probe beside the public port. It is a listener of its own, so the series are never reachable from
// the public port, which a firewall can open to the world while this one stays inside.

export interface MetricsServer {
  port: number;
  close: () => Promise<void>;
}

/** Listens on `port` (0: any free one) at `host`. /health and /ready are answered by the public app's own routes
 * (through inject), so both ports say the same thing, draining included. */
export async function startMetricsServer(
  app: FastifyInstance,
  metrics: Metrics,
  port: number,
  host: string,
): Promise<MetricsServer> {
  const server: Server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    const fail = (err: unknown) => {
      res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' });
      res.end(`metrics not collected: ${(err as Error).message}\n`);
    };
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { Allow: 'GET, HEAD' }).end();
      return;
    }
    if (path === '/metrics') {
      metrics.registry.metrics().then((text) => {
        res.writeHead(200, { 'Content-Type': metrics.registry.contentType, 'Cache-Control': 'no-store' });
        res.end(req.method === 'HEAD' ? undefined : text);
      }, fail);
      return;
    }
    if (path === '/health' || path === '/ready') {
      app.inject({ method: 'GET', url: path }).then((r) => {
        res.writeHead(r.statusCode, {
          'Content-Type': r.headers['content-type'] ?? 'application/json',
          'Cache-Control': 'no-store',
        });
        res.end(req.method === 'HEAD' ? undefined : r.body);
      }, fail);
      return;
    }
    res
      .writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' })
      .end('not found: /metrics, /health and /ready are served here\n');
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const addr = server.address();
  return {
    port: typeof addr === 'object' && addr ? addr.port : port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
