import { startLoop } from '../background-loop';
import type { AppContext } from '../context';
import type { CarrierConnector } from './carrier';
import { DISPATCH_LIMIT, dispatchDue } from './dispatch';
import { sendDueTimeBatches } from './scheduler';
import { createSimulator } from './simulator';

/** Starts the dispatcher (carrier simulator by default) and the timed-batch scheduler; stopped through ctx.onClose. */
export function startMessaging(ctx: AppContext, carrier: CarrierConnector = createSimulator(ctx.config.simulator)): void {
  const { reviewMs, reportMs } = ctx.config.simulator;
  // poll often enough that a report is at most a quarter of its delay late, within 20-500 ms
  const intervalMs = Math.min(500, Math.max(20, Math.min(reviewMs, reportMs) / 4));
  startLoop(ctx, 'messaging', intervalMs, async (stopped) => {
    while (!stopped() && (await dispatchDue(ctx, carrier)) === DISPATCH_LIMIT);
    if (!stopped()) await sendDueTimeBatches(ctx);
  });
}
