import type { FastifyInstance } from 'fastify';
import { noticeListEndpoint, noticeReadEndpoint } from '../../contract/endpoints/notice.endpoints';
import { FEED_RESOURCES } from '../../contract/endpoints/feed.endpoints';
import type { CurrentUser } from '../core/current-user';
import { readableCusIds } from '../auth/scope';
import type { AppContext } from '../core/context';
import { registerPullRoute } from '../feed/pull-route';
import { route } from '../http/route';
import { listNotices, markRead, NOTICE_SOURCE } from './notice-rows';

// The notices' list, marking read and change feed, each scoped to the caller's own account.

const recipient = (user: CurrentUser) => readableCusIds(user, 'notices')[0];

export function registerNoticeRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, noticeListEndpoint, async ({ body, user }) => listNotices(ctx.db, recipient(user), body));

  route(
    app,
    ctx,
    noticeReadEndpoint,
    async ({ body, user, message }) => {
      const out = await markRead(ctx.db, recipient(user), body, ctx.now());
      message('notice.marked');
      return out;
    },
    { idempotent: true },
  );

  registerPullRoute(app, ctx, FEED_RESOURCES.notice.path, NOTICE_SOURCE, (user) => readableCusIds(user, 'notices'));
}
