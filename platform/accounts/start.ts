import type { FastifyInstance } from 'fastify';
import { startLoop } from '../background-loop';
import type { AppContext } from '../context';
import { registerApiDocRoutes } from '../routes/api-doc.routes';
import { registerCustomerRoutes } from '../routes/customer.routes';
import { registerRechargeRoutes } from '../routes/recharge.routes';
import { registerUserSettingsRoutes } from '../routes/user-settings.routes';
import { registerWarnRoutes } from '../routes/warn.routes';
import { sendDueWarnings } from './balance-warning';
import { deliverDue } from './callbacks';

/** First retry of a failed callback after this many ms, doubling each time (CALLBACK_RETRY_MS). */
const retryBaseMs = () => Math.max(10, Number(process.env.CALLBACK_RETRY_MS) || 1000);
const POLL_MS = 200;

/** Issue 12's routes, and the two workers (balance warnings, callbacks), stopped through ctx.onClose. */
export function registerAccounts(app: FastifyInstance, ctx: AppContext): void {
  registerCustomerRoutes(app, ctx);
  registerRechargeRoutes(app, ctx);
  registerWarnRoutes(app, ctx);
  registerUserSettingsRoutes(app, ctx);
  registerApiDocRoutes(app, ctx);

  startLoop(ctx, 'accounts', POLL_MS, async (stopped) => {
    while (!stopped() && (await sendDueWarnings(ctx)) > 0);
    while (!stopped() && (await deliverDue(ctx, retryBaseMs())) > 0);
  });
}
