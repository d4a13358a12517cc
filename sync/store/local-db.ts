import { addRxPlugin, createRxDatabase, removeRxDatabase, type RxCollection, type RxDatabase } from 'rxdb';
import { RxDBLeaderElectionPlugin } from 'rxdb/plugins/leader-election';
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie';
import type { FeedResource } from '../../contract/endpoints/feed.endpoints';
import type { Batch, MoRecord, MtRecord, StatisticsRow, TimeBatch, TimeMtMessage } from '../../contract/records.schema';
import type { ShortLinkRecord } from '../../contract/entities.schema';
import type { AddressBookDoc, TemplateDoc } from '../../contract/library.schema';
import type { NoticeDoc } from '../../contract/notice.schema';
import type { BlacklistDoc } from '../../contract/endpoints/mobile-black.endpoints';
import { COLLECTION_SCHEMAS } from './collection-schemas';

// The console's local database: RxDB on Dexie, one database per user, ≤ 13 collections. Newest-first order is index-backed through `k`:
// the inverted time (MAX - time, zero-padded) joined with the primary key. Ascending `k` is newest first, a keyset cursor is "k > last k",
// and a date range is a range on k — all one indexed field, placed last in every compound index, as the Dexie storage cannot walk an index backwards.

addRxPlugin(RxDBLeaderElectionPlugin);

export const MAX_TIME = 9_999_999_999_999;
const TIME_DIGITS = 13;

export function invTime(t: number): string {
  return String(MAX_TIME - t).padStart(TIME_DIGITS, '0');
}
/** the ordering key: inverted time, then the primary key (unique, so keyset paging is exact). */
export function orderKey(t: number, id: string): string {
  return `${invTime(t)}:${id}`;
}
/** k bounds for records at time t (inclusive): every key of time t lies in [kLow(t), kHigh(t)]. */
export const kLow = (t: number) => `${invTime(t)}:`;
export const kHigh = (t: number) => `${invTime(t)};`;

/** Event log entry: one user command, from recorded to acknowledged or rejected (event-log.ts, outbox.ts). */
export interface EventDoc {
  id: string;
  type: string;
  aggregate: string;
  payload: Record<string, unknown>;
  actor: string;
  created_at: number;
  status: 'pending' | 'acked' | 'rejected';
  attempts: number;
  last_error: string | null;
  result: unknown;
  next_attempt_at: number;
  k: string;
}

/** Replication state per resource, plus `settings`. */
export interface SyncStateDoc {
  id: string;
  data: Record<string, unknown>;
}

type Local<T> = T & { k: string };
export type LocalMt = Local<MtRecord>;
export type LocalMo = Local<MoRecord>;
export type LocalBatch = Local<Batch>;
export type LocalTimeBatch = Local<TimeBatch>;
export type LocalTimeMt = Local<TimeMtMessage>;
export type LocalStat = Local<StatisticsRow>;
export type LocalShortLink = Local<ShortLinkRecord>;
/** content, video and CSP templates in one collection, told apart by `kind`. */
export type LocalTemplate = Local<TemplateDoc>;
/** address-book groups and members in one collection, told apart by `kind`. */
export type LocalAddressBook = Local<AddressBookDoc>;
/** the account's notices (the bell), unread ones counted through `unread`. */
export type LocalNotice = Local<NoticeDoc>;
/** the enterprise's blacklist, kept whole (a number search must find any entry, however old). */
export type LocalBlacklist = Local<BlacklistDoc>;

export interface LocalCollections {
  mt_records: RxCollection<LocalMt>;
  mo_records: RxCollection<LocalMo>;
  batches: RxCollection<LocalBatch>;
  time_batches: RxCollection<LocalTimeBatch>;
  time_mt_messages: RxCollection<LocalTimeMt>;
  statistics: RxCollection<LocalStat>;
  short_links: RxCollection<LocalShortLink>;
  templates: RxCollection<LocalTemplate>;
  address_book: RxCollection<LocalAddressBook>;
  notices: RxCollection<LocalNotice>;
  blacklist: RxCollection<LocalBlacklist>;
  events: RxCollection<EventDoc>;
  sync_state: RxCollection<SyncStateDoc>;
}
export type LocalDb = RxDatabase<LocalCollections>;
export type RecordCollectionName = Exclude<keyof LocalCollections, 'events' | 'sync_state'>;

/** What a record collection is replicated from and how its ordering key is made. */
export interface RecordCollectionMeta {
  resource: FeedResource;
  primaryKey: string;
  /** the epoch-ms field the default order (newest first) and date ranges use. */
  timeField: string;
  /** further resources pulled into the same collection (documents carry `kind`). */
  alsoFrom?: FeedResource[];
  /** kept whole: no cache horizon, no eviction (templates and address books are small and needed whatever their age). */
  keepAll?: boolean;
}
export const RECORD_COLLECTIONS: Record<RecordCollectionName, RecordCollectionMeta> = {
  mt_records: { resource: 'mtRecord', primaryKey: 'sn', timeField: 'receive_time' },
  mo_records: { resource: 'moRecord', primaryKey: 'sn', timeField: 'deliver_time' },
  batches: { resource: 'batch', primaryKey: 'batch_id', timeField: 'create_time' },
  time_batches: { resource: 'timeBatch', primaryKey: 'time_batch', timeField: 'create_time' },
  time_mt_messages: { resource: 'timeMtMessage', primaryKey: 'sn', timeField: 'create_time' },
  statistics: { resource: 'statistics', primaryKey: 'id', timeField: 'gathering_ms' },
  short_links: { resource: 'shortLink', primaryKey: 'sn', timeField: 'create_time' },
  templates: {
    resource: 'contentTemplate',
    alsoFrom: ['videoTemplate', 'cspTemplate'],
    primaryKey: 'id',
    timeField: 'create_time',
    keepAll: true,
  },
  address_book: {
    resource: 'addressGroup',
    alsoFrom: ['addressMember'],
    primaryKey: 'id',
    timeField: 'create_time',
    keepAll: true,
  },
  notices: { resource: 'notice', primaryKey: 'id', timeField: 'created_at' },
  blacklist: { resource: 'blacklist', primaryKey: 'id', timeField: 'created_at', keepAll: true },
};
export const COLLECTION_OF_RESOURCE = Object.fromEntries(
  Object.entries(RECORD_COLLECTIONS).flatMap(([name, m]) => [m.resource, ...(m.alsoFrom ?? [])].map((r) => [r, name])),
) as Record<FeedResource, RecordCollectionName>;

/** epoch ms of a document's ordering time. Statistics rows carry a YYYY[-MM[-DD]] string. */
export function timeOf(collection: RecordCollectionName, doc: Record<string, unknown>): number {
  if (collection === 'statistics') return Date.parse(String(doc.gathering_time)) || 0;
  return Number(doc[RECORD_COLLECTIONS[collection].timeField]) || 0;
}

/** The local document for a pulled one (or a row of the platform's list): the contract document plus its ordering
 * key, so a platform page's rows have the shape the cache's have. */
export function toLocal(collection: RecordCollectionName, doc: Record<string, unknown>): Record<string, unknown> {
  const id = String(doc[RECORD_COLLECTIONS[collection].primaryKey]);
  // pulled documents are fresh objects: set the key in place rather than copy each one
  doc.k = orderKey(timeOf(collection, doc), id);
  return doc;
}

export interface OpenLocalDbOptions {
  /** the user's cus_id: one database per user, so two logins on one browser never mix data. */
  cusId: string;
  /** Node tests pass fake-indexeddb's indexedDB and IDBKeyRange. */
  indexedDB?: unknown;
  IDBKeyRange?: unknown;
  /** extra name part (tests use a fresh database each). */
  namespace?: string;
}

/** Bumped when a collection's schema changes: the cache is rebuilt by pulling rather than migrated in place. */
export const LOCAL_DB_GENERATION = 6;

export function localDbName(cusId: string, namespace = '', generation = LOCAL_DB_GENERATION): string {
  // RxDB names must be lowercase letters, digits and a few symbols.
  const safe = (s: string) => s.toLowerCase().replace(/[^a-z0-9]/g, (c) => `_${c.charCodeAt(0).toString(16)}`);
  const gen = generation > 1 ? `g${generation}_` : '';
  return `smsc_${gen}${safe(namespace)}${namespace ? '_' : ''}${safe(cusId)}`;
}

export async function openLocalDb(o: OpenLocalDbOptions): Promise<LocalDb> {
  const storage = getRxStorageDexie(
    o.indexedDB ? ({ indexedDB: o.indexedDB, IDBKeyRange: o.IDBKeyRange } as never) : {},
  );
  const db = await createRxDatabase<LocalCollections>({
    name: localDbName(o.cusId, o.namespace),
    storage,
    multiInstance: true,
    eventReduce: true,
    closeDuplicates: true,
  } as never);
  await db.addCollections(
    Object.fromEntries(Object.entries(COLLECTION_SCHEMAS).map(([name, s]) => [name, { schema: s }])) as never,
  );
  // the previous generation's cache of this user is dead weight in the browser's quota
  void removeRxDatabase(localDbName(o.cusId, o.namespace, LOCAL_DB_GENERATION - 1), storage).catch(() => undefined);
  return db;
}
