import { readFileSync, writeFileSync } from 'node:fs';
import pino from 'pino';
import type { AppContext } from '../../platform/core/context';
import type { Db } from '../../platform/db/db';
import { createMetrics } from '../../platform/metrics/metrics';
import { migrate } from '../../platform/db/migrate';
import { openPglite } from '../../platform/db/pglite-db';
import { openPostgres } from '../../platform/db/postgres-db';
import { seedDemoTenant } from '../../platform/seed/demo-tenant';
import { queueSmppReceipts, queueSmppReplies } from '../../platform/smpp/receipt-queue';
import { configFromEnv } from '../../platform/core/config';
import { createDatabase } from './postgres';

// Every test platform starts from a database that is already migrated and seeded with the demo tenant: the run
// prepares one copy of each storage up front (global-postgres.ts), and each platform starts from a copy of it. Running
// every migration and hashing the demo passwords again for each of the suite's platform starts cost seconds each on
// PGlite. A platform asked to start `fresh` (the tests of the migrations and the seed themselves) still does it all.

/** The PostgreSQL database every test database is copied from (CREATE DATABASE … TEMPLATE). */
export const SEEDED_TEMPLATE = 'seeded_template';

async function migrateAndSeed(db: Db): Promise<void> {
  await migrate(db);
  const now = () => new Date();
  const ctx: AppContext = {
    db,
    config: configFromEnv({}),
    log: pino({ level: 'warn' }),
    now,
    onClose: () => undefined,
    metrics: createMetrics(db, now),
    receipts: { ended: queueSmppReceipts, replied: queueSmppReplies },
  };
  await seedDemoTenant(ctx);
}

/** Creates the seeded PostgreSQL template in the cluster; answers its name. */
export async function preparePostgresTemplate(clusterUrl: string): Promise<string> {
  const url = await createDatabase(clusterUrl, SEEDED_TEMPLATE);
  const db = await openPostgres(url);
  try {
    await migrateAndSeed(db);
  } finally {
    await db.close();
  }
  return SEEDED_TEMPLATE;
}

/** Writes a dump of a migrated and seeded PGlite database to `file`. */
export async function preparePgliteDump(file: string): Promise<void> {
  const db = await openPglite(null);
  try {
    await migrateAndSeed(db);
    writeFileSync(file, Buffer.from(await (await db.dump()).arrayBuffer()));
  } finally {
    await db.close();
  }
}

/** A dump whose bytes PGlite asks for at every start: answered from memory, where a Blob copies its 40 MB out again
 * each time (a fifth of a platform's start). PGlite only reads them. */
class DumpBytes extends Blob {
  constructor(private readonly whole: ArrayBuffer) {
    super([whole]);
  }
  override arrayBuffer(): Promise<ArrayBuffer> {
    return Promise.resolve(this.whole);
  }
}

let dumpBlob: { file: string; blob: Blob } | null = null;
/** The prepared PGlite dump, read once per test worker. */
export function pgliteDump(file: string): Blob {
  if (dumpBlob?.file !== file) {
    const bytes = readFileSync(file);
    dumpBlob = { file, blob: new DumpBytes(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength)) };
  }
  return dumpBlob.blob;
}
