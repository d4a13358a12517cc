import { AsyncLocalStorage } from 'node:async_hooks';
// One query layer over PGlite (embedded default) and PostgreSQL (DATABASE_URL): same SQL, same migrations.
export type Row = Record<string, unknown>;

export interface Queryable {
  query<T = Row>(sql: string, params?: unknown[]): Promise<T[]>;
  /** Several statements, no parameters (migrations, set-based seeding). */
  exec(sql: string): Promise<void>;
  /** true on PGlite's handles: the database runs in this process, so a statement costs no round trip. */
  readonly inProcess?: boolean;
}

export interface Db extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Runs fn in one transaction; rolled back when it throws. */
  tx<T>(fn: (q: Queryable) => Promise<T>): Promise<T>;
  /** As tx, for a function that runs every statement on the handle it is given and calls nothing that reaches the
   * transaction through `db`: the message paths (see ambientTransactions). */
  explicitTx<T>(fn: (q: Queryable) => Promise<T>): Promise<T>;
  /** LISTEN on a channel; with PostgreSQL, notices from every instance arrive. */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
  /** PGlite only (one connection shared by every request): queries under way and when the last one ended
   * (performance.now()), so heavy work can wait for a quiet moment (fair-share.ts). */
  activity?: () => { inFlight: number; lastEnd: number };
  /** PostgreSQL only: the pool's connections and the clients waiting for one (read by the metrics at a scrape). */
  pool?: () => { total: number; idle: number; waiting: number };
}

const keptTexts = new Set<string>();

/** Tags a statement run many times a second (prepared`select ...`): on PostgreSQL each connection parses it once and
 * keeps it as a named statement, and after a few runs may keep its plan too when that plan costs no more than planning
 * each run; PGlite runs it as any other. Its text must come from a fixed set, as each one is kept on every connection. */
export function prepared(strings: TemplateStringsArray, ...parts: string[]): string {
  const text = strings.reduce((s, piece, i) => s + parts[i - 1] + piece);
  keptTexts.add(text);
  return text;
}

/** Whether `sql` was tagged `prepared`. */
export const isPrepared = (sql: string) => keptTexts.has(sql);

/** What an open transaction does last, by the handle its function was given. */
const lastWork = new WeakMap<Queryable, Array<(q: Queryable) => Promise<void>>>();

/** Leaves `work` to the end of `q`'s transaction, just before its commit, and answers true; answers false when `q` is
 * no open transaction's handle, and the caller does the work itself. A write to rows that every transaction touches
 * (the statistics) goes there, so its row locks are held from that write to the commit rather than through the rest of
 * the transaction, and concurrent transactions do their other work side by side. */
export function atTransactionEnd(q: Queryable, work: (q: Queryable) => Promise<void>): boolean {
  const last = lastWork.get(q);
  if (!last) return false;
  last.push(work);
  return true;
}

/**
 * Makes `query`, `exec` and `tx` follow the transaction the caller is in (AsyncLocalStorage): inside `tx(fn)`, plain
 * `db.query` joins that transaction, and a nested `tx` becomes a savepoint. That is what lets route() run a whole
 * idempotent command, its effects and its stored answer, as one transaction (platform/http/route.ts), so a crash
 * can never leave an effect without its answer or an answer without its effect.
 *
 * Following costs every promise of the process something while a store is on (Node tracks each promise's context),
 * about a sixth of the platform's CPU on the message paths. So the store is on only while an ambient transaction is
 * open, and the message paths open theirs with `explicitTx`: their functions run every statement on the handle they
 * are given.
 * With `checkHandles` (the tests), those transactions are tracked as well, and a statement that reaches one through
 * `db` instead of its handle throws, so a path that would leave its transaction is found.
 */
export function ambientTransactions(
  root: Queryable,
  begin: <T>(fn: (q: Queryable) => Promise<T>) => Promise<T>,
  checkHandles = process.env.DB_CHECK_HANDLES === 'on',
): Pick<Db, 'query' | 'exec' | 'tx' | 'explicitTx'> {
  const store = new AsyncLocalStorage<{ q: Queryable; open: boolean; ambient: boolean }>();
  let savepoints = 0;
  let tracked = 0;
  // a frame stays in async contexts that outlive it (work a handler left running): past its commit it is not used
  const current = () => {
    const f = store.getStore();
    if (!f?.open) return null;
    if (!f.ambient)
      throw new Error('a statement reached a transaction opened with explicitTx through db, not its handle');
    return f.q;
  };
  const runLast = async <T>(
    q: Queryable,
    fn: (q: Queryable) => Promise<T>,
    last: Array<(q: Queryable) => Promise<void>>,
  ) => {
    const out = await fn(q);
    // work added while this runs is run as well
    for (let i = 0; i < last.length; i++) await last[i](q);
    return out;
  };
  const savepoint = async <T>(outer: Queryable, fn: (q: Queryable) => Promise<T>) => {
    const sp = `sp_${++savepoints}`;
    await outer.exec(`savepoint ${sp}`);
    try {
      const out = await fn(outer);
      await outer.exec(`release savepoint ${sp}`);
      return out;
    } catch (e) {
      await outer.exec(`rollback to savepoint ${sp}`).catch(() => undefined);
      throw e;
    }
  };
  const open = <T>(fn: (q: Queryable) => Promise<T>, ambient: boolean) => {
    const track = ambient || checkHandles;
    return begin(async (q) => {
      const frame = { q, open: true, ambient };
      const last: Array<(q: Queryable) => Promise<void>> = [];
      lastWork.set(q, last);
      if (track) tracked += 1;
      try {
        return track ? await store.run(frame, () => runLast(q, fn, last)) : await runLast(q, fn, last);
      } finally {
        frame.open = false;
        lastWork.delete(q);
        // the last tracked transaction closed: promises stop paying for the store until the next one opens
        if (track && --tracked === 0) store.disable();
      }
    });
  };
  // a refused handle (the check) answers as a failed statement does, a rejected promise, never a throw
  const onCurrent = <R>(use: (q: Queryable) => Promise<R>): Promise<R> => {
    let q: Queryable;
    try {
      q = current() ?? root;
    } catch (e) {
      return Promise.reject(e);
    }
    return use(q);
  };
  // either kind inside an ambient transaction (a console command's route) is a savepoint of that one
  const opener =
    (ambient: boolean): Db['tx'] =>
    async (fn) => {
      const outer = current();
      return outer ? savepoint(outer, fn) : open(fn, ambient);
    };
  return {
    query: (sql, params) => onCurrent((q) => q.query(sql, params)),
    exec: (sql) => onCurrent((q) => q.exec(sql)),
    tx: opener(true),
    explicitTx: opener(false),
  };
}
