import type { FastifyInstance } from 'fastify';
import {
  replyRuleDeleteEndpoint,
  replyRuleListEndpoint,
  replyRuleSaveEndpoint,
} from '../../contract/endpoints/reply-rule.endpoints';
import { callbackUrlProblem } from '../../contract/validation/callback-address';
import type { AppContext } from '../core/context';
import { badRequest, forbidden } from '../http/api-error';
import { route } from '../http/route';
import { loadOptOutSettings } from './opt-out-settings';
import { pricesFor, toYuan } from './pricing';
import { deleteReplyRule, listReplyRules, saveReplyRule } from './reply-rules';

// The reply keyword rules' endpoints, each inside the caller's enterprise: any of its logins reads them (with the
// opt-out keywords as built-in rules, and what an automatic answer costs), only its admin changes them, and every
// change is logged with who made it.

export function registerReplyRuleRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, replyRuleListEndpoint, async ({ user }) => {
    const opt = await loadOptOutSettings(ctx.db, user.ep_id);
    const rules = await listReplyRules(ctx.db, user.ep_id);
    const domestic = (await pricesFor(ctx.db, user.cus_id, 0)).get('');
    return {
      optOutWords: opt.optOutWords,
      optInWords: opt.optInWords,
      rules,
      segmentPrice: domestic ? toYuan(domestic.units) : null,
    };
  });

  route(
    app,
    ctx,
    replyRuleSaveEndpoint,
    async (c) => {
      if (c.user.userType !== 1) throw forbidden('replyRule.adminOnly');
      // a private address only where the platform is configured for a closed network, as for the push callbacks
      const problem = c.body.forwardUrl ? callbackUrlProblem(c.body.forwardUrl, ctx.config.callbackAllowPrivate) : null;
      if (problem !== null) throw badRequest(problem, { field: 'forwardUrl' }, 'forwardUrl');
      const saved = await saveReplyRule(ctx.db, c.user.ep_id, c.body, c.user.username);
      ctx.log.info(
        { epId: c.user.ep_id, by: c.user.username, userId: c.user.id, rule: saved, added: c.body.id === undefined },
        'reply rule saved',
      );
      c.message('replyRule.saved');
      return saved;
    },
    { idempotent: true },
  );

  route(
    app,
    ctx,
    replyRuleDeleteEndpoint,
    async (c) => {
      if (c.user.userType !== 1) throw forbidden('replyRule.adminOnly');
      const removed = await deleteReplyRule(ctx.db, c.user.ep_id, c.body.id);
      if (!removed) throw badRequest('replyRule.notFound', {}, 'id');
      ctx.log.info({ epId: c.user.ep_id, by: c.user.username, userId: c.user.id, rule: removed }, 'reply rule deleted');
      c.message('replyRule.deleted');
      return { id: removed.id };
    },
    { idempotent: true },
  );
}
