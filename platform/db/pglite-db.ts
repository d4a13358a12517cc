import { AsyncResource } from 'node:async_hooks';
import { mkdirSync } from 'node:fs';
import { PGlite, types } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { ambientTransactions, type Db, type Queryable, type Row } from './db';

const parsers = { [types.INT8]: (v: string) => Number(v), [types.NUMERIC]: (v: string) => Number(v) };
// pg_trgm backs the content search indexes (migration 050).
const extensions = { pg_trgm };

/** A PGlite database that can also be written out whole, so a copy can start from it (`loadDataDir`). */
export interface PgliteDb extends Db {
  dump: () => Promise<Blob>;
}

/** Opens PGlite in `dataDir` (in memory when null), starting from the dump `loadDataDir` when one is given. */
export async function openPglite(dataDir: string | null, opts: { loadDataDir?: Blob } = {}): Promise<PgliteDb> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const options = { parsers, extensions, ...(opts.loadDataDir ? { loadDataDir: opts.loadDataDir } : {}) };
  const pg = dataDir ? await PGlite.create(dataDir, options) : await PGlite.create(options);
  type Target = {
    query: (s: string, p?: unknown[]) => Promise<{ rows: unknown[] }>;
    exec: (s: string) => Promise<unknown>;
  };
  const load = { inFlight: 0, lastEnd: 0 };
  const counted = async <T>(run: () => Promise<T>): Promise<T> => {
    load.inFlight++;
    try {
      return await run();
    } finally {
      load.inFlight--;
      load.lastEnd = performance.now();
    }
  };
  const wrap = (q: Target): Queryable => ({
    async query<T = Row>(sql: string, params?: unknown[]) {
      return (await counted(() => q.query(sql, params as unknown[]))).rows as T[];
    },
    async exec(sql: string) {
      await counted(() => q.exec(sql));
    },
  });
  return {
    kind: 'pglite',
    ...ambientTransactions(wrap(pg), (fn) => pg.transaction((t) => fn(wrap(t)))),
    async listen(channel, onPayload) {
      // PGlite calls listeners from inside the query that notified, so a callback would run in that request's ambient
      // transaction (db.ts) and its queries join a transaction about to end: bind it to where it was registered
      const off = await pg.listen(
        channel,
        AsyncResource.bind((payload: string) => onPayload(payload)),
      );
      return async () => off();
    },
    close: () => pg.close(),
    activity: () => load,
    dump: () => pg.dumpDataDir('none'),
  };
}
