import type { FastifyInstance } from 'fastify';
import { epRechargeListEndpoint, rechargeListEndpoint } from '../../contract/endpoints/recharge.endpoints';
import { epRechargeRows, rechargeRows } from './recharge-rows';
import { readableCusIds } from '../auth/scope';
import type { AppContext } from '../core/context';
import { route } from '../http/route';

// Recharge records: sub-accounts' rows for userType 1 and 2 (which may filter by account),
// the caller's own rows for everyone else; the enterprise's own movements under /epRecharge/list.
export function registerRechargeRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, rechargeListEndpoint, async ({ body, user }) => {
    const manager = user.userType === 1 || user.userType === 2;
    const subs = manager ? readableCusIds(user, 'accounts').filter((c) => c !== user.cus_id) : [user.cus_id];
    const scope = manager && body.cus_id ? subs.filter((c) => c === body.cus_id) : subs;
    return rechargeRows(ctx.db, scope, body);
  });

  route(app, ctx, epRechargeListEndpoint, async ({ body, user }) => epRechargeRows(ctx.db, user.cus_id, body));
}
