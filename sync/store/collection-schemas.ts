import type { RxJsonSchema } from 'rxdb';

// The JSON schemas and indexes of the local database's collections (local-db.ts holds their document types). Every
// index ends in the ordering key `k`, so an index range is also newest first.

/** A collection's schema; the document type it describes is the collection's in `LocalCollections`. */
export type CollectionSchema = RxJsonSchema<Record<string, unknown>>;

// Schema building blocks: indexed fields must be required and bounded on Dexie.
const str = (maxLength?: number) => (maxLength ? { type: 'string', maxLength } : { type: 'string' });
const nstr = { type: ['string', 'null'] };
const int = (maximum = Number.MAX_SAFE_INTEGER, minimum = -Number.MAX_SAFE_INTEGER) => ({
  type: 'integer',
  minimum,
  maximum,
  multipleOf: 1,
});
const num = { type: 'number' };
const bool = { type: 'boolean' };
const KEY = str(100);
const feed = { seq: int(), deleted: bool, updated_at: int(), k: KEY };

function schema(primaryKey: string, properties: Record<string, object>, indexes: string[][]): CollectionSchema {
  const required = Object.keys(properties);
  return { version: 0, primaryKey, type: 'object', properties, required, indexes } as unknown as CollectionSchema;
}

const mtSchema = schema(
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
const moSchema = schema(
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
  [
    ['k'],
    ['cus_id', 'k'],
    ['decodeMobile', 'k'],
    ['prod_type', 'k'],
    ['prod_type', 'cus_id', 'k'],
    ['prod_type', 'decodeMobile', 'k'],
  ],
);
const batchSchema = schema(
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
const timeBatchSchema = schema(
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
const timeMtSchema = schema(
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
const statSchema = schema(
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
const shortLinkSchema = schema(
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
const templateSchema = schema('id', { id: str(64), kind: str(8), cus_id: str(64), create_time: int(), ...feed }, [
  ['kind', 'k'],
  ['kind', 'cus_id', 'k'],
]);
const addressBookSchema = schema(
  'id',
  { id: str(64), kind: str(8), cus_id: str(64), groupId: str(64), mobile: str(32), create_time: int(), ...feed },
  [
    ['kind', 'k'],
    ['kind', 'groupId', 'k'],
    ['kind', 'mobile', 'k'],
  ],
);
const noticeProps = {
  id: str(40),
  cus_id: str(64),
  kind: str(32),
  params: { type: 'object' },
  link: str(200),
  created_at: int(),
  unread: int(1, 0),
};
const noticeSchema = schema('id', { ...noticeProps, read_at: { type: ['integer', 'null'] }, ...feed }, [
  ['k'],
  ['unread', 'k'],
]);
// the number index answers a prefix search as an index range (query.ts prefixPlan), instant at 100,000 entries
const blacklistSchema = schema(
  'id',
  { id: str(120), mobile: str(40), source: str(16), cus_id: str(64), created_at: int(), ...feed },
  [['k'], ['mobile', 'k'], ['source', 'k']],
);
const eventSchema = schema(
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
const syncStateSchema = schema('id', { id: str(64), data: { type: 'object' } }, []);

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
