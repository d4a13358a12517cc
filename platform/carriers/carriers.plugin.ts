import type { AreaOptions, AreaPlugin } from '../core/context';
import { registerCarrierControlRoutes } from './carrier-control.routes';
import { registerCarrierCostRoutes } from './carrier-cost.routes';
import { registerCarrierHistoryRoutes } from './carrier-history.routes';
import { startCarrierMessaging } from './carrier-messaging';
import { registerCarrierStatusRoutes } from './carrier-status.routes';

export interface CarriersOptions extends AreaOptions {
  /** messages stay in this process (a given connector, or CARRIERS=in-process): no carrier link is bound then. */
  inProcess: boolean;
}

/** The platform's SMPP links towards its carriers: the dispatcher's loops when messages go to carriers, and the
 * operator's carriers, routes, costs and link status, kept and served either way (the route test reads this
 * instance's live links). */
export const carriersPlugin: AreaPlugin<CarriersOptions> = async (api, { ctx, inProcess }) => {
  const plane = inProcess ? null : await startCarrierMessaging(ctx);
  registerCarrierControlRoutes(api, ctx, plane);
  registerCarrierCostRoutes(api, ctx, plane);
  registerCarrierStatusRoutes(api, ctx);
  registerCarrierHistoryRoutes(api, ctx);
};
