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
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  const round = async () => {
    try {
      while (!stopped && (await dispatchDue(ctx, carrier)) === DISPATCH_LIMIT);
      if (!stopped) await sendDueTimeBatches(ctx);
    } catch (err) {
      if (!stopped) ctx.log.warn({ err }, 'messaging round failed');
    }
  };
  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = round().then(schedule);
    }, intervalMs);
  };
  schedule();
  ctx.onClose(async () => {
    stopped = true;
    clearTimeout(timer);
    await running;
  });
}
