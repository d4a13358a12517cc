import { IDLE_MS, restUntil, startLoop } from '../core/background-loop';
import { nudgeOnChanges } from '../feed/change-notices';
import type { AreaOptions, AreaPlugin } from '../core/context';
import type { AccountPorts } from './account-ports';
import { registerApiDocRoutes } from './api-doc.routes';
import { sendDueWarnings } from './balance-warning';
import { nextCallbackAt } from './callback-claim';
import { createCallbackWorker } from './callback-worker';
import { registerCustomerRoutes } from './customer.routes';
import { registerRechargeRoutes } from './recharge.routes';
import { registerUserSettingsRoutes } from './user-settings.routes';
import { registerWarnRoutes } from './warn.routes';

/** First retry of a failed callback after this many ms, doubling each time (CALLBACK_RETRY_MS). */
const retryBaseMs = () => Math.max(10, Number(process.env.CALLBACK_RETRY_MS) || 1000);
const POLL_MS = 200;

export interface AccountsOptions extends AreaOptions {
  ports: AccountPorts;
}

/** The accounts' routes, and the two workers (balance warnings, callbacks), stopped through ctx.onClose. */
export const accountsPlugin: AreaPlugin<AccountsOptions> = async (api, { ctx, ports }) => {
  registerCustomerRoutes(api, ctx, ports);
  registerRechargeRoutes(api, ctx);
  registerWarnRoutes(api, ctx);
  registerUserSettingsRoutes(api, ctx, ports);
  registerApiDocRoutes(api, ctx);

  // registered before the loop, so it is closed after it (onClose runs in reverse): no claim follows its close
  const callbacks = createCallbackWorker(ctx, { retryBaseMs });
  ctx.onClose(() => callbacks.close());
  const loop = startLoop(
    ctx,
    'accounts',
    POLL_MS,
    async (stopped) => {
      let done = 0;
      while (!stopped()) {
        const sent = await sendDueWarnings(ctx, ports);
        done += sent;
        if (sent === 0) break;
      }
      // starts what is due and returns: slow receivers go on in the background, within their customer's share
      if (!stopped()) done += await callbacks.pump();
      // busy: the next round after the interval; idle: when the next callback is due
      if (done > 0 || stopped()) return undefined;
      return restUntil(ctx.now(), await nextCallbackAt(ctx.db));
    },
    IDLE_MS,
  );
  nudgeOnChanges(ctx, loop);
};
