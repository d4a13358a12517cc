import type { FastifyInstance } from 'fastify';
import {
  interactDownloadEndpoint,
  interactListEndpoint,
  messageInteractListEndpoint,
  messageInteractSendEndpoint,
} from '../../contract/endpoints/interact.endpoints';
import type { CurrentUser } from '../core/current-user';
import { canSee, scopeCusIdsMatching } from '../auth/scope';
import type { AppContext } from '../core/context';
import { forbidden, unauthorized } from '../http/api-error';
import { route } from '../http/route';
import { authedRoute } from '../lists/read-route';
import { sendXlsx } from '../lists/xlsx-export';
import {
  firstMessageOf,
  recordReply,
  sessionCount,
  sessions,
  sessionWhere,
  threadMessages,
  type SessionFilter,
} from './interact';
import { submitSend } from './send';

// Conversations: the uplinks (MO) of one account and mobile make a thread, shown with the
// messages sent to that mobile (MT), each reply with the message it answers. A reply from the thread is an ordinary
// one-number home send through the send pipeline (billed, reviewed, reported like any other), remembered in
// interact_replies so the thread knows when the account last answered.

/** The caller's threads (every visible account, or the one asked for) matching the filter. */
const whereFor = (user: CurrentUser, f: SessionFilter) => sessionWhere(scopeCusIdsMatching(user, f.cus_id), f);

export function registerInteractRoutes(app: FastifyInstance, ctx: AppContext): void {
  authedRoute(app, ctx, interactListEndpoint, async ({ body, user }) => {
    const w = whereFor(user, body);
    const data = await sessions(ctx.db, w, body);
    return { total: await sessionCount(ctx.db, w), data };
  });

  authedRoute(app, ctx, interactDownloadEndpoint, async ({ body, user, lang, reply }) => {
    const rows = await sessions(ctx.db, whereFor(user, body), null);
    await sendXlsx(
      reply,
      lang,
      'conversations',
      [
        { label: { zh: '发送账号', en: 'Account' }, value: 'cus_id' },
        { label: { zh: '账号名称', en: 'Account name' }, value: 'cus_name' },
        { label: { zh: '手机号码', en: 'Phone number' }, value: 'decodeMobile' },
        { label: { zh: '最新消息', en: 'Last message' }, value: 'lastContent', width: 50 },
        { label: { zh: '最新时间', en: 'Last time' }, value: 'lastTime', time: true, width: 20 },
        { label: { zh: '未回复', en: 'Unanswered' }, value: 'unreadCount' },
        { label: { zh: '消息数', en: 'Messages' }, value: 'messageCount' },
      ],
      (async function* () {
        yield* rows;
      })(),
    );
  });

  // flagged as not needing a token, so the check is made here: the thread is still the caller's only
  route(app, ctx, messageInteractListEndpoint, async ({ body, user }) => {
    if (!user) throw unauthorized();
    if (!canSee(user, body.cus_id, 'data')) throw forbidden('interact.accountNotVisible');
    const rows = await threadMessages(ctx.db, body.cus_id, body.decodeMobile, body.limit + 1, body.before);
    const hasMore = rows.length > body.limit;
    return { messages: rows.slice(0, body.limit).reverse(), hasMore };
  });

  route(
    app,
    ctx,
    messageInteractSendEndpoint,
    async ({ body, user, message }) => {
      const caller = user!;
      const answer = await submitSend(ctx, caller, {
        cus_id: body.cus_id,
        prod_type: 0,
        content: body.content,
        mobiles: body.decodeMobile,
      });
      const mt = await firstMessageOf(ctx.db, answer.batch_id);
      await recordReply(ctx.db, {
        sn: mt?.sn ?? answer.batch_id,
        cusId: body.cus_id,
        mobile: body.decodeMobile,
        batchId: answer.batch_id,
        content: body.content,
        createTime: ctx.now(),
      });
      message('send.success');
      return { sn: mt?.sn ?? answer.batch_id, segments: mt ? Number(mt.segments) : answer.segments };
    },
    { idempotent: true },
  );
}
