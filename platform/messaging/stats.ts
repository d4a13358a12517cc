import { prepared, atTransactionEnd, type Queryable } from '../db/db';
import { batchLink } from '../notices/notice-links';
import { notify } from '../notices/notices';

// Incremental statistics: every change of a record's status applies deltas to stat_rows and to the
// batch counters in the same transaction as the record change, so no request ever scans mt_records to count.
//
// Counting convention (the read side's record seeder computes the same aggregates set-based):
// - stat_rows.sent_count += 1 when a record is submitted (created, whatever its first status: 100 or 500);
// - success_count / failure_count / unknown_count += 1 when the record reaches its final report (0 / 700 / 600);
// - every delta lands in the period of the record's receive_time (submit time), in the account's time zone, so a
//   day's row always has success + failure + unknown <= sent;
// - kinds: day (YYYY-MM-DD), month (YYYY-MM), year (YYYY) per (prod_type, cus_id); 'country' per day and country
//   for records that carry a country_code (international);
// - id = `${kind}|${prod_type}|${cus_id}|${gathering_time}` plus `|${country_code}` for kind 'country'.
// Batch counters: receive_count is set when the batch is created; sent_count += 1 when a record is handed to the
// carrier (created at 500, or released from review 100 -> 500); success/failure/unknown_count += 1 on the final report.

export interface StatDelta {
  prod_type: number;
  cus_id: string;
  receive_time: Date;
  country_code?: string | null;
  country_name?: string | null;
  sent?: number;
  success?: number;
  failure?: number;
  unknown?: number;
}

/** Adds the deltas of a CTE `e(kind, prod_type, cus_id, g, cc, cn, s, ok, ko, unk)` into stat_rows, rows in id order
 * (concurrent transactions lock them in the same order). The incremental path and the record seeder both end in it. */
export const UPSERT_STAT_ROWS_FROM_E = `
  insert into stat_rows (id, kind, prod_type, cus_id, gathering_time, country_code, country_name, sent_count, success_count, failure_count, unknown_count)
  select kind || '|' || prod_type || '|' || cus_id || '|' || g || coalesce('|' || cc, '') as id, kind, prod_type, cus_id, g, cc, max(cn),
         sum(s), sum(ok), sum(ko), sum(unk)
    from e group by kind, prod_type, cus_id, g, cc
   order by 1
  on conflict (id) do update set
    sent_count = stat_rows.sent_count + excluded.sent_count,
    success_count = stat_rows.success_count + excluded.success_count,
    failure_count = stat_rows.failure_count + excluded.failure_count,
    unknown_count = stat_rows.unknown_count + excluded.unknown_count,
    country_name = coalesce(excluded.country_name, stat_rows.country_name)`;

const KINDS_SQL = `(values ('day', 'YYYY-MM-DD'), ('month', 'YYYY-MM'), ('year', 'YYYY'), ('country', 'YYYY-MM-DD')) as k(kind, fmt)`;

/** Deltas a transaction has left to its end, by its handle. */
const pendingDeltas = new WeakMap<Queryable, StatDelta[]>();

/** Adds deltas to day/month/year/country rows. In a transaction they are written together as its last statement: every
 * send and receipt of an account adds to the same few rows, and a row written earlier stayed locked through the rest
 * of the transaction, so one account's sends and receipts waited for each other's inserts. Outside one, at once. */
export async function applyStatDeltas(q: Queryable, deltas: StatDelta[]): Promise<void> {
  if (deltas.length === 0) return;
  const pending = pendingDeltas.get(q);
  if (pending) {
    pending.push(...deltas);
    return;
  }
  const gathered = [...deltas];
  // once written, deltas added later in the transaction start a new group, written after it
  const write = (tq: Queryable) => {
    pendingDeltas.delete(q);
    return writeStatDeltas(tq, gathered);
  };
  if (atTransactionEnd(q, write)) pendingDeltas.set(q, gathered);
  else await writeStatDeltas(q, deltas);
}

/** One statement for all the deltas; rows are written in id order, so concurrent transactions lock them in the same
 * order. */
async function writeStatDeltas(q: Queryable, deltas: StatDelta[]): Promise<void> {
  const col = <T>(f: (d: StatDelta) => T) => deltas.map(f);
  await q.query(
    prepared`with d as (
       select * from unnest($1::smallint[], $2::text[], $3::timestamptz[], $4::text[], $5::text[], $6::int[], $7::int[], $8::int[], $9::int[])
         as t(prod_type, cus_id, at, cc, cn, s, ok, ko, unk)
     ), e as (
       select k.kind, d.prod_type, d.cus_id, to_char(d.at at time zone a.time_zone, k.fmt) as g,
              case when k.kind = 'country' then d.cc end as cc, case when k.kind = 'country' then d.cn end as cn,
              d.s, d.ok, d.ko, d.unk
         from d join accounts a on a.cus_id = d.cus_id cross join ${KINDS_SQL}
        where k.kind <> 'country' or coalesce(d.cc, '') <> ''
     )
     ${UPSERT_STAT_ROWS_FROM_E}`,
    [
      col((d) => d.prod_type),
      col((d) => d.cus_id),
      col((d) => d.receive_time),
      col((d) => d.country_code ?? null),
      col((d) => d.country_name ?? null),
      col((d) => d.sent ?? 0),
      col((d) => d.success ?? 0),
      col((d) => d.failure ?? 0),
      col((d) => d.unknown ?? 0),
    ],
  );
}

export interface BatchDelta {
  batch_id: string;
  sent?: number;
  success?: number;
  failure?: number;
  unknown?: number;
}

/** Adds to batch counters; locks the batches in id order first so concurrent dispatchers never deadlock. A batch whose
 * last record gets its outcome here is done: a batch that asked for it (notify_done) tells its account, in this
 * transaction, that it finished, or that it failed when no record was delivered. */
export async function applyBatchDeltas(q: Queryable, deltas: BatchDelta[]): Promise<void> {
  const sums = new Map<string, Required<BatchDelta>>();
  for (const d of deltas) {
    const s = sums.get(d.batch_id) ?? { batch_id: d.batch_id, sent: 0, success: 0, failure: 0, unknown: 0 };
    s.sent += d.sent ?? 0;
    s.success += d.success ?? 0;
    s.failure += d.failure ?? 0;
    s.unknown += d.unknown ?? 0;
    sums.set(d.batch_id, s);
  }
  const rows = [...sums.values()].sort((a, b) => (a.batch_id < b.batch_id ? -1 : 1));
  if (rows.length === 0) return;
  const ids = rows.map((r) => r.batch_id);
  await q.query(prepared`select 1 from batches where batch_id = any($1::text[]) order by batch_id for update`, [ids]);
  const done = await q.query<DoneBatch>(
    `update batches b set sent_count = b.sent_count + d.s, success_count = b.success_count + d.ok,
            failure_count = b.failure_count + d.ko, unknown_count = b.unknown_count + d.unk
       from unnest($1::text[], $2::int[], $3::int[], $4::int[], $5::int[]) as d(id, s, ok, ko, unk)
      where b.batch_id = d.id
      returning b.batch_id, b.cus_id, b.prod_type, b.receive_count, b.success_count, b.failure_count, b.unknown_count,
                b.notify_done and b.success_count + b.failure_count + b.unknown_count >= b.receive_count
                  and b.success_count + b.failure_count + b.unknown_count - d.ok - d.ko - d.unk < b.receive_count as just_done`,
    [ids, rows.map((r) => r.sent), rows.map((r) => r.success), rows.map((r) => r.failure), rows.map((r) => r.unknown)],
  );
  for (const b of done.filter((r) => r.just_done)) await notify(q, batchDoneNotice(b));
}

interface DoneBatch {
  batch_id: string;
  cus_id: string;
  prod_type: number;
  receive_count: number;
  success_count: number;
  failure_count: number;
  unknown_count: number;
  just_done: boolean;
}

/** The notice of a batch that is done: failed when none of its records was delivered. */
export function batchDoneNotice(b: Omit<DoneBatch, 'just_done'>) {
  const [total, success, failure, unknown] = [b.receive_count, b.success_count, b.failure_count, b.unknown_count].map(
    Number,
  );
  return {
    cusId: b.cus_id,
    kind: success === 0 ? ('batchFailed' as const) : ('batchFinished' as const),
    params: { batchId: b.batch_id, total, success, failure, unknown },
    link: batchLink(Number(b.prod_type), b.batch_id),
  };
}
