import type { FastifyInstance } from 'fastify';
import { sendPolicyGetEndpoint, sendPolicyModifyEndpoint } from '../../contract/endpoints/send-policy.endpoints';
import type { AppContext } from '../core/context';
import { badRequest, forbidden } from '../http/api-error';
import { route } from '../http/route';
import { loadSendPolicy, saveSendPolicy } from './send-policy';

// The send policy's endpoints: any login of an enterprise reads its policy (the console shows why a number was held
// back); only the enterprise's admin changes it, and every change is logged with who made it.

export function registerSendPolicyRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, sendPolicyGetEndpoint, async ({ user }) => loadSendPolicy(ctx.db, user.ep_id));

  route(
    app,
    ctx,
    sendPolicyModifyEndpoint,
    async (c) => {
      if (c.user.userType !== 1) throw forbidden('policy.adminOnly');
      // a daily cap is for one of the enterprise's own accounts: naming another's would say nothing about it
      const named = [...new Set(c.body.dailyCaps.map((d) => d.cusId.trim()))];
      if (named.length > 0) {
        const own = await ctx.db.query<{ cus_id: string }>(
          'select cus_id from accounts where ep_id = $1 and cus_id = any($2::text[])',
          [c.user.ep_id, named],
        );
        const stranger = named.find((id) => !own.some((o) => o.cus_id === id));
        if (stranger !== undefined) throw badRequest('policy.accountNotInEnterprise', { cusId: stranger }, 'dailyCaps');
      }
      const saved = await saveSendPolicy(ctx.db, c.user.ep_id, c.body, c.user.username);
      ctx.log.info(
        { epId: c.user.ep_id, by: c.user.username, userId: c.user.id, policy: saved },
        'send policy changed',
      );
      c.message('policy.saved');
      return saved;
    },
    { idempotent: true },
  );
}
