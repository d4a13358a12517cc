import { ulid } from 'ulid';
import type { AppContext } from '../core/context';
import type { OwedReceipts } from '../core/owed-receipts';
import { prepared, type Queryable } from '../db/db';
import type { CarrierConnector, CarrierReport } from './carrier';
import { applyOptReplies } from './opt-out-replies';
import { applyReplyRules } from './reply-rule-actions';
import { notifyAll } from '../feed/change-notices';
import { enqueueCallbacks } from '../accounts/callbacks';
import { withRetry } from '../db/retry';
import { applyBatchDeltas, applyStatDeltas, type BatchDelta, type StatDelta } from './stats';

// Moves due MT records on: 100 review -> 500 handed to the carrier -> its final report (0 / 700 / 600), with replies.
// Due rows are claimed with FOR UPDATE SKIP LOCKED inside one transaction, so several instances on one PostgreSQL
// never take the same record: each record changes status, and is counted, exactly once.

export interface Due {
  sn: string;
  prod_type: number;
  cus_id: string;
  batch_id: string;
  mobile: string;
  content: string;
  mt_status: number;
  receive_time: Date;
  country_code: string | null;
  country_name: string | null;
  /** the text the carrier delivers when the record shows a masked one (login codes). */
  secret: string | null;
}

/** Records per round: a round is one transaction, which on PGlite every other request waits behind. A new status and
 * next_at are not a HOT update, so each record is written again into every index of mt_records (the content trigram
 * GIN among them); with the claim, the statistics and the callbacks, a 250-record round held PGlite longer than any
 * other step of a 100,000-number send (its UPDATE alone mostly 60-250 ms, at worst ~0.9 s, on 2 busy cores).
 */
export const DISPATCH_LIMIT = 100;

/** When the next record is due to move on (null: none waits). */
export async function nextDispatchAt(q: Queryable): Promise<Date | null> {
  return (await q.query<{ at: Date | null }>('select min(next_at) as at from mt_records'))[0]?.at ?? null;
}

/** One round: claims up to `limit` due records and moves each one step. Answers how many it moved. */
export async function dispatchDue(ctx: AppContext, carrier: CarrierConnector, limit = DISPATCH_LIMIT): Promise<number> {
  const now = ctx.now();
  const moved = await withRetry(() =>
    ctx.db.explicitTx(async (q) => {
      const rows = await q.query<Due>(
        `select sn, prod_type, cus_id, batch_id, mobile, content, mt_status, receive_time, country_code, country_name, secret
           from mt_records where next_at <= $1 order by next_at limit $2 for update skip locked`,
        [now, limit],
      );
      if (rows.length === 0) return null;
      const reports = new Map<string, CarrierReport>();
      const replies: Reply[] = [];
      for (const r of rows) {
        if (r.mt_status === 100) continue;
        const report = carrier.report(r.secret ? { ...r, content: r.secret } : r);
        reports.set(r.sn, report);
        const reply = carrier.reply(r, report);
        if (reply !== null) replies.push({ row: r, content: reply });
      }
      const moved = await applyMoves(
        q,
        ctx.receipts,
        now,
        rows,
        reports,
        new Date(now.getTime() + carrier.reportDelayMs()),
      );
      await storeReplies(ctx, q, now, replies);
      return { ...moved, replied: [...new Set(replies.map((r) => r.row.cus_id))] };
    }),
  );
  if (!moved) return 0;
  await notifyAll(ctx.db, ['mtRecord', 'batch', 'statistics'], moved.cusIds);
  if (moved.replied.length > 0) await notifyAll(ctx.db, ['moRecord'], moved.replied);
  return moved.count;
}

/** In the round's transaction: each record moves to its report (a final state), or, without one, from review on to the
 * carrier (500, due at `releasedDueAt`); batches and statistics count it, SMPP receipts and push callbacks are owed.
 * Answers the accounts to tell. */
export async function applyMoves(
  q: Queryable,
  owed: OwedReceipts,
  now: Date,
  rows: Due[],
  reports: Map<string, CarrierReport>,
  releasedDueAt: Date,
): Promise<{ count: number; cusIds: string[] }> {
  const batchDeltas: BatchDelta[] = [];
  const statDeltas: StatDelta[] = [];
  for (const r of rows) {
    const report = reports.get(r.sn);
    if (!report) {
      batchDeltas.push({ batch_id: r.batch_id, sent: 1 });
      continue;
    }
    const outcome =
      report.mt_status === 0 ? { success: 1 } : report.mt_status === 700 ? { failure: 1 } : { unknown: 1 };
    batchDeltas.push({ batch_id: r.batch_id, ...outcome });
    statDeltas.push({
      prod_type: r.prod_type,
      cus_id: r.cus_id,
      receive_time: new Date(r.receive_time),
      country_code: r.country_code,
      country_name: r.country_name,
      ...outcome,
    });
  }
  const col = <T>(f: (r: Due, rep: CarrierReport | undefined) => T) => rows.map((r) => f(r, reports.get(r.sn)));
  await q.query(
    prepared`update mt_records m set mt_status = d.st, report_result = d.rr, report_result_desc = d.rd, err_desc = d.er, table_name = 'mt', next_at = d.nx,
            secret = case when m.mt_status = 100 then m.secret else null end
       from unnest($1::text[], $2::smallint[], $3::text[], $4::text[], $5::text[], $6::timestamptz[]) as d(sn, st, rr, rd, er, nx)
      where m.sn = d.sn`,
    [
      col((r) => r.sn),
      col((_, rep) => (rep ? rep.mt_status : 500)),
      col((_, rep) => rep?.report_result ?? null),
      col((_, rep) => rep?.report_result_desc ?? null),
      col((_, rep) => rep?.err_desc ?? null),
      col((_, rep) => (rep ? null : releasedDueAt)),
    ],
  );
  await applyBatchDeltas(q, batchDeltas);
  await applyStatDeltas(q, statDeltas);
  // receipts of messages taken over SMPP are owed from the same transaction, so none is lost
  await owed.ended(
    q,
    now,
    [...reports].map(([sn, rep]) => ({ sn, ...rep })),
  );
  // callbacks of push-mode accounts are queued in this transaction, so none is lost
  await enqueueCallbacks(
    q,
    now,
    rows.flatMap((r) => {
      const rep = reports.get(r.sn);
      return rep
        ? [
            {
              sn: r.sn,
              cus_id: r.cus_id,
              mobile: r.mobile,
              mt_status: rep.mt_status,
              report_result: rep.report_result ?? null,
              report_result_desc: rep.report_result_desc ?? null,
            },
          ]
        : [];
    }),
    [],
  );
  return { count: rows.length, cusIds: [...new Set(rows.map((r) => r.cus_id))] };
}

export interface Reply {
  /** the MT record replied to: its account, number, product line, text and batch. */
  row: Pick<Due, 'sn' | 'cus_id' | 'prod_type' | 'mobile' | 'content' | 'batch_id'>;
  content: string;
}

/** Replies as MO records, owed to the account's push callback and SMPP receivers; an opt-out or opt-in keyword changes
 * the blacklist (opt-out-replies.ts); a keyword of the enterprise's reply rules tags, forwards or answers the reply
 * (reply-rule-actions.ts). */
export async function storeReplies(ctx: AppContext, q: Queryable, now: Date, replies: Reply[]): Promise<void> {
  if (replies.length > 0) {
    const replySns = replies.map(() => ulid());
    await enqueueCallbacks(
      q,
      now,
      [],
      replies.map((r, i) => ({
        sn: replySns[i],
        cus_id: r.row.cus_id,
        mobile: r.row.mobile,
        content: r.content,
        batch_id: r.row.batch_id,
      })),
    );
    await q.query(
      `insert into mo_records (sn, cus_id, prod_type, src_calling_number, mobile, content, whole_content, deliver_time, batch_id)
       select t.sn, t.cus, t.prod, '106900' || coalesce(a.ext_number, ''), t.m, t.c, t.w, $1, t.b
         from unnest($2::text[], $3::text[], $4::smallint[], $5::text[], $6::text[], $7::text[], $8::text[]) as t(sn, cus, prod, m, c, w, b)
         join accounts a on a.cus_id = t.cus`,
      [
        now,
        replySns,
        replies.map((r) => r.row.cus_id),
        replies.map((r) => r.row.prod_type),
        replies.map((r) => r.row.mobile),
        replies.map((r) => r.content),
        replies.map((r) => r.row.content),
        replies.map((r) => r.row.batch_id),
      ],
    );
    await ctx.receipts.replied(
      q,
      now,
      replies.map((r, i) => ({
        sn: replySns[i],
        cus_id: r.row.cus_id,
        mobile: r.row.mobile,
        content: r.content,
        replied_sn: r.row.sn,
      })),
    );
    await applyOptReplies(
      ctx,
      q,
      now,
      replies.map((r) => ({ cus_id: r.row.cus_id, mobile: r.row.mobile, content: r.content })),
    );
    // after the opt-out keywords, which win over a rule of the same word (reply-rule-actions.ts)
    await applyReplyRules(
      ctx,
      q,
      now,
      replies.map((r, i) => ({
        sn: replySns[i],
        cus_id: r.row.cus_id,
        mobile: r.row.mobile,
        content: r.content,
        batch_id: r.row.batch_id,
      })),
    );
  }
}
