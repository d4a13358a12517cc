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

export async function benchPlatform(overrides: Partial<Config> = {}, db?: Db): Promise<BenchPlatform> {
  const config = testConfig({ dataDir: null, ...overrides });
  const platform = await buildPlatform(config, { db: db ?? (await openPglite(null)) });
  await seedDemoTenant(platform.ctx);
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
