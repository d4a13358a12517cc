import { ulid } from 'ulid';
import type { AppContext } from '../core/context';
import type { Queryable } from '../db/db';
import { notifyAll } from '../feed/change-notices';
import { withRetry } from '../db/retry';
import { insertBatch } from './batch-insert';
import { itemsForTimed, timedRequestOf, type TimedRequest } from './timed-request';
import { batchLink } from '../notices/notice-links';
import { notify } from '../notices/notices';

// Sends each due timed batch (send_status 0, timing_time reached) as a normal batch. It was charged when scheduled,
// so nothing is charged here. Claimed with FOR UPDATE SKIP LOCKED: with several instances each batch goes out once.
// A batch whose numbers are still being written (batch-insert.ts) waits for them all.

interface DueBatch {
  time_batch: string;
  cus_id: string;
  prod_type: number;
  content: string;
  charged: number;
  batch_count: number;
  request: Partial<TimedRequest> | null;
  time_zone: string;
}

/** When the next timed batch is due (null: none waits). */
export async function nextTimedBatchAt(q: Queryable): Promise<Date | null> {
  return (
    (
      await q.query<{ at: Date | null }>(
        'select min(timing_time) as at from time_batches where send_status = 0 and not deleted',
      )
    )[0]?.at ?? null
  );
}

export async function sendDueTimeBatches(ctx: AppContext, limit = 5): Promise<number> {
  const now = ctx.now();
  const sent = await withRetry(() =>
    ctx.db.tx(async (q) => {
      const due = await q.query<DueBatch>(
        `select t.time_batch, t.cus_id, t.prod_type, t.content, t.charged, t.batch_count, t.request, a.time_zone
           from time_batches t join accounts a on a.cus_id = t.cus_id
          where t.send_status = 0 and t.timing_time <= $1 and not t.deleted
            and not exists (select 1 from batch_inserts i where i.batch_id = t.time_batch and not i.done)
          order by t.timing_time limit $2 for update of t skip locked`,
        [now, limit],
      );
      for (const t of due) {
        const rows = await q.query<{ mobile: string; content: string | null }>(
          'select mobile, content from time_mt_messages where time_batch = $1 order by sn',
          [t.time_batch],
        );
        const batchId = ulid();
        const request = timedRequestOf(t);
        const items = itemsForTimed(t.prod_type, t.content, rows, request.byCountry, request.countryNames ?? {});
        const costUnits = Math.round(Number(t.charged) * 10_000);
        await insertBatch(
          q,
          ctx,
          {
            batch_id: batchId,
            prod_type: t.prod_type,
            batch_type: request.batch_type,
            cus_id: t.cus_id,
            content: t.content,
            title: request.title,
            review: request.review,
            costUnits,
            items,
            sender_id: request.sender_id,
            notice: true,
          },
          t.time_zone,
          now,
        );
        await q.query('update time_batches set send_status = 1, batch_id = $2 where time_batch = $1', [
          t.time_batch,
          batchId,
        ]);
        await q.query('update time_mt_messages set send_status = 1 where time_batch = $1', [t.time_batch]);
        await notify(q, {
          cusId: t.cus_id,
          kind: 'timedReleased',
          params: { timeBatch: t.time_batch, batchId, count: rows.length },
          link: batchLink(t.prod_type, batchId),
        });
      }
      return due.map((t) => t.cus_id);
    }),
  );
  if (sent.length > 0) await notifyAll(ctx.db, ['timeBatch', 'timeMtMessage', 'batch', 'mtRecord', 'statistics'], sent);
  return sent.length;
}
