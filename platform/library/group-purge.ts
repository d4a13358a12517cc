import { AsyncResource } from 'node:async_hooks';
import { EventEmitter } from 'node:events';
import type { AppContext } from '../context';
import type { Queryable } from '../db/db';
import { giveTurn } from '../db/fair-share';
import { notifyLibrary } from './notify';

// Deleting a group hides it and its members at once (one short update of the group's row: lists, details and
// downloads read members only through a live group, library/sources.ts), and its members are tombstoned here
// afterwards, a batch per statement. One statement over a million members held PGlite's only connection, and with
// it every other tenant's request, for half a minute; a batch of a few thousand is a short slice, and the loop turns
// between batches. Each batch is atomic and leaves every member either live-but-hidden or tombstoned, so a crash or a
// failing batch leaves nothing visible: the next round (at start, on the next delete, or the periodic one) goes on
// where it stopped. Between batches the others get their turn (db/fair-share.ts). Tombstones take a new change seq (the bump trigger), so the console's member feed learns of them.

export const PURGE_BATCH = 1000;
const SAFETY_ROUND_MS = 30_000;

export interface PurgeBatch {
  /** members tombstoned by this batch. */
  n: number;
  cusIds: string[];
}

/** 'batch' (PurgeBatch) after each batch that tombstoned members; 'idle' when a round found nothing left; 'failed'
 * (error) when a round fails. */
export const purgeEvents = new EventEmitter();

/** Tombstones up to `limit` members of deleted groups, in one statement. */
export async function purgeBatch(q: Queryable, limit = PURGE_BATCH): Promise<PurgeBatch> {
  const rows = await q.query<{ cus_id: string; n: number }>(
    `with picked as (
       select m.id from address_groups g join address_members m on m.group_id = g.group_id and m.deleted = false
        where g.deleted limit $1),
     gone as (update address_members am set deleted = true from picked where am.id = picked.id returning am.cus_id)
     select cus_id, count(*)::int8 as n from gone group by cus_id`,
    [limit],
  );
  return { n: rows.reduce((s, r) => s + Number(r.n), 0), cusIds: rows.map((r) => r.cus_id) };
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
    for (;;) {
      if (stopped) return;
      const sliceStart = performance.now();
      const done = await purgeBatch(ctx.db, batch);
      if (done.n === 0) {
        purgeEvents.emit('idle');
        return;
      }
      await notifyLibrary(ctx.db, 'addressMember', done.cusIds);
      purgeEvents.emit('batch', done);
      await giveTurn(ctx.db, sliceStart);
    }
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
