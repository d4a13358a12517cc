import type { FastifyInstance } from 'fastify';
import { pullRequest } from '../../contract/endpoints/feed.endpoints';
import { SUCCESS_TYPE } from '../../contract/envelope';
import { translate } from '../../contract/messages';
import type { CurrentUser } from '../core/current-user';
import { readableCusIds } from '../auth/scope';
import type { AppContext } from '../core/context';
import { unauthorized } from '../http/api-error';
import { languageOf } from '../http/language';
import { callerOf } from '../http/authentication';
import { zodToApiError } from '../http/route';
import { pullFeed } from './change-feed';
import type { FeedSource } from './feed-source';

/** The pull route of the change feed for one resource. The answer is spliced from the JSON text the database renders
 * (change-feed.ts), in the envelope route() gives, so the checks of route() are made here by hand. `scopeOf` names
 * the values of the source's scope column the caller reaches (its readable accounts unless the resource is scoped
 * otherwise, as an enterprise's shared list is). A source given as a function of the caller answers each caller its own
 * form of the documents (the records' outcomes, records/client-status.ts). */
export function registerPullRoute(
  app: FastifyInstance,
  ctx: AppContext,
  path: string,
  source: FeedSource | ((user: CurrentUser) => FeedSource),
  scopeOf: (user: CurrentUser) => string[] = (user) => readableCusIds(user, 'data'),
): void {
  app.post(path, async (req, reply) => {
    const user = await callerOf(req);
    if (!user) throw unauthorized();
    const parsed = pullRequest.safeParse(req.body ?? {});
    if (!parsed.success) throw zodToApiError(parsed.error, req.body ?? {});
    const page = await pullFeed(
      ctx.db,
      typeof source === 'function' ? source(user) : source,
      parsed.data,
      scopeOf(user),
    );
    const head = JSON.stringify({ type: SUCCESS_TYPE, message: translate(languageOf(req), 'common.ok') }).slice(0, -1);
    const data = `{"documents":${page.documentsJson},"checkpoint":${JSON.stringify(page.checkpoint)},"highWater":${page.highWater}}`;
    return reply.type('application/json; charset=utf-8').send(`${head},"data":${data}}`);
  });
}
