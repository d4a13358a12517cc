import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inject } from 'vitest';
import { SERVICE_BASE_PATH } from '../../contract/constants';
import type { Config } from '../../platform/core/config';
import { openPglite } from '../../platform/db/pglite-db';
import { openPostgres } from '../../platform/db/postgres-db';
import { seedDemoTenant } from '../../platform/seed/demo-tenant';
import { buildPlatform, type Platform } from '../../platform/server';
import type { DbKind } from './platform';
import { createDatabase } from './postgres';

// A platform over storage that outlives it (a PGlite directory, a PostgreSQL database), so a test can stop it and
// start another on what it left: a restart.

/** Where a durable platform keeps its data, and how to remove it afterwards. */
export async function durableStorage(kind: DbKind, name: string): Promise<{ where: string; remove: () => void }> {
  if (kind === 'postgres')
    return {
      where: await createDatabase(inject('pgUrl')!, `${name}${process.pid}_${Date.now()}`),
      remove: () => undefined,
    };
  const where = mkdtempSync(join(tmpdir(), `${name}-pglite-`));
  return { where, remove: () => rmSync(where, { recursive: true, force: true }) };
}

export async function durablePlatform(
  kind: DbKind,
  where: string,
  config: Config,
): Promise<Platform & { base: string }> {
  const db = kind === 'postgres' ? await openPostgres(where) : await openPglite(where);
  const platform = await buildPlatform(kind === 'postgres' ? { ...config, databaseUrl: where } : config, { db });
  await seedDemoTenant(platform.ctx);
  await platform.app.listen({ port: 0, host: '127.0.0.1' });
  const addr = platform.app.server.address();
  return {
    ...platform,
    base: `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}${SERVICE_BASE_PATH}`,
  };
}
