import { addRxPlugin, createRxDatabase, removeRxDatabase, type RxCollection, type RxDatabase, type RxJsonSchema } from 'rxdb';
import { RxDBLeaderElectionPlugin } from 'rxdb/plugins/leader-election';
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie';
import type { FeedResource } from '../../contract/endpoints/feed.endpoints';
import type { Batch, MoRecord, MtRecord, StatisticsRow, TimeBatch, TimeMtMessage } from '../../contract/records.schema';
import type { ShortLinkRecord } from '../../contract/entities.schema';
import type { AddressBookDoc, TemplateDoc } from '../../contract/library.schema';
import type { NoticeDoc } from '../../contract/notice.schema';
import type { BlacklistDoc } from '../../contract/endpoints/mobile-black.endpoints';

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

// Schema building blocks: indexed fields must be required and bounded on Dexie.
const str = (maxLength?: number) => (maxLength ? { type: 'string', maxLength } : { type: 'string' });
const nstr = { type: ['string', 'null'] };
const int = (maximum = Number.MAX_SAFE_INTEGER, minimum = -Number.MAX_SAFE_INTEGER) => ({ type: 'integer', minimum, maximum, multipleOf: 1 });
const num = { type: 'number' };
const bool = { type: 'boolean' };
const KEY = str(100);
const feed = { seq: int(), deleted: bool, updated_at: int(), k: KEY };

function schema<T>(primaryKey: string, properties: Record<string, object>, indexes: string[][]): RxJsonSchema<T> {
  const required = Object.keys(properties);
  return { version: 0, primaryKey, type: 'object', properties, required, indexes } as unknown as RxJsonSchema<T>;
}

const mtSchema = schema<LocalMt>(
  'sn',
  {
    sn: str(64),
    prod_type: int(99, 0),
    cus_id: str(64),
    cus_name: str(),
    batch_id: str(),
    decodeMobile: str(32),
    decodeContent: str(),
    mt_status: int(9999, -1),
    report_result: nstr,
    report_result_desc: nstr,
    errDesc: nstr,
    table_name: str(),
    receive_time: int(),
    month: str(),
    segments: int(),
    price: num,
    priceStr: str(),
    countryName: nstr,
    countryCode: nstr,
    titleStr: nstr,
    receive_content: nstr,
    sender_id: nstr,
    source: str(8),
    ...feed,
  },
  // the phone index serves number and prefix searches (query.ts reads its keys, which carry k, and orders by k)
  [
    ['prod_type', 'k'],
    ['prod_type', 'mt_status', 'k'],
    ['prod_type', 'cus_id', 'k'],
    ['prod_type', 'decodeMobile', 'k'],
    ['prod_type', 'source', 'k'],
  ],
);
const moSchema = schema<LocalMo>(
  'sn',
  {
    sn: str(64),
    prod_type: int(99, 0),
    cus_id: str(64),
    cus_name: str(),
    src_calling_number: str(),
    decodeMobile: str(32),
    decodeContent: str(),
    decodeWholeContent: str(),
    deliver_time: int(),
    batch_id: str(),
    tag: str(),
    ...feed,
  },
  // replies list per product line (the domestic list must not show replies to international sends)
  [['k'], ['cus_id', 'k'], ['decodeMobile', 'k'], ['prod_type', 'k'], ['prod_type', 'cus_id', 'k'], ['prod_type', 'decodeMobile', 'k']],
);
const batchSchema = schema<LocalBatch>(
  'batch_id',
  {
    batch_id: str(64),
    prod_type: int(99, 0),
    batch_type: int(),
    create_time: int(),
    receive_count: int(),
    wait_send_count: int(),
    sent_count: int(),
    success_count: int(),
    failure_count: int(),
    unknown_count: int(),
    cus_id: str(64),
    cus_name: str(),
    decodeContent: str(),
    sender_id: nstr,
    ...feed,
  },
  [
    ['prod_type', 'k'],
    ['prod_type', 'cus_id', 'k'],
  ],
);
const timeBatchSchema = schema<LocalTimeBatch>(
  'time_batch',
  {
    time_batch: str(64),
    cus_id: str(64),
    cus_name: str(),
    prod_type: int(99, 0),
    batch_count: int(),
    batch_type: int(),
    send_status: int(99, -1),
    timing_time: int(),
    create_time: int(),
    decodeContent: str(),
    ...feed,
  },
  [
    ['prod_type', 'k'],
    ['prod_type', 'send_status', 'k'],
    ['prod_type', 'cus_id', 'k'],
  ],
);
const timeMtSchema = schema<LocalTimeMt>(
  'sn',
  {
    sn: str(64),
    decodeMobile: str(32),
    send_status: int(99, -1),
    time_batch: str(64),
    timing_time: int(),
    create_time: int(),
    cus_id: str(64),
    ...feed,
  },
  [['k'], ['time_batch', 'k'], ['send_status', 'k'], ['cus_id', 'k'], ['decodeMobile', 'k']],
);
const statSchema = schema<LocalStat>(
  'id',
  {
    id: str(100),
    kind: str(16),
    prod_type: int(99, 0),
    gathering_time: str(),
    cus_id: str(64),
    cus_name: str(),
    countryName: nstr,
    sent_count: int(),
    success_count: int(),
    failure_count: int(),
    unknown_count: int(),
    successUnionStr: str(),
    failureUnionStr: str(),
    unknownUnionStr: str(),
    ...feed,
  },
  [
    ['kind', 'prod_type', 'k'],
    ['kind', 'prod_type', 'cus_id', 'k'],
  ],
);
const shortLinkSchema = schema<LocalShortLink>(
  'sn',
  {
    sn: str(64),
    cus_id: str(64),
    cus_name: str(),
    batch_id: str(64),
    decodeMobile: str(32),
    decodeContent: str(),
    mtLonglink: str(),
    shortLink: str(),
    create_time: int(),
    expire_time: { type: ['integer', 'null'] },
    click_time: { type: ['integer', 'null'] },
    osystem: nstr,
    browser: nstr,
    click_status: int(9, 0),
    click_count: int(),
    ...feed,
  },
  [['k'], ['click_status', 'k'], ['cus_id', 'k'], ['decodeMobile', 'k'], ['batch_id', 'k']],
);
// Templates and address books: one collection per shape, `kind` first in every index. Fields a kind does not
// have are optional; indexed ones exist on every kind (groups carry mobile '' and their own groupId).
const templateSchema = schema<LocalTemplate>('id', { id: str(64), kind: str(8), cus_id: str(64), create_time: int(), ...feed }, [
  ['kind', 'k'],
  ['kind', 'cus_id', 'k'],
]);
const addressBookSchema = schema<LocalAddressBook>(
  'id',
  { id: str(64), kind: str(8), cus_id: str(64), groupId: str(64), mobile: str(32), create_time: int(), ...feed },
  [
    ['kind', 'k'],
    ['kind', 'groupId', 'k'],
    ['kind', 'mobile', 'k'],
  ],
);
const noticeProps = { id: str(40), cus_id: str(64), kind: str(32), params: { type: 'object' }, link: str(200), created_at: int(), unread: int(1, 0) };
const noticeSchema = schema<LocalNotice>('id', { ...noticeProps, read_at: { type: ['integer', 'null'] }, ...feed }, [['k'], ['unread', 'k']]);
// the number index answers a prefix search as an index range (query.ts prefixPlan), instant at 100,000 entries
const blacklistSchema = schema<LocalBlacklist>('id', { id: str(120), mobile: str(40), source: str(16), cus_id: str(64), created_at: int(), ...feed }, [
  ['k'],
  ['mobile', 'k'],
  ['source', 'k'],
]);
const eventSchema = schema<EventDoc>(
  'id',
  {
    id: str(40),
    type: str(64),
    aggregate: str(100),
    payload: { type: 'object' },
    actor: str(),
    created_at: int(),
    status: str(16),
    attempts: int(),
    last_error: nstr,
    result: {},
    next_attempt_at: int(),
    k: KEY,
  },
  [['k'], ['status', 'k'], ['status', 'id'], ['type', 'k']],
);
eventSchema.required = (eventSchema.required as string[]).filter((f) => f !== 'result') as never;
const syncStateSchema = schema<SyncStateDoc>('id', { id: str(64), data: { type: 'object' } }, []);

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
  templates: { resource: 'contentTemplate', alsoFrom: ['videoTemplate', 'cspTemplate'], primaryKey: 'id', timeField: 'create_time', keepAll: true },
  address_book: { resource: 'addressGroup', alsoFrom: ['addressMember'], primaryKey: 'id', timeField: 'create_time', keepAll: true },
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

export const COLLECTION_SCHEMAS = {
  mt_records: mtSchema,
  mo_records: moSchema,
  batches: batchSchema,
  time_batches: timeBatchSchema,
  time_mt_messages: timeMtSchema,
  statistics: statSchema,
  short_links: shortLinkSchema,
  templates: templateSchema,
  address_book: addressBookSchema,
  notices: noticeSchema,
  blacklist: blacklistSchema,
  events: eventSchema,
  sync_state: syncStateSchema,
};

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
  const storage = getRxStorageDexie(o.indexedDB ? ({ indexedDB: o.indexedDB, IDBKeyRange: o.IDBKeyRange } as never) : {});
  const db = await createRxDatabase<LocalCollections>({
    name: localDbName(o.cusId, o.namespace),
    storage,
    multiInstance: true,
    eventReduce: true,
    closeDuplicates: true,
  } as never);
  await db.addCollections(Object.fromEntries(Object.entries(COLLECTION_SCHEMAS).map(([name, s]) => [name, { schema: s }])) as never);
  // the previous generation's cache of this user is dead weight in the browser's quota
  void removeRxDatabase(localDbName(o.cusId, o.namespace, LOCAL_DB_GENERATION - 1), storage).catch(() => undefined);
  return db;
}
