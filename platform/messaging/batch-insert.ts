import type { AppContext } from '../core/context';
import { prepared, type Queryable } from '../db/db';
import { toYuan } from './pricing';
import { monthIn } from './timing';
import { applyStatDeltas } from './stats';

// A batch's MT records are written INSERT_CHUNK at a time. A small batch's records go in the transaction that
// charges for them; a large one's first chunk does too, with every number kept in its batch_inserts row, and the rest
// are then written a chunk per short transaction (with their statistics and the row's progress), taking turns with
// other requests between them (db/fair-share.ts): a 100,000-number send never holds PGlite's one connection, nor
// makes another request wait, for more than a chunk.
// The charge covers every record of the batch: a chunk is written once (the progress moves in its transaction), and
// a chunk the database refuses for good is refunded and taken off the batch, so the ledger always equals the records'
// prices. A run cut short (a crash) is finished by the background round (finishOpenBatches, batch-finish.ts).

/** Records per statement: mt_records carries a trigram index on content, ~0.05-0.1 ms a record on PGlite, so a
 * chunk is a slice of ~15-25 ms there (at 1,000 records other requests waited up to 250 ms behind one). */
export const INSERT_CHUNK = 250;

/** The records of a batch: one mobile each; per-item arrays only where items differ. */
export interface BatchItems {
  mobiles: string[];
  /** per-item content (one-to-one); null: every record carries the batch content. */
  contents: string[] | null;
  /** per-item segments and record price (1/10000 yuan), or one value for all. */
  segments: number[] | number;
  priceUnits: number[] | number;
  countryCodes: string[] | null;
  countryNames: string[] | null;
}

/** What every record of a batch shares. */
export interface RecordFixed {
  batch_id: string;
  prod_type: number;
  cus_id: string;
  content: string;
  mt_status: number;
  table_name: string;
  receive_time: string;
  month: string;
  title: string | null;
  receive_content: string | null;
  next_at: string;
  /** where the send came from: 'console' (the default), 'smpp' or 'http'. */
  source?: string;
  /** the records wait in carrier_queue for the carrier dispatcher (messages go to carriers over SMPP). */
  carrierQueue?: boolean;
}

/** Items from..to of a batch, every per-item value as an array. */
export function sliceItems(it: BatchItems, from: number, to: number) {
  const n = Math.min(to, it.mobiles.length) - from;
  const each = <T>(v: T[] | T | null, fill: T): T[] =>
    Array.isArray(v) ? v.slice(from, from + n) : new Array<T>(n).fill(v ?? fill);
  return {
    mobiles: it.mobiles.slice(from, from + n),
    contents: it.contents ? it.contents.slice(from, from + n) : null,
    segments: each(it.segments, 1),
    priceUnits: each(it.priceUnits, 0),
    countryCodes: it.countryCodes ? it.countryCodes.slice(from, from + n) : null,
    countryNames: it.countryNames ? it.countryNames.slice(from, from + n) : null,
  };
}
export type ItemSlice = ReturnType<typeof sliceItems>;

/** The sn of a batch's `n`th record (from 1): the message's id from its door to its receipt (logged as msgId). */
export const recordSn = (batchId: string, n: number) => batchId + String(n).padStart(6, '0');

/** Writes records `first`… of a batch (sn = batch id + 6-digit number from 1) and counts them in the statistics. */
export async function insertRecords(q: Queryable, f: RecordFixed, s: ItemSlice, first: number): Promise<void> {
  const insert = `insert into mt_records (sn, batch_id, prod_type, cus_id, content, mt_status, table_name, receive_time, month, title, receive_content, next_at,
                             mobile, segments, price, country_code, country_name, source)
     select $1 || lpad((t.n + $18)::text, 6, '0'), $1, $2, $3, coalesce(t.c, $4), $5, $6, $7, $8, $9, coalesce($10, t.c), $11, t.m, t.sg, t.pr, t.cc, t.cn, $19
       from unnest($12::text[], $13::text[], $14::int[], $15::numeric[], $16::text[], $17::text[]) with ordinality as t(m, c, sg, pr, cc, cn, n)`;
  await q.query(
    f.carrierQueue
      ? prepared`with ins as (${insert} returning sn, next_at) insert into carrier_queue (sn, due_at) select sn, next_at from ins`
      : insert,
    [
      f.batch_id,
      f.prod_type,
      f.cus_id,
      f.content,
      f.mt_status,
      f.table_name,
      new Date(f.receive_time),
      f.month,
      f.title,
      f.receive_content,
      new Date(f.next_at),
      s.mobiles,
      s.contents ?? new Array<null>(s.mobiles.length).fill(null),
      s.segments,
      s.priceUnits.map(toYuan),
      s.countryCodes ?? new Array<null>(s.mobiles.length).fill(null),
      s.countryNames ?? new Array<null>(s.mobiles.length).fill(null),
      first,
      f.source ?? 'console',
    ],
  );
  // sent_count += 1 per record submitted, per country for international sends
  const perCountry = new Map<string, { name: string | null; count: number }>();
  s.mobiles.forEach((_, i) => {
    const cc = s.countryCodes?.[i] ?? '';
    const e = perCountry.get(cc) ?? { name: s.countryNames?.[i] ?? null, count: 0 };
    e.count += 1;
    perCountry.set(cc, e);
  });
  const at = new Date(f.receive_time);
  await applyStatDeltas(
    q,
    [...perCountry].map(([cc, e]) => ({
      prod_type: f.prod_type,
      cus_id: f.cus_id,
      receive_time: at,
      country_code: cc || null,
      country_name: e.name,
      sent: e.count,
    })),
  );
}

/** What every number of a timed batch shares: its numbers go to time_mt_messages, sent as a batch when due. */
export interface TimedFixed {
  kind: 'timed';
  batch_id: string;
  cus_id: string;
  timing_time: string;
  create_time: string;
}
export type Fixed = (RecordFixed & { kind?: 'mt' }) | TimedFixed;

/** Writes numbers `first`… of a timed batch, in the batch's present state (paused, intercepted). */
export async function insertTimedMessages(
  q: Queryable,
  f: TimedFixed,
  s: Pick<ItemSlice, 'mobiles' | 'contents'>,
  first: number,
  sendStatus: number,
): Promise<void> {
  await q.query(
    `insert into time_mt_messages (sn, time_batch, cus_id, mobile, content, send_status, timing_time, create_time)
     select $1 || lpad((t.n + $7)::text, 6, '0'), $1, $2, t.m, t.c, $8, $3, $4 from unnest($5::text[], $6::text[]) with ordinality as t(m, c, n)`,
    [
      f.batch_id,
      f.cus_id,
      new Date(f.timing_time),
      new Date(f.create_time),
      s.mobiles,
      s.contents ?? new Array<null>(s.mobiles.length).fill(null),
      first,
      sendStatus,
    ],
  );
}

/** keeps every number of a batch larger than a chunk in its batch_inserts row, the first chunk written */
async function keepRest(q: Queryable, f: Fixed, items: BatchItems): Promise<void> {
  const all = sliceItems(items, 0, items.mobiles.length);
  await q.query(
    `insert into batch_inserts (batch_id, cus_id, fixed, next_n, mobiles, contents, segments, price_units, country_codes, country_names)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
    [
      f.batch_id,
      f.cus_id,
      JSON.stringify(f),
      INSERT_CHUNK,
      all.mobiles,
      all.contents,
      all.segments,
      all.priceUnits,
      all.countryCodes,
      all.countryNames,
    ],
  );
}

/** Inside the charging transaction of a timed send: its first chunk of numbers; past that, the rest kept. */
export async function startTimedMessages(q: Queryable, f: TimedFixed, items: BatchItems): Promise<void> {
  await insertTimedMessages(q, f, sliceItems(items, 0, INSERT_CHUNK), 0, 0);
  if (items.mobiles.length > INSERT_CHUNK) await keepRest(q, f, items);
}

/** Inside the charging transaction: the first chunk's records; past that, every number kept for finishBatch. */
export async function startRecords(q: Queryable, f: RecordFixed, items: BatchItems): Promise<void> {
  await insertRecords(q, f, sliceItems(items, 0, INSERT_CHUNK), 0);
  if (items.mobiles.length > INSERT_CHUNK) await keepRest(q, f, items);
}

export interface NewBatch {
  batch_id: string;
  prod_type: number;
  batch_type: number;
  cus_id: string;
  content: string;
  title: string | null;
  review: boolean;
  costUnits: number;
  items: BatchItems;
  sender_id?: string | null;
  source?: string;
  /** its account gets a notice when every record has its outcome (stats.ts). */
  notice?: boolean;
}

/** Inserts a batch and its MT records (100 review or 500 waiting), and counts them in the statistics. Past
 * INSERT_CHUNK records, the rest are written after this transaction, a chunk per transaction (finishBatch). */
export async function insertBatch(
  q: Queryable,
  ctx: AppContext,
  b: NewBatch,
  timeZone: string,
  now: Date,
): Promise<void> {
  const n = b.items.mobiles.length;
  // past review, a record is due at once for a carrier; the in-process simulator reports on it after its report delay
  const waitMs = b.review
    ? ctx.config.simulator.reviewMs
    : ctx.config.carriers.source === 'in-process'
      ? ctx.config.simulator.reportMs
      : 0;
  const nextAt = new Date(now.getTime() + waitMs);
  await q.query(
    `insert into batches (batch_id, prod_type, batch_type, cus_id, content, create_time, receive_count, sent_count, cost, sender_id, notify_done)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
    [
      b.batch_id,
      b.prod_type,
      b.batch_type,
      b.cus_id,
      b.content,
      now,
      n,
      b.review ? 0 : n,
      toYuan(b.costUnits),
      b.sender_id ?? null,
      b.notice === true,
    ],
  );
  const fixed: RecordFixed = {
    batch_id: b.batch_id,
    prod_type: b.prod_type,
    cus_id: b.cus_id,
    content: b.content,
    mt_status: b.review ? 100 : 500,
    table_name: b.review ? 'review' : 'mt',
    receive_time: now.toISOString(),
    month: monthIn(timeZone, now),
    title: b.title,
    receive_content: b.prod_type === 2 || b.prod_type === 6 ? b.content : null,
    next_at: nextAt.toISOString(),
    ...(b.source ? { source: b.source } : {}),
    ...(ctx.config.carriers.source === 'in-process' ? {} : { carrierQueue: true }),
  };
  await startRecords(q, fixed, b.items);
}
