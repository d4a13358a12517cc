import type { FastifyInstance } from 'fastify';
import { priceListEndpoint } from '../../contract/endpoints/price.endpoints';
import { scopeCusIds } from '../auth/scope';
import type { AppContext } from '../core/context';
import { route } from '../http/route';
import { listPriceAccounts, listPrices } from './price-list';

export function registerPriceRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, priceListEndpoint, async (c) => {
    const cusIds = scopeCusIds(c.user, c.body.cus_id);
    if (cusIds.length === 0) return { prices: [], accounts: [] };
    const prices = await listPrices(ctx.db, cusIds, c.body.prod_type ?? null);
    // the status lets the send forms leave a closed account out of their choices (its sends are refused)
    const accounts = await listPriceAccounts(ctx.db, cusIds);
    return { prices, accounts };
  });
}
