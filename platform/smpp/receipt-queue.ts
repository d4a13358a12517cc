import type { Queryable } from '../db/db';

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
  if (r.mt_status === 600) return 'EXPIRED';
  return r.report_result_desc === 'REJECTD' ? 'REJECTD' : 'UNDELIV';
}

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
  await q.query(
    `insert into smpp_outbox (cus_id, message_ids, mobile, client_addr, text, stat, err, submit_date, done_date, next_at)
     select x.cus_id, x.ids, x.mobile, x.source_addr, x.content, x.stat, x.err, x.submitted_at, $1, $1
       from (select s.cus_id, s.source_addr, s.submitted_at, m.mobile, m.content, d.stat, d.err,
                    array(select u.pid from unnest(s.part_ids, s.registered_delivery) as u(pid, rd) where u.rd = 1 or (u.rd = 2 and not d.ok)) as ids
               from unnest($2::text[], $3::text[], $4::text[], $5::boolean[]) as d(sn, stat, err, ok)
               join smpp_messages s on s.sn = d.sn
               join mt_records m on m.sn = d.sn) x
      where cardinality(x.ids) > 0`,
    [now, finals.map((f) => f.sn), finals.map(receiptStat), finals.map(receiptErr), finals.map((f) => f.mt_status === 0)],
  );
}
