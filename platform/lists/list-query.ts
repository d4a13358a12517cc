import { EXACT_COUNT_CAP } from '../../contract/endpoints/records.endpoints';
import type { CurrentUser } from '../core/current-user';
import type { Queryable } from '../db/db';
import { giveTurn } from '../db/fair-share';

// The one translation of list filters into SQL (lists, downloads and the feed share it). A source names its table,
// the column list that yields contract documents, the account column every query is scoped on, and the
// (time, key) pair that orders it newest first; filters map request fields to predicates on columns.

export interface Source {
  /** FROM clause, e.g. `mt_records m join accounts a on a.cus_id = m.cus_id`. */
  from: string;
  /** FROM clause for counting, without joins that only add display columns (defaults to `from`). */
  countFrom?: string;
  /** select list producing the contract document's fields. */
  select: string;
  /** the account column of the scope. */
  scope: string;
  /** newest-first order: time column then unique key column (keyset-friendly). */
  time: string;
  key: string;
  /** always-on condition, e.g. product line or `deleted = false`. */
  base?: string;
}

export type Predicate =
  | { op: 'eq'; column: string }
  /** text prefix (phone numbers): uses text_pattern_ops indexes. */
  | { op: 'prefix'; column: string }
  /** substring; `contentSearch` ones only when the caller's showContentFilterWhere is 1. `texts`: the dictionary of
   * the column's texts, through which textKeysOf finds the rows of a rare term. */
  | { op: 'contains'; column: string; contentSearch?: boolean; texts?: Texts }
  /** epoch ms bounds, inclusive. */
  | { op: 'from'; column: string }
  | { op: 'to'; column: string }
  /** plain comparisons of already-converted values (e.g. gathering_time strings). */
  | { op: 'gte'; column: string }
  | { op: 'lte'; column: string };

/** A dictionary of a column's distinct texts per account: `table` (cus_id, key, content), whose key the source's
 * rows (`rows`, with their account in cus_id) hold in `rowKey`, named `key` in the source's FROM clause. */
export interface Texts {
  table: string;
  rows: string;
  rowKey: string;
  key: string;
}

export type Filters<F> = Partial<Record<keyof F & string, Predicate>>;

/** Collects conditions with numbered parameters. */
export class Where {
  readonly params: unknown[] = [];
  private readonly parts: string[] = [];
  /** the scope condition (`column = any($n)`), which a keyset export answers per account (rowsOf). */
  scope?: { part: number; column: string; param: string };
  bind(value: unknown): string {
    this.params.push(value);
    return `$${this.params.length}`;
  }
  add(condition: string): this {
    this.parts.push(condition);
    return this;
  }
  get sql(): string {
    return this.parts.length ? this.parts.join(' and ') : 'true';
  }
  /** The conditions with the scope condition replaced by `scopeCondition`. */
  sqlWithScope(scopeCondition: string): string {
    return this.parts.map((p, i) => (i === this.scope?.part ? scopeCondition : p)).join(' and ');
  }
}

const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

function predicateSql(w: Where, p: Predicate, value: unknown, keys?: readonly string[]): string {
  switch (p.op) {
    case 'eq':
      return `${p.column} = ${w.bind(value)}`;
    case 'prefix':
      return `${p.column} like ${w.bind(`${likeEscape(String(value))}%`)}`;
    case 'contains': {
      // LIKE (not strpos) so a pg_trgm index can answer it; case-sensitive. With the keys of the texts that contain
      // it, the rows are found by key (the planner weighs each key by its statistics) and their own text is tested
      // again, so a key two texts share never adds a row.
      const like = `${p.column} like ${w.bind(`%${likeEscape(String(value))}%`)}`;
      return p.texts && keys ? `${p.texts.key} = any(${w.bind(keys)}::bigint[]) and ${like}` : like;
    }
    case 'from':
      return `${p.column} >= ${w.bind(new Date(Number(value)))}`;
    case 'to':
      return `${p.column} <= ${w.bind(new Date(Number(value)))}`;
    case 'gte':
      return `${p.column} >= ${w.bind(value)}`;
    case 'lte':
      return `${p.column} <= ${w.bind(value)}`;
  }
}

/** The filters this request sets and this caller may use, with their values. */
function setFilters<F extends Record<string, unknown>>(filters: Filters<F>, body: F, user: CurrentUser) {
  return (Object.entries(filters) as Array<[string, Predicate]>).flatMap(([field, p]) => {
    const value = body[field];
    if (value === undefined || value === null || value === '') return [];
    if (p.op === 'contains' && p.contentSearch && user.showContentFilterWhere !== 1) return [];
    return [{ field, p, value }];
  });
}

/** A search in more dictionary texts than this, or whose texts more than EXACT_COUNT_CAP rows carry, is common
 * enough that walking the rows newest first, testing each, fills a page (and finds the count's cap) sooner than
 * fetching and sorting every row of every key. */
const TEXT_KEYS_MAX = 1000;

/** For each `contains` filter with a dictionary (`texts`): the keys of the texts that contain its value, or none
 * (the filter then tests the rows' own text) when the value is too short for a trigram index (under three
 * characters, so the dictionary could only be scanned) or is common (TEXT_KEYS_MAX). */
export async function textKeysOf<F extends Record<string, unknown>>(
  q: Queryable,
  filters: Filters<F>,
  body: F,
  user: CurrentUser,
  scopeIds: string[],
): Promise<Map<string, string[]>> {
  const found = new Map<string, string[]>();
  for (const { field, p, value } of setFilters(filters, body, user)) {
    if (p.op !== 'contains' || !p.texts || [...String(value)].length < 3) continue;
    const rows = await q.query<{ key: string }>(
      `select key::text as key from ${p.texts.table} where cus_id = any($1::text[]) and content like $2 limit ${TEXT_KEYS_MAX + 1}`,
      [scopeIds, `%${likeEscape(String(value))}%`],
    );
    if (rows.length > TEXT_KEYS_MAX) continue;
    const keys = [...new Set(rows.map((r) => r.key))];
    const [{ n }] = await q.query<{ n: number }>(
      `select count(*)::int as n from (select 1 from ${p.texts.rows}
        where ${p.texts.rowKey} = any($1::bigint[]) and cus_id = any($2::text[]) limit ${EXACT_COUNT_CAP + 1}) t`,
      [keys, scopeIds],
    );
    if (n <= EXACT_COUNT_CAP) found.set(field, keys);
  }
  return found;
}

/** Scope + base + every filter the request sets. `scopeIds` are the accounts the caller may see for this request;
 * `textKeys`, what textKeysOf found for the request. */
export function whereOf<F extends Record<string, unknown>>(
  source: Source,
  filters: Filters<F>,
  body: F,
  user: CurrentUser,
  scopeIds: string[],
  textKeys?: ReadonlyMap<string, readonly string[]>,
): Where {
  const w = new Where();
  const param = w.bind(scopeIds);
  w.scope = { part: 0, column: source.scope, param };
  w.add(`${source.scope} = any(${param}::text[])`);
  if (source.base) w.add(source.base);
  for (const { field, p, value } of setFilters(filters, body, user))
    w.add(predicateSql(w, p, value, textKeys?.get(field)));
  return w;
}

/** Exact up to EXACT_COUNT_CAP matching rows (a bounded scan); beyond, the planner's estimate, never below the cap.
 * The bounded scan walks newest first like the page does: a plain LIMIT may seq-scan from the oldest rows and read
 * most of the table before it finds the cap's worth of recent matches. */
export async function countOf(q: Queryable, source: Source, w: Where): Promise<{ total: number; totalExact: boolean }> {
  const [{ n }] = await q.query<{ n: number }>(
    `select count(*)::int8 as n from (select 1 from ${source.countFrom ?? source.from} where ${w.sql} order by ${source.time} desc limit ${EXACT_COUNT_CAP + 1}) t`,
    w.params,
  );
  if (n <= EXACT_COUNT_CAP) return { total: n, totalExact: true };
  const [plan] = await q.query<Record<string, unknown>>(
    `explain (format json) select 1 from ${source.countFrom ?? source.from} where ${w.sql}`,
    w.params,
  );
  const raw = Object.values(plan)[0];
  const json = (typeof raw === 'string' ? JSON.parse(raw) : raw) as Array<{ Plan: { 'Plan Rows': number } }>;
  return { total: Math.max(Math.round(json[0]?.Plan['Plan Rows'] ?? 0), EXACT_COUNT_CAP + 1), totalExact: false };
}

const orderOf = (s: Source) => `${s.time} desc, ${s.key} desc`;

/** The SQL of one page (offset paging, newest first); tests EXPLAIN it. */
export function pageSql(source: Source, w: Where, page: { pageNumber: number; pageSize: number }) {
  const params = [...w.params, page.pageSize, (page.pageNumber - 1) * page.pageSize];
  const sql = `select ${source.select} from ${source.from} where ${w.sql} order by ${orderOf(source)} limit $${params.length - 1} offset $${params.length}`;
  return { sql, params };
}

/** One page plus its total. */
export async function pageOf<T>(
  q: Queryable,
  source: Source,
  w: Where,
  page: { pageNumber: number; pageSize: number },
) {
  const { sql, params } = pageSql(source, w, page);
  const data = await q.query<T>(sql, params);
  return { ...(await countOf(q, source, w)), data };
}

export interface RowsOptions {
  /** rows per query. */
  batchSize?: number;
  /** stops the walk before its next query (the client left). */
  signal?: AbortSignal;
}

/** Rows per chunk query: on PGlite the query and its JSON run on the main thread (a 500-row chunk was a slice of
 * ~5-15 ms, more on a busy machine), and another tenant's request that arrives meanwhile waits for the chunk to end. */
export const EXPORT_CHUNK_ROWS = 250;

type Walked = Record<string, unknown> & { __t: unknown; __k: unknown; __o: unknown };

/** Orders two rows newest first: the time in microseconds since the epoch, then the key. */
function newerFirst(a: Walked, b: Walked): number {
  if (a.__o !== b.__o) return Number(a.__o) > Number(b.__o) ? -1 : 1;
  return a.__k === b.__k ? 0 : String(a.__k) > String(b.__k) ? -1 : 1;
}

/**
 * Every matching row, newest first, in keyset chunks: each chunk is one short query of its own (no transaction or
 * cursor held open: on PGlite one open query holds the only connection, and a long one the event loop too), and the
 * other requests get their turn between chunks (db/fair-share.ts).
 * A `scope = any(accounts)` condition cannot walk an (account, ..., time) index in order, so the planner sorted every
 * remaining matching row for each chunk (quadratic: a 1.2M-member export took minutes per chunk). Each account is
 * walked on its own instead, in index order, `batchSize` rows per query, and the accounts' rows are merged here: every
 * row is read once, by a query that stops at the chunk's size.
 * The time is read back as text for the keyset: a timestamp read into a Date loses its microseconds, and a bound
 * rounded down to the millisecond would skip the rows that tie with the chunk's last one. A chunk comes as one JSON
 * text, built by the database: PGlite's per-field decoding of a 1,000-row chunk cost the event loop ~10x the query.
 * The source's time column must be a timestamp (every exported list's is).
 */
export async function* rowsOf<T>(q: Queryable, source: Source, w: Where, opts: RowsOptions = {}): AsyncGenerator<T> {
  const batchSize = opts.batchSize ?? EXPORT_CHUNK_ROWS;
  // each account by its place in the scope's array parameter (1-based), which the walk's query then still uses
  const ids = w.scope ? ((w.params[Number(w.scope.param.slice(1)) - 1] as string[]) ?? []) : [];
  const places = w.scope ? ids.map((id, i) => (ids.indexOf(id) === i ? i + 1 : 0)).filter((n) => n > 0) : [null];
  const walks = places.map((place) => ({
    place,
    rows: [] as Walked[],
    next: 0,
    after: null as { t: unknown; k: unknown } | null,
    done: false,
  }));
  let sliceStart: number | null = null;
  const fill = async (walk: (typeof walks)[number]) => {
    // a slice is a chunk's query and the writing of its rows that followed
    if (sliceStart !== null) await giveTurn(q, sliceStart);
    sliceStart = performance.now();
    if (opts.signal?.aborted) return false;
    const params = [...w.params];
    const bind = (v: unknown) => `$${params.push(v)}`;
    const where =
      walk.place === null ? w.sql : w.sqlWithScope(`${w.scope!.column} = (${w.scope!.param}::text[])[${walk.place}]`);
    const keyset = walk.after
      ? ` and (${source.time}, ${source.key}) < (${bind(walk.after.t)}, ${bind(walk.after.k)})`
      : '';
    const [{ docs }] = await q.query<{ docs: string }>(
      `select coalesce(json_agg(d order by d.__o desc, d.__k desc)::text, '[]') as docs from (
         select ${source.select}, ${source.time}::text as __t, ${source.key} as __k, (extract(epoch from ${source.time}) * 1000000)::int8 as __o
           from ${source.from} where ${where}${keyset} order by ${orderOf(source)} limit ${batchSize}) d`,
      params,
    );
    walk.rows = JSON.parse(docs) as Walked[];
    walk.next = 0;
    walk.done = walk.rows.length < batchSize;
    const last = walk.rows[walk.rows.length - 1];
    if (last) walk.after = { t: last.__t, k: last.__k };
    return true;
  };
  for (;;) {
    // every walk holds its next row, or has none left
    for (const walk of walks) if (walk.next >= walk.rows.length && !walk.done && !(await fill(walk))) return;
    let pick: (typeof walks)[number] | null = null;
    for (const walk of walks)
      if (walk.next < walk.rows.length && (!pick || newerFirst(walk.rows[walk.next], pick.rows[pick.next]) < 0))
        pick = walk;
    if (!pick) return;
    const { __t: _t, __k: _k, __o: _o, ...doc } = pick.rows[pick.next++];
    yield doc as T;
  }
}

/** `count (ratio%)` cells of the statistics tables. */
export function unionStr(count: number, of: number): string {
  return `${count} (${of > 0 ? ((count * 100) / of).toFixed(2) : '0.00'}%)`;
}

/** SQL for epoch milliseconds of a timestamptz. */
export const ms = (column: string) => `(extract(epoch from ${column}) * 1000)::int8`;
