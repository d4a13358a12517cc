import { IDLE_MS, restUntil, startLoop } from '../core/background-loop';
import type { AppContext } from '../core/context';
import { giveTurn } from '../db/fair-share';
import { nudgeOnChanges } from '../feed/change-notices';
import { nextTimedBatchAt, sendDueTimeBatches } from '../messaging/scheduler';
import { CARRIER_ROUND, adoptPendingRecords, claimRound, nextCarrierSendAt, sendRound } from './carrier-dispatch';
import { ABANDONED_CHECK_MS, releaseAbandoned } from './abandoned-leases';
import { startCarrierPlane, type CarrierPlane } from './carrier-plane';
import { carrierDeliveries } from './carrier-receipts';

// The dispatcher's loops when messages go to carriers: rounds of claim, submit and answer; the sweep of receipts that
// came before their submit's answer was written; the timed batches as with the in-process simulator.

const ROUNDS_IN_FLIGHT = 3;

/** Binds to the carriers and starts the loops; stopped through ctx.onClose (the loops first, then the binds). */
export async function startCarrierMessaging(ctx: AppContext): Promise<CarrierPlane | null> {
  let plane: CarrierPlane | null = null;
  const sweepLoop = { wake: () => undefined as void };
  const deliveries = carrierDeliveries(
    ctx,
    () => plane,
    () => sweepLoop.wake(),
  );
  plane = await startCarrierPlane(ctx, (carrier, pdu) => deliveries.onDeliver(carrier, pdu));
  if (!plane) return null;
  const started = plane;
  await ctx.db.tx((q) => adoptPendingRecords(q));
  ctx.onClose(() => started.stop());
  // a round's records wait for the carriers' answers, not for the database: the next rounds are claimed meanwhile,
  // up to ROUNDS_IN_FLIGHT on their way at once
  const dispatch = startLoop(
    ctx,
    'carrier-dispatch',
    100,
    async (stopped) => {
      const sending = new Set<Promise<void>>();
      let claimed = 0;
      try {
        while (!stopped()) {
          const sliceStart = performance.now();
          const round = await claimRound(ctx, started);
          if (!round) break;
          claimed += round.count;
          // receipts that came before these answers were written can match now
          const sent = sendRound(ctx, started, round).then(
            () => sweepLoop.wake(),
            (err) => ctx.log.warn({ err }, 'carrier round not written'),
          );
          sending.add(sent);
          void sent.finally(() => sending.delete(sent));
          if (round.count !== CARRIER_ROUND) break;
          while (sending.size >= ROUNDS_IN_FLIGHT) await Promise.race(sending);
          await giveTurn(ctx.db, sliceStart);
        }
      } finally {
        await Promise.all(sending);
      }
      if (!stopped()) claimed += await sendDueTimeBatches(ctx);
      // busy: the next round after the interval; idle: when the next queued message or timed batch is due
      if (claimed > 0 || stopped()) return undefined;
      return restUntil(ctx.now(), await nextCarrierSendAt(ctx.db), await nextTimedBatchAt(ctx.db));
    },
    IDLE_MS,
  );
  nudgeOnChanges(ctx, dispatch);
  // what a dead instance was sending is ended by the next round, not at the receipt deadline
  startLoop(ctx, 'carrier-abandoned', ABANDONED_CHECK_MS, async () => {
    const released = await releaseAbandoned(ctx.db, started.instanceId, ctx.now());
    if (released > 0) {
      ctx.log.warn({ records: released }, 'records a stopped instance was sending end unknown');
      dispatch.wake();
    }
  });
  // page by page to the end of the stored receipts, then once a second or when woken: one that matches nothing yet
  // waits for its part's answer, so the loop never spins over it (the answers' writes must get the database)
  const sweep = startLoop(ctx, 'carrier-receipts', 1000, async (stopped) => {
    while (!stopped() && (await deliveries.sweep())) await giveTurn(ctx.db, performance.now());
  });
  sweepLoop.wake = () => sweep.wake();
  return plane;
}
