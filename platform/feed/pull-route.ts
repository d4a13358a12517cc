import type { FastifyInstance } from 'fastify';
import { LIBRARY_FEEDS, type LibraryFeed } from '../../contract/endpoints/library-feed.endpoints';
import { pullRequest } from '../../contract/endpoints/feed.endpoints';
import { SUCCESS_TYPE } from '../../contract/envelope';
import { translate } from '../../contract/messages';
import { readableCusIds } from '../auth/scope';
import type { AppContext } from '../context';
import { unauthorized } from '../http/api-error';
import { languageOf } from '../http/language';
import { callerOf, zodToApiError } from '../http/route';
import { pullFeed } from './change-feed';
import { LIBRARY_SOURCES } from '../library/sources';

/** A pull route of the change feed for a library resource, answered like routes/feed.routes.ts (JSON text spliced). */
export function registerLibraryPull(app: FastifyInstance, ctx: AppContext, resource: LibraryFeed): void {
  app.post(LIBRARY_FEEDS[resource].path, async (req, reply) => {
    const user = await callerOf(ctx, req);
    if (!user) throw unauthorized();
    const parsed = pullRequest.safeParse(req.body ?? {});
    if (!parsed.success) throw zodToApiError(parsed.error, req.body ?? {});
    const page = await pullFeed(ctx.db, LIBRARY_SOURCES[resource], parsed.data, readableCusIds(user, 'data'));
    const head = JSON.stringify({ type: SUCCESS_TYPE, message: translate(languageOf(req), 'common.ok') }).slice(0, -1);
    const data = `{"documents":${page.documentsJson},"checkpoint":${JSON.stringify(page.checkpoint)},"highWater":${page.highWater}}`;
    return reply.type('application/json; charset=utf-8').send(`${head},"data":${data}}`);
  });
}
