import type { FastifyInstance } from 'fastify';
import { carrierHistoryEndpoint } from '../../contract/endpoints/carrier-history.endpoints';
import { isPlatformOperator } from '../auth/operator-role';
import type { AppContext } from '../core/context';
import { forbidden } from '../http/api-error';
import { route } from '../http/route';
import { loadCarrierSet } from './carrier-store';
import { readHistory } from './carrier-history';

// The operator's chart of each carrier's last hour and today's cost. The tables are the platform's, not a tenant's:
// they are read whole, by the platform operator only.

export function registerCarrierHistoryRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, carrierHistoryEndpoint, async ({ user }) => {
    if (!isPlatformOperator(user)) throw forbidden('carrier.operatorOnly');
    const set = await loadCarrierSet(ctx.db);
    return readHistory(
      ctx.db,
      ctx.now(),
      set.carriers.map((c) => c.config.name),
    );
  });
}
