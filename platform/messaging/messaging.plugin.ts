import { startLoop } from '../background-loop';
import type { AppContext } from '../context';
import { giveTurn } from '../db/fair-share';
import { finishOpenBatches } from './batch-insert';
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
    // the others' turn between full rounds: PGlite answers in microtasks, so back-to-back rounds would never let a
    // request in, and one turn of the loop let in only a request's first query (db/fair-share.ts)
    while (!stopped()) {
      const sliceStart = performance.now();
      if ((await dispatchDue(ctx, carrier)) !== DISPATCH_LIMIT) break;
      await giveTurn(ctx.db, sliceStart);
    }
    if (!stopped()) await sendDueTimeBatches(ctx);
  });
  // records of batches whose run was cut short (or larger than a chunk, from the scheduler and system messages)
  startLoop(ctx, 'batch-inserts', BATCH_INSERTS_POLL_MS, (stopped) => finishOpenBatches(ctx, stopped));
}

/** How soon a batch left unfinished is taken up again. */
const BATCH_INSERTS_POLL_MS = 1000;
