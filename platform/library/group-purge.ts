import { AsyncResource } from 'node:async_hooks';
import { EventEmitter } from 'node:events';
import type { AppContext } from '../core/context';
import type { Queryable } from '../db/db';
import { giveTurn } from '../db/fair-share';
import { notifyLibrary } from './notify';

// Deleting a group hides it and its members at once (one short update of the group's row, which marks it
// purge_pending: lists, details and downloads read members only through a live group, library/sources.ts), and its
// members are tombstoned here afterwards, a batch per statement. One statement over a million members held PGlite's
// only connection, and with it every other tenant's request, for half a minute; a batch of a few hundred is a
// short slice, and the others get their turn between batches (db/fair-share.ts). Each batch is atomic and leaves every
// member either live-but-hidden or tombstoned, so a crash or a failing batch leaves nothing visible: the next round
// (at start, on the next delete, or the periodic one) goes on with the groups still marked. Tombstones take a new
// change seq (the bump trigger), so the console's member feed learns of them.

export const PURGE_BATCH = 250;
const SAFETY_ROUND_MS = 30_000;

export interface PurgeBatch {
  groupId: string;
  /** members tombstoned by this batch. */
  n: number;
  cusIds: string[];
}

/** 'batch' (PurgeBatch) after each batch that tombstoned members; 'idle' when a round found nothing left; 'failed'
 * (error) when a round fails. */
export const purgeEvents = new EventEmitter();

type Position = { t: string; k: string } | null;

/** Tombstones up to `limit` live members of a deleted group past `after`, newest first, in one statement: the walk
 * follows the group's index past the entries of members it already tombstoned instead of stepping over them again. */
async function purgeBatch(
  q: Queryable,
  groupId: string,
  after: Position,
  limit: number,
): Promise<{ n: number; last: Position }> {
  const params: unknown[] = [groupId, limit];
  const keyset = after
    ? ` and (create_time, id) < ($${params.push(after.t)}::timestamptz, $${params.push(after.k)})`
    : '';
  const [r] = await q.query<{ n: number; t: string | null; k: string | null }>(
    `with picked as (
       select id, create_time from address_members where group_id = $1 and deleted = false${keyset} order by create_time desc, id desc limit $2),
     gone as (update address_members am set deleted = true from picked where am.id = picked.id returning am.id),
     last as (select create_time::text as t, id as k from picked order by create_time, id limit 1)
     select (select count(*) from gone)::int8 as n, (select t from last) as t, (select k from last) as k`,
    params,
  );
  return { n: Number(r.n), last: r.t === null ? null : { t: r.t, k: r.k! } };
}

/** Purges one deleted group in batches, giving the others their turn between them; then clears its mark. */
async function purgeGroup(
  ctx: AppContext,
  g: { group_id: string; cus_id: string },
  batch: number,
  stopped: () => boolean,
): Promise<void> {
  let after: Position = null;
  for (;;) {
    if (stopped()) return;
    const sliceStart = performance.now();
    const done = await purgeBatch(ctx.db, g.group_id, after, batch);
    if (done.n > 0) {
      await notifyLibrary(ctx.db, 'addressMember', [g.cus_id]);
      purgeEvents.emit('batch', { groupId: g.group_id, n: done.n, cusIds: [g.cus_id] } satisfies PurgeBatch);
    }
    if (done.n < batch) break;
    after = done.last;
    await giveTurn(ctx.db, sliceStart);
  }
  await ctx.db.query('update address_groups set purge_pending = false where group_id = $1', [g.group_id]);
}

const wakers = new WeakMap<AppContext, () => void>();

/** Starts a round now (or right after the one under way): called once a group delete has committed. */
export function wakeGroupPurge(ctx: AppContext): void {
  wakers.get(ctx)?.();
}

/** The purge of deleted groups' members: a round at start (a purge a restart interrupted), on every wake, and every
 * 30 s (a wake another instance missed). Stopped through ctx.onClose, which waits for the batch under way. */
export function startGroupPurge(ctx: AppContext, batch = PURGE_BATCH): void {
  let stopped = false;
  let again = false;
  let running: Promise<void> | null = null;
  let timer: NodeJS.Timeout | undefined;
  const round = async () => {
    const groups = await ctx.db.query<{ group_id: string; cus_id: string }>(
      'select group_id, cus_id from address_groups where purge_pending',
    );
    for (const g of groups) await purgeGroup(ctx, g, batch, () => stopped);
    if (!stopped) purgeEvents.emit('idle');
  };
  const run = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    clearTimeout(timer);
    running = round()
      .catch((err: unknown) => {
        if (stopped) return;
        ctx.log.warn({ err }, 'group purge round failed');
        purgeEvents.emit('failed', err);
      })
      .then(() => {
        running = null;
        if (again) {
          again = false;
          run();
        } else if (!stopped) timer = setTimeout(run, SAFETY_ROUND_MS);
      });
  };
  // a wake comes from a request, maybe still inside its transaction (db.ts ambient transactions): the round must run
  // where the purge was started, on its own connection, never joined to that request's transaction
  wakers.set(ctx, AsyncResource.bind(run));
  // a round right away finishes a purge that a stop or a crash cut short
  timer = setTimeout(run, 0);
  ctx.onClose(async () => {
    stopped = true;
    clearTimeout(timer);
    await running;
  });
}
