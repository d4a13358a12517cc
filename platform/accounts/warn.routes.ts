import type { FastifyInstance } from 'fastify';
import { getCusBneWarnInfoEndpoint, modifyCusBneWarnEndpoint } from '../../contract/endpoints/warn.endpoints';
import { getWarning, saveWarning } from './balance-warning';
import type { CurrentUser } from '../core/current-user';
import { canSee } from '../auth/scope';
import type { AppContext } from '../core/context';
import { badRequest } from '../http/api-error';
import { route } from '../http/route';

// Warnings: the caller's own balance warning, or that of a sub-account it manages (moreType 1-4).
function warnedAccount(user: CurrentUser, cusId: string | undefined): string {
  if (!cusId || cusId === user.cus_id) return user.cus_id;
  if (user.moreType < 1 || user.moreType > 4 || !canSee(user, cusId, 'accounts'))
    throw badRequest('customer.editFailure', {}, 'cus_id');
  return cusId;
}

export function registerWarnRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, getCusBneWarnInfoEndpoint, async ({ body, user }) =>
    getWarning(ctx.db, warnedAccount(user, body.cus_id)),
  );

  route(
    app,
    ctx,
    modifyCusBneWarnEndpoint,
    async ({ body, user, message }) => {
      const out = await saveWarning(ctx, warnedAccount(user, body.cus_id), body);
      message('warn.saved');
      return out;
    },
    { idempotent: true },
  );
}
