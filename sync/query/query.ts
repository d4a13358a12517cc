import { blacklistListEndpoint } from '../../contract/endpoints/mobile-black.endpoints';
import Dexie from 'dexie';
import { getQueryMatcher, normalizeMangoQuery, prepareQuery, type MangoQuery, type RxCollection } from 'rxdb';
import { filter, merge, type Observable } from 'rxjs';
import type { Endpoint } from '../../contract/endpoint';
import {
  batchListEndpoint,
  moRecordListEndpoint,
  mtRecordListEndpoint,
  newMtRecordListEndpoint,
  statisticsListEndpoint,
} from '../../contract/endpoints/records.endpoints';
import { timeBatchListEndpoint, timeMtMessageListEndpoint } from '../../contract/endpoints/timed.endpoints';
import { shortLinkListEndpoint } from '../../contract/endpoints/short-link.endpoints';
import type { HttpClient } from '../http/http-client';
import { localChanges } from '../store/local-changes';
import { searcherOf } from '../search/local-search';
import { memberSearchOf } from '../search/member-search';
import { COLLECTION_SCHEMAS } from '../store/collection-schemas';
import { kHigh, kLow, RECORD_COLLECTIONS, toLocal, type LocalDb, type RecordCollectionName } from '../store/local-db';
import { cachedDocs } from '../store/doc-cache';
import { stripInternal, tableOf, type Doc } from '../store/record-store';
import type { Filter, Query, QueryCollection, Scalar, SearchAnswer } from './query-types';
import { isSearchCollection } from '../search/search-spec';

// The query vocabulary (query-types.ts) translated here and only here into an RxDB query (index-backed through the
// ordering key `k`) and into a list-endpoint request for the server fallback when a query reaches past the cache
// window. The screens name the vocabulary through this module, with what runs it.
export type { Filter, Query, QueryCollection, Scalar } from './query-types';

const escapeRegex = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The index whose leading fields the equality filters fill best, so the rest is a range over `k`; null when none
 * fits (the storage then picks, and sorts in memory). */
export function chooseIndex(collection: QueryCollection, filters: Filter[]): string[] | null {
  const eq = new Set(filters.filter((f) => f.op === 'eq').map((f) => f.field));
  const indexes = (COLLECTION_SCHEMAS[collection].indexes ?? []) as string[][];
  let best: string[] | null = null;
  let bestScore = -1;
  for (const idx of indexes) {
    if (idx[idx.length - 1] !== 'k') continue;
    const lead = idx.slice(0, -1);
    if (!lead.every((f) => eq.has(f))) continue;
    if (lead.length > bestScore) {
      best = idx;
      bestScore = lead.length;
    }
  }
  return best;
}

/** The RxDB query for one page. */
export function toRxQuery(q: Query): MangoQuery<Record<string, unknown>> {
  const selector: Record<string, unknown> = {};
  const k: Record<string, string> = {};
  for (const f of q.filters) {
    if (f.op === 'eq') selector[f.field] = f.value;
    else if (f.op === 'in') selector[f.field] = { $in: f.values };
    else if (f.op === 'prefix') selector[f.field] = { $gte: f.value, $lt: `${f.value}\uffff` };
    else if (f.op === 'contains') selector[f.field] = { $regex: escapeRegex(f.value) };
    else if (f.op === 'range') {
      // newer records have smaller k: "to" bounds k from below, "from" from above.
      if (f.to !== undefined) k.$gte = kLow(f.to);
      if (f.from !== undefined) k.$lte = kHigh(f.from);
    }
  }
  if (q.after) {
    const newest = (q.sort ?? 'newest') === 'newest';
    const [op, bound] = newest ? ['$gt', '$gte'] : ['$lt', '$lte'];
    if (!k[bound] || (newest ? q.after >= k[bound] : q.after <= k[bound])) {
      delete k[bound];
      k[op] = q.after;
    }
  }
  if (Object.keys(k).length) selector.k = k;
  const index = chooseIndex(q.collection, q.filters);
  const dir = (q.sort ?? 'newest') === 'newest' ? 'asc' : 'desc';
  if (!index) return { selector, sort: [{ k: dir }] as never, limit: q.limit };
  return {
    selector,
    // sort along the chosen index so the storage walks it instead of sorting in memory
    sort: index.map((f) => ({ [f]: f === 'k' ? dir : 'asc' })) as never,
    index,
    limit: q.limit,
  };
}

/** Which list endpoint serves a collection (for MT records, by product line). */
export function listEndpointFor(q: Query): Endpoint | null {
  const prod = q.filters.find((f) => f.op === 'eq' && f.field === 'prod_type') as { value: Scalar } | undefined;
  switch (q.collection) {
    case 'mt_records':
      return [0, 1].includes(Number(prod?.value ?? 0)) ? mtRecordListEndpoint : newMtRecordListEndpoint;
    case 'mo_records':
      return moRecordListEndpoint;
    case 'batches':
      return batchListEndpoint;
    case 'time_batches':
      return timeBatchListEndpoint;
    case 'time_mt_messages':
      return timeMtMessageListEndpoint;
    case 'statistics':
      return statisticsListEndpoint;
    case 'short_links':
      return shortLinkListEndpoint;
    // templates and address books are kept whole locally (no horizon): nothing to ask the platform for; the bell
    // reads its notices locally (the platform's /notice/list serves other clients)
    case 'blacklist':
      return blacklistListEndpoint;
    case 'templates':
    case 'address_book':
    case 'events':
    case 'notices':
      return null;
  }
}

const DIMENSIONS: Record<string, number> = { day: 0, month: 1, year: 2 };

/** The list-endpoint body for page `pageNumber` (the platform pages by number). */
export function toListRequest(q: Query, pageNumber: number): Record<string, unknown> {
  const body: Record<string, unknown> = { pageNumber, pageSize: q.limit };
  for (const f of q.filters) {
    if (f.op === 'range') {
      if (f.from !== undefined) body.startTime = f.from;
      if (f.to !== undefined) body.endTime = f.to;
    } else if (f.op === 'in') {
      if (f.values.length === 1) body[f.field] = f.values[0];
    } else if (q.collection === 'statistics' && f.field === 'kind') {
      body.dimension = DIMENSIONS[String(f.value)] ?? 0;
    } else {
      body[f.field] = f.value;
    }
  }
  return body;
}

/** Whether a query asks for time before the local horizon (then only the platform has all of it). */
export function reachesPastWindow(q: Query, horizon: number): boolean {
  const range = q.filters.find((f) => f.op === 'range') as { from?: number } | undefined;
  return range?.from !== undefined && range.from < horizon;
}

export interface PageResult<T> {
  rows: T[];
  /** cursor for the next page (local) or the next page number (server); null at the end. */
  next: string | number | null;
  source: 'local' | 'server';
  /** the query reaches past the cache window and the platform is out of reach. */
  cachedOnly: boolean;
  /** a platform answer's count of the whole query (what countQuery would ask for again). */
  count?: CountResult;
}

export interface RunOptions {
  /** the local database; absent only with `fromPlatform` before it is open. */
  db?: LocalDb;
  client?: HttpClient;
  online: boolean;
  /** epoch ms of the oldest locally cached time. */
  horizon: number;
  /** server page number when the query goes to the platform. */
  pageNumber?: number;
  /** ask the platform whatever the window, because the local cache cannot answer yet (not open, or before its
   * first backfill page). Takes effect with `client` and `online`; otherwise the page is read locally. */
  fromPlatform?: boolean;
}

/** Runs one page: locally, or on the platform when the query reaches past the window (or `fromPlatform` asks for it)
 * and the network is there. */
export async function runQuery<T = Record<string, unknown>>(q: Query, o: RunOptions): Promise<PageResult<T>> {
  const past = q.collection !== 'events' && reachesPastWindow(q, o.horizon);
  const endpoint = listEndpointFor(q);
  if ((past || o.fromPlatform) && o.online && o.client && endpoint) {
    const pageNumber = o.pageNumber ?? 1;
    const res = (await o.client.call(endpoint, toListRequest(q, pageNumber) as never, { silent: true })) as {
      total: number;
      totalExact?: boolean;
      summary?: unknown;
      data: T[];
    };
    // the rows in the cache's shape (with their ordering key): when the cache takes over the screen, a row that did not
    // change compares equal and is not rendered again
    const rows =
      q.collection in RECORD_COLLECTIONS
        ? res.data.map((d) => toLocal(q.collection as RecordCollectionName, d as Doc) as T)
        : res.data;
    return {
      rows,
      next: pageNumber * q.limit < res.total ? pageNumber + 1 : null,
      source: 'server',
      cachedOnly: false,
      count: serverCount(res),
    };
  }
  const db = o.db;
  if (!db) throw new Error('runQuery: the local database is not open');
  const found = await searchColumns(db, q, false);
  if (found) {
    const rows = (await docsOf(db, q.collection as RecordCollectionName, found.keys)) as T[];
    return { rows, next: found.next, source: 'local', cachedOnly: past };
  }
  const plan = prefixPlan(q);
  const rows = (await (plan ? prefixPage(db, q, plan) : queryLocal(db, q.collection, toRxQuery(q)))) as (T & {
    k: string;
  })[];
  return { rows, next: rows.length === q.limit ? rows[rows.length - 1].k : null, source: 'local', cachedOnly: past };
}

/** The sync worker's search columns (search-index.ts) answer the query, when this tab has them and they can; the
 * address book's members, the member index (member-search.ts) once built. */
async function searchColumns(db: LocalDb, q: Query, withCount: boolean): Promise<SearchAnswer | null> {
  if (q.collection === 'address_book')
    return memberSearchOf(db)
      .search(q, withCount)
      .catch(() => null);
  const searcher = isSearchCollection(q.collection) ? searcherOf(db.name) : undefined;
  if (!searcher) return null;
  return searcher.search(q, withCount).catch(() => null);
}

/** The documents of a page by primary key, in the page's order: the recently read from memory, the rest in one bulk
 * get (a row removed since the search is left out). */
async function docsOf(db: LocalDb, name: RecordCollectionName, keys: string[]): Promise<Doc[]> {
  if (keys.length === 0) return [];
  return cachedDocs(db, name, keys, async (missing) =>
    (await (await tableOf(db, name)).bulkGet(missing)).map((d) =>
      d && d._deleted !== '1' ? stripInternal(d) : undefined,
    ),
  );
}

/** The collection's time field, for range filters. */
export const timeFieldOf = (c: RecordCollectionName) => RECORD_COLLECTIONS[c].timeField;

/**
 * Runs a query on the collection's storage directly. The replication writes record collections underneath RxDB
 * (see record-store.ts), so RxDB's query cache would answer from before a write; the storage never does.
 */
export async function queryLocal(
  db: LocalDb,
  collection: QueryCollection,
  mango: MangoQuery<Record<string, unknown>>,
): Promise<Record<string, unknown>[]> {
  const col = db[collection] as unknown as RxCollection<Record<string, unknown>>;
  const schema = col.schema.jsonSchema;
  const q = normalizeMangoQuery(schema, mango);
  // what RxQuery adds: only live documents, along indexes that lead with the deleted flag
  (q.selector as Record<string, unknown>)._deleted = { $eq: false };
  if (q.index) q.index.unshift('_deleted');
  const res = await col.storageInstance.query(prepareQuery(schema, q));
  return res.documents.map((d) => stripInternal(d as Record<string, unknown>));
}

/** Emits whenever the collection changes: replication writes (any tab or worker) and, for the event log, RxDB's own. */
export function changesOf(db: LocalDb, collection: QueryCollection): Observable<unknown> {
  const written = localChanges(db.name).pipe(filter((c) => c === collection));
  return collection === 'events' ? merge(written, db.events.$) : written;
}

/** Shorter prefixes match so much that walking the newest-first index finds a page sooner. */
const PREFIX_INDEX_MIN = 3;

interface PrefixPlan {
  index: string[];
  lead: Scalar[];
  prefix: string;
  /** the filters the index does not answer, checked on the documents. */
  rest: Filter[];
}

/**
 * A phone-number search (a prefix of 3+ digits, newest first) uses the index [...equalities, field, k]: a range on
 * the field breaks the k order, so the documents in range are read in one request and ordered by k here.
 */
export function prefixPlan(q: Query): PrefixPlan | null {
  if (q.collection === 'events' || (q.sort ?? 'newest') !== 'newest') return null;
  const prefix = q.filters.find(
    (f): f is Extract<Filter, { op: 'prefix' }> => f.op === 'prefix' && f.value.length >= PREFIX_INDEX_MIN,
  );
  if (!prefix) return null;
  const eq = new Map(q.filters.filter((f) => f.op === 'eq').map((f) => [f.field, (f as { value: Scalar }).value]));
  for (const index of (COLLECTION_SCHEMAS[q.collection].indexes ?? []) as string[][]) {
    const lead = index.slice(0, -2);
    if (index[index.length - 1] !== 'k' || index[index.length - 2] !== prefix.field || !lead.every((f) => eq.has(f)))
      continue;
    const rest = q.filters.filter(
      (f) => f !== prefix && f.op !== 'range' && !(f.op === 'eq' && lead.includes(f.field)),
    );
    return { index, lead: lead.map((f) => eq.get(f)!), prefix: prefix.value, rest };
  }
  return null;
}

async function prefixPage(db: LocalDb, q: Query, plan: PrefixPlan): Promise<Doc[]> {
  const name = q.collection as RecordCollectionName;
  const table = await tableOf(db, name);
  const pk = RECORD_COLLECTIONS[name].primaryKey;
  // RxDB prefixes every index with the deleted flag ('0' = live) and ends it with the primary key
  const indexName = `[${['_deleted', ...plan.index, pk].join('+')}]`;
  // one getAll over the range: a key cursor (index keys only) costs an IPC round trip per key, which at 1M records
  // and a 4-digit prefix (about a thousand matches) took ~60 ms against ~15 for the documents in one request
  const docs = await table
    .where(indexName)
    .between(
      ['0', ...plan.lead, plan.prefix, Dexie.minKey, Dexie.minKey],
      ['0', ...plan.lead, `${plan.prefix}\uffff`, Dexie.maxKey, Dexie.maxKey],
      true,
      true,
    )
    .toArray();
  const bounds =
    (toRxQuery({ ...q, filters: q.filters.filter((f) => f.op === 'range') }).selector as { k?: Record<string, string> })
      .k ?? {};
  const inRange = (k: string) =>
    (bounds.$gt === undefined || k > bounds.$gt) &&
    (bounds.$gte === undefined || k >= bounds.$gte) &&
    (bounds.$lte === undefined || k <= bounds.$lte);
  const col = db[name] as unknown as RxCollection<Record<string, unknown>>;
  const schema = col.schema.jsonSchema;
  const match = plan.rest.length
    ? getQueryMatcher(
        schema,
        normalizeMangoQuery(schema, { selector: toRxQuery({ ...q, filters: plan.rest, after: null }).selector }),
      )
    : null;
  return docs
    .filter((d) => inRange(String(d.k)) && (!match || match(d as never)))
    .sort((a, b) => (String(a.k) < String(b.k) ? -1 : String(a.k) > String(b.k) ? 1 : 0))
    .slice(0, q.limit)
    .map(stripInternal);
}

/** How many records match a query: counted on the local index, or the platform's total past the window (or while
 * the cache fills), where beyond its exact cap it is the planner's estimate (`exact` false). */
export interface CountResult {
  total: number;
  exact: boolean;
  source: 'local' | 'server';
  /** the platform's summary over the whole filter, where its list answers one (the batch list). */
  summary?: unknown;
}

const serverCount = (res: { total: number; totalExact?: boolean; summary?: unknown }): CountResult => ({
  total: res.total,
  exact: res.totalExact ?? true,
  source: 'server',
  ...(res.summary !== undefined ? { summary: res.summary } : {}),
});

export async function countQuery(q: Query, o: RunOptions): Promise<CountResult> {
  const past = q.collection !== 'events' && reachesPastWindow(q, o.horizon);
  const endpoint = listEndpointFor(q);
  if ((past || o.fromPlatform) && o.online && o.client && endpoint) {
    return serverCount(
      (await o.client.call(endpoint, toListRequest({ ...q, limit: 20 }, 1) as never, { silent: true })) as {
        total: number;
        totalExact?: boolean;
        summary?: unknown;
      },
    );
  }
  const db = o.db;
  if (!db) throw new Error('countQuery: the local database is not open');
  const found = await searchColumns(db, { ...q, after: null, limit: 0 }, true);
  if (found?.count !== undefined) return { total: found.count, exact: true, source: 'local' };
  const whole = { ...q, after: null, limit: Number.MAX_SAFE_INTEGER };
  const plan = prefixPlan(whole);
  if (plan) return { total: (await prefixPage(db, whole, plan)).length, exact: true, source: 'local' };
  const col = db[q.collection] as unknown as RxCollection<Record<string, unknown>>;
  const schema = col.schema.jsonSchema;
  const { limit: _limit, ...mango } = toRxQuery({ ...q, after: null });
  const nq = normalizeMangoQuery(schema, mango);
  (nq.selector as Record<string, unknown>)._deleted = { $eq: false };
  if (nq.index) nq.index.unshift('_deleted');
  const res = await col.storageInstance.count(prepareQuery(schema, nq));
  return { total: res.count, exact: true, source: 'local' };
}
