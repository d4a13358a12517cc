import { SCHEDULE_MIN_AHEAD_MS } from '../../contract/constants';
import type { TimedOperation } from '../../contract/endpoints/timed.endpoints';
import { countSegments } from '../../contract/segments';
import type { CurrentUser } from '../core/current-user';
import { readableCusIds } from '../auth/scope';
import type { AppContext } from '../core/context';
import type { Queryable } from '../db/db';
import { badRequest, notFound } from '../http/api-error';
import { notifyAll } from '../feed/change-notices';
import { toUnits, toYuan } from './pricing';
import { withRetry } from '../db/retry';
import { charge } from './charge';
import { loadAccount, needsReview } from './send-account';
import { timedRequestOf, type TimedRequest } from './timed-request';

// Timed batch operations: only batches not yet sent (0 to be sent, 2 paused) may change.
// pause 0 -> 2, recover 2 -> 0, intercept 0|2 -> 3 refunding what was charged.

interface Locked {
  time_batch: string;
  cus_id: string;
  prod_type: number;
  send_status: number;
  charged: number;
  content: string;
  batch_count: number;
  request: TimedRequest;
}

const TRANSITIONS: Record<TimedOperation, { from: number[]; to: number; failure: string; success: string }> = {
  pause: { from: [0], to: 2, failure: 'timed.pauseFailure', success: 'timed.pauseSuccess' },
  recover: { from: [2], to: 0, failure: 'timed.recoverFailure', success: 'timed.recoverSuccess' },
  intercept: { from: [0, 2], to: 3, failure: 'timed.interceptFailure', success: 'timed.interceptSuccess' },
};
export const operationSuccessKey = (op: TimedOperation) => TRANSITIONS[op].success;

/** The caller's timed batch, locked for the transaction unless only read; invisible batches do not exist for it. */
async function lockVisible(q: Queryable, user: CurrentUser, timeBatch: string, lock = true): Promise<Locked> {
  const [t] = await q.query<Locked>(
    `select time_batch, cus_id, prod_type, send_status, charged, content, batch_count, request from time_batches
      where time_batch = $1 and cus_id = any($2::text[]) and not deleted${lock ? ' for update' : ''}`,
    [timeBatch, readableCusIds(user, 'data')],
  );
  if (!t) throw notFound('timed.notFound');
  const charged = Number(t.charged);
  return { ...t, charged, request: timedRequestOf({ ...t, charged }) };
}

export async function operateTimeBatch(ctx: AppContext, user: CurrentUser, timeBatch: string, op: TimedOperation) {
  const rule = TRANSITIONS[op];
  const out = await withRetry(() =>
    ctx.db.tx(async (q) => {
      const t = await lockVisible(q, user, timeBatch);
      if (!rule.from.includes(t.send_status)) throw badRequest(rule.failure, {}, 'time_batch');
      let refunded = 0;
      if (op === 'intercept' && t.charged > 0) {
        const account = await loadAccount(q, t.cus_id);
        await charge(q, account!, -toUnits(t.charged), 'refund', t.time_batch);
        refunded = t.charged;
      }
      const [row] = await q.query<{ seq: string }>(
        `update time_batches set send_status = $2${op === 'intercept' ? ', charged = 0' : ''} where time_batch = $1 returning seq`,
        [t.time_batch, rule.to],
      );
      await q.query('update time_mt_messages set send_status = $2 where time_batch = $1', [t.time_batch, rule.to]);
      return { time_batch: t.time_batch, send_status: rule.to, refunded, cus_id: t.cus_id, seq: Number(row.seq) };
    }),
  );
  await notifyAll(ctx.db, ['timeBatch', 'timeMtMessage'], [out.cus_id]);
  return { time_batch: out.time_batch, send_status: out.send_status, refunded: out.refunded, seq: out.seq };
}

/** What a batch costs with another text: per-segment products follow the segments, the others are per message. The
 * one reckoning of an edit, for its quote and for its save. */
function repriced(t: Locked, content: string) {
  const perSegment = t.prod_type === 0 || t.prod_type === 1;
  const segmentsOf = (text: string) => (perSegment ? Math.max(1, countSegments(text).segments) : 1);
  const segments = segmentsOf(content);
  const newUnits = segments * t.request.unitSum;
  return { segmentsBefore: segmentsOf(t.content), segments, newUnits, difference: newUnits - toUnits(t.charged) };
}

/** The cost of an edit before it is saved, as the save would reckon it. */
export async function quoteTimeBatchEdit(ctx: AppContext, user: CurrentUser, timeBatch: string, content: string) {
  const t = await lockVisible(ctx.db, user, timeBatch, false);
  if (t.send_status !== 0 && t.send_status !== 2) throw badRequest('timed.editFailure', {}, 'time_batch');
  const r = repriced(t, content);
  return {
    segmentsBefore: r.segmentsBefore,
    segments: r.segments,
    charged: t.charged,
    newCharged: toYuan(r.newUnits),
    difference: toYuan(r.difference),
  };
}

/** New content for a batch not yet sent, and a new time when asked (at least SCHEDULE_MIN_AHEAD_MS ahead, as a send's);
 * the cost follows its segments (per-segment products), charged or refunded. */
export async function editTimeBatch(
  ctx: AppContext,
  user: CurrentUser,
  timeBatch: string,
  content: string,
  timingTime?: number,
) {
  if (content.trim() === '') throw badRequest('timed.emptyContent', {}, 'content');
  if (timingTime !== undefined && timingTime < ctx.now().getTime() + SCHEDULE_MIN_AHEAD_MS)
    throw badRequest('send.timingTooSoon', { minutes: SCHEDULE_MIN_AHEAD_MS / 60_000 }, 'timing_time');
  const out = await withRetry(() =>
    ctx.db.tx(async (q) => {
      const t = await lockVisible(q, user, timeBatch);
      if (t.send_status !== 0 && t.send_status !== 2) throw badRequest('timed.editFailure', {}, 'time_batch');
      const account = (await loadAccount(q, t.cus_id))!;
      const { segments, newUnits, difference } = repriced(t, content);
      await charge(q, account, difference, difference > 0 ? 'send' : 'refund', t.time_batch);
      const request: TimedRequest = {
        ...t.request,
        review: t.request.review || (await needsReview(q, account, [content])),
      };
      if (request.review) request.batch_type = 0;
      const at = timingTime === undefined ? null : new Date(timingTime);
      const [row] = await q.query<{ seq: string; timing_time: Date }>(
        'update time_batches set content = $2, charged = $3, request = $4, timing_time = coalesce($5, timing_time) where time_batch = $1 returning seq, timing_time',
        [t.time_batch, content, toYuan(newUnits), JSON.stringify(request), at],
      );
      if (at) await q.query('update time_mt_messages set timing_time = $2 where time_batch = $1', [t.time_batch, at]);
      // one-to-one batches take the new content for every number
      await q.query('update time_mt_messages set content = null where time_batch = $1 and content is not null', [
        t.time_batch,
      ]);
      // and the numbers still to be written (a large batch just scheduled) too
      await q.query('update batch_inserts set contents = null where batch_id = $1 and contents is not null', [
        t.time_batch,
      ]);
      return {
        time_batch: t.time_batch,
        segments,
        charged: toYuan(newUnits),
        difference: toYuan(difference),
        timing_time: new Date(row.timing_time).getTime(),
        cus_id: t.cus_id,
        seq: Number(row.seq),
      };
    }),
  );
  await notifyAll(ctx.db, ['timeBatch', 'timeMtMessage'], [out.cus_id]);
  return {
    time_batch: out.time_batch,
    segments: out.segments,
    charged: out.charged,
    difference: out.difference,
    timing_time: out.timing_time,
    seq: out.seq,
  };
}
