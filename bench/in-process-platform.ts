import { SERVICE_BASE_PATH } from '../contract/constants';
import { issueToken } from '../platform/auth/tokens';
import type { Config } from '../platform/core/config';
import type { Db } from '../platform/db/db';
import { openPglite } from '../platform/db/pglite-db';
import { seedDemoTenant } from '../platform/seed/demo-tenant';
import { buildPlatform, type Platform } from '../platform/server';
import { testConfig } from '../tests/helpers/platform';

// The platform as the platform benches run it: in this process, loopback on a free port, the demo tenant seeded, no
// console, captcha, seed records, data directory or SMPP unless asked; PGlite in memory unless given a database.

export interface BenchPlatform {
  platform: Platform;
  db: Db;
  /** starts listening (after any routes the bench adds); answers the origin, http://127.0.0.1:port. */
  listen(): Promise<string>;
}

/** BENCH_METRICS=on: the metrics port open and scraped every second, as a Prometheus with a short interval would
 * (its default is 15 s); otherwise METRICS_PORT=0, which counts nothing. bench/metrics-cost.bench.ts runs both. */
const METRICS_ON = process.env.BENCH_METRICS === 'on';
const SCRAPE_EVERY_MS = 1000;

export async function benchPlatform(overrides: Partial<Config> = {}, db?: Db): Promise<BenchPlatform> {
  const config = testConfig({ dataDir: null, ...(METRICS_ON ? { metricsPort: 'auto' as const } : {}), ...overrides });
  const platform = await buildPlatform(config, { db: db ?? (await openPglite(null)) });
  await seedDemoTenant(platform.ctx);
  if (METRICS_ON) {
    const stopScraping = scrapeEverySecond(platform);
    const close = platform.close;
    platform.close = async () => {
      stopScraping();
      await close();
    };
  }
  return {
    platform,
    db: platform.ctx.db,
    async listen() {
      await platform.app.listen({ port: 0, host: '127.0.0.1' });
      const addr = platform.app.server.address();
      return `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
    },
  };
}

/** Reads /metrics every second until stopped; a scrape that fails ends the bench, as its figures would otherwise not
 * include what they claim to. */
function scrapeEverySecond(platform: Platform): () => void {
  const url = `http://127.0.0.1:${platform.metricsPort()}/metrics`;
  let stopped = false;
  const timer = setInterval(() => {
    fetch(url)
      .then(async (r) => {
        if (!r.ok) throw new Error(`metrics scrape answered ${r.status}`);
        await r.text();
      })
      .catch((err) => {
        if (stopped) return;
        console.error(err);
        process.exit(1);
      });
  }, SCRAPE_EVERY_MS);
  return () => {
    stopped = true;
    clearInterval(timer);
  };
}

/** The demo admin's session on a listening bench platform: its token, and a JSON call that answers the envelope's data. */
export async function adminCaller(b: BenchPlatform, origin: string) {
  const [admin] = await b.db.query<{ id: number }>("select id from users where username = 'admin'");
  const { token } = await issueToken(b.db, admin.id, new Date());
  const base = `${origin}${SERVICE_BASE_PATH}`;
  const post = async (path: string, body: unknown) => {
    const res = await fetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
    });
    return ((await res.json()) as { data: Record<string, unknown> }).data;
  };
  return { token, base, post };
}
