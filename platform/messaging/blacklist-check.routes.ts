import type { FastifyInstance } from 'fastify';
import { blacklistCheckEndpoint } from '../../contract/endpoints/blacklist-check.endpoints';
import { canSee } from '../auth/scope';
import type { AppContext } from '../core/context';
import { forbidden } from '../http/api-error';
import { route } from '../http/route';
import { translate } from '../../contract/messages';
import { blockedNumbers, blockReasonKey } from './blacklist';
import { loadAccount } from './send-account';

// The check a send form makes before confirming: the same lookup the send makes (a slice of numbers per statement,
// yielding between them), so a 100,000-number list never holds the database in one statement.

export function registerBlacklistCheckRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, blacklistCheckEndpoint, async ({ body, user, lang }) => {
    // the same refusal as a send for an account the caller does not reach: whether it exists is not told
    if (!canSee(user, body.cus_id, 'data')) throw forbidden('send.accountQueryFailed');
    const account = await loadAccount(ctx.db, body.cus_id);
    if (!account) throw forbidden('send.accountQueryFailed');
    const listed = await blockedNumbers(ctx.db, account, [...new Set(body.mobiles)]);
    // a number listed twice is one blacklisted number, reported once
    const out = [...new Set(body.mobiles.filter((m) => listed.has(m)))];
    return {
      blacklisted: out,
      count: out.length,
      reasons: out.map((m) => translate(lang, blockReasonKey(listed.get(m)!))),
    };
  });
}
