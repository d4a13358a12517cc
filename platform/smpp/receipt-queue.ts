import type { Queryable } from '../db/db';

/** Told (pg_notify, delivered on commit) when rows were added to smpp_outbox, so instances deliver them at once. */
export const OUTBOX_CHANNEL = 'smpp_outbox';

/** Runs an outbox insert and tells the instances when it added rows. */
async function queued(q: Queryable, sql: string, params: unknown[]): Promise<void> {
  const rows = await q.query(`with added as (${sql} returning 1) select count(*)::int as n from added`, params);
  if (Number((rows[0] as { n: number }).n) > 0) await q.query('select pg_notify($1, $2)', [OUTBOX_CHANNEL, '']);
}

/** A record that reached its final state, as the dispatcher wrote it. */
export interface FinalReport {
  sn: string;
  mt_status: number;
  report_result: string | null;
  report_result_desc: string | null;
}

/** The receipt stat word of a final record. */
export function receiptStat(r: FinalReport): string {
  if (r.mt_status === 0) return 'DELIVRD';
  // a message whose own validity ended before a carrier took it is expired, as the SMSC that held it would say
  if (r.mt_status === 600 || r.report_result === 'EXPIRED') return 'EXPIRED';
  // a carrier's receipt leaves its own stat word in report_result (the description is the console's words for it)
  if (r.report_result !== null && FAILED_STATS.has(r.report_result)) return r.report_result;
  return r.report_result_desc === 'REJECTD' ? 'REJECTD' : 'UNDELIV';
}

/** SMPP's final stat words of a message that was not delivered. */
const FAILED_STATS = new Set(['EXPIRED', 'DELETED', 'UNDELIV', 'UNKNOWN', 'REJECTD']);

/** The three-digit err of a receipt: the carrier's numeric result, else 000 on success and 001 otherwise. */
export function receiptErr(r: FinalReport): string {
  const n = Number(r.report_result);
  const code = r.report_result !== null && /^\d+$/.test(r.report_result) && n > 0 ? n : r.mt_status === 0 ? 0 : 1;
  return String(Math.min(999, code)).padStart(3, '0');
}

/**
 * In the dispatcher's transaction: a receipt row for every message taken over SMPP among these final records, naming
 * the part ids that asked for one (registered_delivery 1 on any outcome, 2 on failures only).
 */
export async function queueSmppReceipts(q: Queryable, now: Date, finals: FinalReport[]): Promise<void> {
  if (finals.length === 0) return;
  await queued(
    q,
    `insert into smpp_outbox (cus_id, message_ids, mobile, client_addr, text, stat, err, submit_date, done_date, next_at)
     select x.cus_id, x.ids, x.mobile, x.source_addr, x.content, x.stat, x.err, x.submitted_at, $1, $1
       from (select s.cus_id, s.source_addr, s.submitted_at, m.mobile, m.content, d.stat, d.err,
                    array(select u.pid from unnest(s.part_ids, s.registered_delivery) as u(pid, rd) where u.rd = 1 or (u.rd = 2 and not d.ok)) as ids
               from unnest($2::text[], $3::text[], $4::text[], $5::boolean[]) as d(sn, stat, err, ok)
               join smpp_messages s on s.sn = d.sn
               join mt_records m on m.sn = d.sn) x
      where cardinality(x.ids) > 0`,
    [
      now,
      finals.map((f) => f.sn),
      finals.map(receiptStat),
      finals.map(receiptErr),
      finals.map((f) => f.mt_status === 0),
    ],
  );
}

/** A reply as the dispatcher wrote it to mo_records, with the record it answers. */
export interface QueuedReply {
  sn: string;
  cus_id: string;
  mobile: string;
  content: string;
  replied_sn: string;
}

/**
 * In the dispatcher's transaction: a reply goes out as deliver_sm to accounts that speak SMPP, namely those with a
 * live bind anywhere or whose answered message came over SMPP. It is addressed to the address the client sent from,
 * else to the account's sender id and extension.
 */
export async function queueSmppReplies(q: Queryable, now: Date, replies: QueuedReply[]): Promise<void> {
  if (replies.length === 0) return;
  await queued(
    q,
    `insert into smpp_outbox (kind, cus_id, message_ids, mobile, client_addr, text, stat, err, submit_date, done_date, next_at)
     select 'mo', t.cus, array[t.sn], t.m, coalesce(s.source_addr, coalesce(a.options->>'srcId', '') || coalesce(a.ext_number, '')), t.c, '', '', $1, $1, $1
       from unnest($2::text[], $3::text[], $4::text[], $5::text[], $6::text[]) as t(sn, cus, m, c, replied)
       join accounts a on a.cus_id = t.cus
       left join smpp_messages s on s.sn = t.replied
      where s.sn is not null or exists (select 1 from smpp_binds b where b.cus_id = t.cus)`,
    [
      now,
      replies.map((r) => r.sn),
      replies.map((r) => r.cus_id),
      replies.map((r) => r.mobile),
      replies.map((r) => r.content),
      replies.map((r) => r.replied_sn),
    ],
  );
}

/** The parts of a long message the platform will not send (never completed, or refused once joined): each part that
 * asked for a receipt was answered with an id, so it gets a receipt REJECTD for that id rather than silence. */
export async function queueAbandonedReceipts(
  q: Queryable,
  now: Date,
  cusId: string,
  parts: Array<{ id: string; destinationAddr: string; sourceAddr: string; registeredDelivery: number }>,
): Promise<void> {
  const owed = parts.filter((p) => [1, 2].includes(p.registeredDelivery & 0x03));
  if (owed.length === 0) return;
  await queued(
    q,
    `insert into smpp_outbox (cus_id, message_ids, mobile, client_addr, text, stat, err, submit_date, done_date, next_at)
     select $1, array[t.id], t.mobile, t.src, '', 'REJECTD', '001', $2, $2, $2 from unnest($3::text[], $4::text[], $5::text[]) as t(id, mobile, src)`,
    [cusId, now, owed.map((p) => p.id), owed.map((p) => p.destinationAddr), owed.map((p) => p.sourceAddr)],
  );
}
