import { AsyncResource } from 'node:async_hooks';
import { mkdirSync } from 'node:fs';
import { parse, PGlite, protocol, types } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { ambientTransactions, isPrepared, type Db, type Queryable, type Row } from './db';

const parsers = { [types.INT8]: (v: string) => Number(v), [types.NUMERIC]: (v: string) => Number(v) };
// pg_trgm backs the content search indexes (migration 050).
const extensions = { pg_trgm };

/** A PGlite database that can also be written out whole, so a copy can start from it (`loadDataDir`). */
export interface PgliteDb extends Db {
  dump: () => Promise<Blob>;
}

export interface PgliteOptions {
  /** a dump to start from (`dump`) */
  loadDataDir?: Blob;
  /** the buffer pool's size, as PostgreSQL writes it ('16MB'); PGlite's own default (128MB) when not given. Its
   * shared memory is set up at every start: about a quarter of a start from a small dump. */
  sharedBuffers?: string;
}

/** Opens PGlite in `dataDir` (in memory when null), starting from the dump `loadDataDir` when one is given. */
export async function openPglite(dataDir: string | null, opts: PgliteOptions = {}): Promise<PgliteDb> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const options = {
    parsers,
    extensions,
    ...(opts.loadDataDir ? { loadDataDir: opts.loadDataDir } : {}),
    ...(opts.sharedBuffers ? { postgresqlconf: `shared_buffers = '${opts.sharedBuffers}'` } : {}),
  };
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
  const named = namedStatements(pg);
  // a statement outside a transaction waits for any open one, as PGlite's own query does; one inside runs in it
  const alone = async <T>(run: () => Promise<T>) => {
    const out = await pg._runExclusiveTransaction(() => pg._runExclusiveQuery(run));
    await pg.syncToFs();
    return out;
  };
  const inTx = <T>(run: () => Promise<T>) => pg._runExclusiveQuery(run);
  const wrap = (q: Target, exclusive: <T>(run: () => Promise<T>) => Promise<T>): Queryable => ({
    inProcess: true,
    async query<T = Row>(sql: string, params?: unknown[]) {
      if (isPrepared(sql)) return (await counted(() => exclusive(() => named(sql, params ?? [])))) as T[];
      return (await counted(() => q.query(sql, params as unknown[]))).rows as T[];
    },
    async exec(sql: string) {
      await counted(() => q.exec(sql));
    },
  });
  return {
    kind: 'pglite',
    ...ambientTransactions(wrap(pg, alone), (fn) => pg.transaction((t) => fn(wrap(t, inTx)))),
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

/** Runs `prepared` statements as named ones: parsed and described once, then each run only binds and executes, and
 * after a few runs PostgreSQL keeps the statement's plan when it costs no more than planning it each time. PGlite's
 * own query parses, describes and plans every statement on every run: for the hot statements of a send that is most
 * of what a small one costs. The caller holds PGlite's query lock. */
function namedStatements(pg: PGlite) {
  const { serialize } = protocol;
  const statements = new Map<string, { name: string; types: number[] }>();
  // names are never reused: a statement parsed but not described (an error between the two) keeps its name
  let named = 0;
  const stream = (m: Uint8Array) => pg.execProtocolStream(m, { syncToFs: false });
  return async (sql: string, params: unknown[]): Promise<unknown[]> => {
    let st = statements.get(sql);
    if (!st) {
      const name = `s${++named}`;
      try {
        await stream(serialize.parse({ name, text: sql }));
        st = {
          name,
          types: parse.parseDescribeStatementResults(await stream(serialize.describe({ type: 'S', name }))),
        };
      } finally {
        await stream(serialize.sync());
      }
      statements.set(sql, st);
    }
    const types = st.types;
    const values = params.map((v, i) => {
      if (v === null || v === undefined) return null;
      const serializer = pg.serializers[types[i]];
      return serializer ? serializer(v) : String(v);
    });
    // one buffer, one pass of the backend's loop: each call into PGlite costs as much as a small statement's bind
    // or execute. A failing bind or execute makes the backend skip to the sync, which the same buffer carries, so
    // the error is thrown with the connection ready for the next statement.
    const messages = await stream(
      Buffer.concat([
        serialize.bind({ statement: st.name, values }),
        serialize.describe({ type: 'P' }),
        serialize.execute({}),
        serialize.sync(),
      ]),
    );
    return parse.parseResults(messages, pg.parsers)[0]?.rows ?? [];
  };
}
