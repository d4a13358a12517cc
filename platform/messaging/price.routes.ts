import type { FastifyInstance } from 'fastify';
import { priceListEndpoint } from '../../contract/endpoints/price.endpoints';
import { scopeCusIds } from '../auth/scope';
import type { AppContext } from '../context';
import { route } from '../http/route';

// The price list the console keeps as reference data (issue 10). Same rows as pricing.ts charges by: an account's own
// price for a product and country overrides its enterprise root's.

export function registerPriceRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, priceListEndpoint, async (c) => {
    const cusIds = scopeCusIds(c.user, c.body.cus_id);
    if (cusIds.length === 0) return { prices: [], accounts: [] };
    const rows = await ctx.db.query<{ cus_id: string; prod_type: number; country_code: string; country_name: string; price: string | number }>(
      `select distinct on (a.cus_id, p.prod_type, p.country_code) a.cus_id, p.prod_type, p.country_code, p.country_name, p.price
         from accounts a join prices p on p.cus_id = a.cus_id or p.cus_id = a.ep_id
        where a.cus_id = any($1::text[]) and ($2::smallint is null or p.prod_type = $2)
        order by a.cus_id, p.prod_type, p.country_code, (p.cus_id = a.cus_id) desc`,
      [cusIds, c.body.prod_type ?? null],
    );
    // the status lets the send forms leave a closed account out of their choices (its sends are refused)
    const accounts = await ctx.db.query<{ cus_id: string; time_zone: string; pay_type: number; balance: string | number; status: number }>(
      'select cus_id, time_zone, pay_type, balance, status from accounts where cus_id = any($1::text[]) order by cus_id',
      [cusIds],
    );
    return {
      prices: rows.map((r) => ({ ...r, prod_type: Number(r.prod_type), price: Number(r.price) })),
      accounts: accounts.map((a) => ({ ...a, pay_type: Number(a.pay_type), balance: Number(a.balance), status: Number(a.status) })),
    };
  });
}
