import type { FastifyInstance } from 'fastify';
import { endSmppBindEndpoint, getSmppInfoEndpoint } from '../../contract/endpoints/smpp.endpoints';
import { readableCusIds } from '../auth/scope';
import type { AppContext } from '../core/context';
import { forbidden } from '../http/api-error';
import { route } from '../http/route';
import { liveBinds, requestEndBind } from './smpp-binds';

/** The console's view of the SMPP server: where to bind and the live binds of the accounts the caller manages. */
export function registerSmppInfoRoutes(app: FastifyInstance, ctx: AppContext, port: () => number | null): void {
  route(app, ctx, getSmppInfoEndpoint, async ({ user, req }) => {
    const binds = await liveBinds(ctx.db, readableCusIds(user, 'accounts'), ctx.now());
    return {
      host: req.hostname,
      port: port(),
      systemId: user.cus_id,
      binds: binds.map((b) => ({
        sessionId: b.session_id,
        cusId: b.cus_id,
        address: b.address,
        bindType: b.bind_type,
        since: new Date(b.since).getTime(),
        submitted: Number(b.submitted),
        throttled: Number(b.throttled),
        rate: Math.round(Number(b.rate) * 10) / 10,
      })),
    };
  });

  route(app, ctx, endSmppBindEndpoint, async ({ user, body, message }) => {
    // an enterprise admin or an agent manages binds; an ordinary account reads its own but does not end them
    if (user.userType !== 1 && user.userType !== 2) throw forbidden();
    const ended = await requestEndBind(ctx.db, body.sessionId, readableCusIds(user, 'accounts'));
    message(ended ? 'smpp.bindEnding' : 'smpp.bindGone');
    return { ended };
  });
}
