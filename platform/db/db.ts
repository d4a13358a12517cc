import { AsyncLocalStorage } from 'node:async_hooks';
// One query layer over PGlite (embedded default) and PostgreSQL (DATABASE_URL): same SQL, same migrations.
export type Row = Record<string, unknown>;

export interface Queryable {
  query<T = Row>(sql: string, params?: unknown[]): Promise<T[]>;
  /** Several statements, no parameters (migrations, set-based seeding). */
  exec(sql: string): Promise<void>;
}

export interface Db extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Runs fn in one transaction; rolled back when it throws. */
  tx<T>(fn: (q: Queryable) => Promise<T>): Promise<T>;
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
 */
export function ambientTransactions(
  root: Queryable,
  begin: <T>(fn: (q: Queryable) => Promise<T>) => Promise<T>,
): Pick<Db, 'query' | 'exec' | 'tx'> {
  const store = new AsyncLocalStorage<{ q: Queryable; open: boolean }>();
  let savepoints = 0;
  // a frame stays in async contexts that outlive it (work a handler left running): past its commit it is not used
  const current = () => {
    const f = store.getStore();
    return f?.open ? f.q : null;
  };
  return {
    query: (sql, params) => (current() ?? root).query(sql, params),
    exec: (sql) => (current() ?? root).exec(sql),
    async tx(fn) {
      const outer = current();
      if (outer) {
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
      }
      return begin(async (q) => {
        const frame = { q, open: true };
        const last: Array<(q: Queryable) => Promise<void>> = [];
        lastWork.set(q, last);
        try {
          return await store.run(frame, async () => {
            const out = await fn(q);
            // work added while this runs is run as well
            for (let i = 0; i < last.length; i++) await last[i](q);
            return out;
          });
        } finally {
          frame.open = false;
          lastWork.delete(q);
        }
      });
    },
  };
}
