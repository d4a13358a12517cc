import { IDLE_MS, restUntil, startLoop } from '../core/background-loop';
import type { AppContext, AreaOptions, AreaPlugin } from '../core/context';
import { giveTurn } from '../db/fair-share';
import { finishOpenBatches } from './batch-finish';
import type { CarrierConnector } from './carrier';
import { DISPATCH_LIMIT, dispatchDue, nextDispatchAt } from './dispatch';
import { nudgeOnChanges } from '../feed/change-notices';
import { nextTimedBatchAt, sendDueTimeBatches } from './scheduler';
import { registerBlacklistCheckRoutes } from './blacklist-check.routes';
import { registerBlacklistRoutes } from './blacklist.routes';
import { registerInteractRoutes } from './interact.routes';
import { registerPriceRoutes } from './price.routes';
import { registerReplyRuleRoutes } from './reply-rule.routes';
import { prunePolicyCounts } from './send-policy-count';
import { registerSendPolicyRoutes } from './send-policy.routes';
import { registerSendRoutes } from './send.routes';
import { createSimulator } from './simulator';
import { registerTimedRoutes } from './timed.routes';

export interface MessagingOptions extends AreaOptions {
  /** the carrier messages go to; the simulator when not given. */
  carrier?: CarrierConnector;
  /** messages stay in this process (a given connector, or CARRIERS=in-process); else the carriers area sends them. */
  inProcess: boolean;
}

/** Sends, prices, timed batches, conversations and the blacklist check; then the dispatcher and the scheduler. */
export const messagingPlugin: AreaPlugin<MessagingOptions> = async (api, { ctx, carrier, inProcess }) => {
  registerSendRoutes(api, ctx);
  registerPriceRoutes(api, ctx);
  registerTimedRoutes(api, ctx);
  registerBlacklistCheckRoutes(api, ctx);
  registerBlacklistRoutes(api, ctx);
  registerInteractRoutes(api, ctx);
  registerSendPolicyRoutes(api, ctx);
  registerReplyRuleRoutes(api, ctx);
  // the policy's counts are read for a day at most: older ones go, on every instance's storage alike
  startLoop(ctx, 'send-policy-prune', POLICY_PRUNE_MS, () => prunePolicyCounts(ctx.db, ctx.now()));
  if (inProcess) startMessaging(ctx, carrier);
};

/** Starts the dispatcher (carrier simulator by default) and the timed-batch scheduler; stopped through ctx.onClose. */
function startMessaging(ctx: AppContext, carrier: CarrierConnector = createSimulator(ctx.config.simulator)): void {
  const { reviewMs, reportMs } = ctx.config.simulator;
  // poll often enough that a report is at most a quarter of its delay late, within 20-500 ms
  const intervalMs = Math.min(500, Math.max(20, Math.min(reviewMs, reportMs) / 4));
  const loop = startLoop(
    ctx,
    'messaging',
    intervalMs,
    async (stopped) => {
      // the others' turn between full rounds: PGlite answers in microtasks, so back-to-back rounds would never let a
      // request in, and one turn of the loop let in only a request's first query (db/fair-share.ts)
      let moved = 0;
      while (!stopped()) {
        const sliceStart = performance.now();
        const n = await dispatchDue(ctx, carrier);
        moved += n;
        if (n !== DISPATCH_LIMIT) break;
        await giveTurn(ctx.db, sliceStart);
      }
      if (!stopped()) moved += await sendDueTimeBatches(ctx);
      // busy: the next round after the interval; idle: when the next record or timed batch is due
      if (moved > 0 || stopped()) return undefined;
      return restUntil(ctx.now(), await nextDispatchAt(ctx.db), await nextTimedBatchAt(ctx.db));
    },
    IDLE_MS,
  );
  nudgeOnChanges(ctx, loop);
  // records of batches whose run was cut short (or larger than a chunk, from the scheduler and system messages)
  startLoop(ctx, 'batch-inserts', BATCH_INSERTS_POLL_MS, (stopped) => finishOpenBatches(ctx, stopped));
}

/** How often the send policy's old counts are pruned. */
const POLICY_PRUNE_MS = 60_000;

/** How soon a batch left unfinished is taken up again. */
const BATCH_INSERTS_POLL_MS = 1000;
