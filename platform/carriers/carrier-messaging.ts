import { startLoop } from '../background-loop';
import type { AppContext } from '../context';
import { giveTurn } from '../db/fair-share';
import { sendDueTimeBatches } from '../messaging/scheduler';
import { CARRIER_ROUND, carrierRound } from './carrier-dispatch';
import { startCarrierPlane, type CarrierPlane } from './carrier-plane';
import { carrierDeliveries } from './carrier-receipts';

// The dispatcher's loops when messages go to carriers: rounds of claim, submit and answer; the sweep of receipts that
// came before their submit's answer was written; the timed batches as with the in-process simulator.

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
  ctx.onClose(() => started.stop());
  // a round's records wait for the carriers' answers, not for the database: rounds come back to back while they are full
  startLoop(ctx, 'carrier-dispatch', 100, async (stopped) => {
    while (!stopped()) {
      const sliceStart = performance.now();
      if ((await carrierRound(ctx, started)) !== CARRIER_ROUND) break;
      await giveTurn(ctx.db, sliceStart);
    }
    if (!stopped()) await sendDueTimeBatches(ctx);
  });
  const sweep = startLoop(ctx, 'carrier-receipts', 1000, async (stopped) => {
    while (!stopped() && (await deliveries.sweep()) === 500);
  });
  sweepLoop.wake = () => sweep.wake();
  return plane;
}
