import type { FastifyInstance } from 'fastify';
import {
  interactDownloadEndpoint,
  interactListEndpoint,
  messageInteractListEndpoint,
  messageInteractSendEndpoint,
} from '../../contract/endpoints/interact.endpoints';
import type { InteractMessage, InteractSession } from '../../contract/entities.schema';
import type { CurrentUser } from '../auth/current-user';
import { canSee, scopeCusIdsMatching } from '../auth/scope';
import type { AppContext } from '../context';
import { forbidden, unauthorized } from '../http/api-error';
import { route } from '../http/route';
import { ms, Where } from '../lists/list-query';
import { authedRoute } from '../lists/read-route';
import { sendXlsx } from '../lists/xlsx-export';
import { submitSend } from './send';

// Conversations: the uplinks (MO) of one account and mobile make a thread, shown with the
// messages sent to that mobile (MT), each reply with the message it answers. A reply from the thread is an ordinary
// one-number home send through the send pipeline (billed, reviewed, reported like any other), remembered in
// interact_replies so the thread knows when the account last answered.

interface SessionFilter {
  cus_id?: string;
  decodeMobile?: string;
  startTime?: number;
  endTime?: number;
}

const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

function sessionWhere(user: CurrentUser, f: SessionFilter): Where {
  const w = new Where();
  w.add(`o.cus_id = any(${w.bind(scopeCusIdsMatching(user, f.cus_id))}::text[])`).add('o.deleted = false');
  if (f.decodeMobile) w.add(`o.mobile like ${w.bind(`${likeEscape(f.decodeMobile)}%`)}`);
  if (f.startTime !== undefined) w.add(`o.deliver_time >= ${w.bind(new Date(f.startTime))}`);
  if (f.endTime !== undefined) w.add(`o.deliver_time <= ${w.bind(new Date(f.endTime))}`);
  return w;
}

/** Sessions newest activity first; `page` null for every row (download). */
async function sessions(ctx: AppContext, w: Where, page: { pageNumber: number; pageSize: number } | null) {
  const params = [...w.params];
  const paging = page ? ` limit $${params.push(page.pageSize)} offset $${params.push((page.pageNumber - 1) * page.pageSize)}` : ' limit 100000';
  return ctx.db.query<InteractSession>(
    `with t as (select o.cus_id, o.mobile, max(o.deliver_time) as last_mo, count(*) as n_mo from mo_records o where ${w.sql} group by o.cus_id, o.mobile),
          s as (select t.*, r.last_reply, r.n_reply, r.reply_content, greatest(t.last_mo, r.last_reply) as last
                  from t left join lateral (select max(ir.create_time) as last_reply, count(*) as n_reply,
                                                   (array_agg(ir.content order by ir.create_time desc))[1] as reply_content
                                              from interact_replies ir where ir.cus_id = t.cus_id and ir.mobile = t.mobile) r on true
                 order by last desc, t.cus_id, t.mobile${paging})
     select s.cus_id, a.cus_name, s.mobile as "decodeMobile", ${ms('s.last')} as "lastTime",
            case when s.last_reply is not null and s.last_reply >= s.last_mo then s.reply_content
                 else (select o.content from mo_records o where o.cus_id = s.cus_id and o.mobile = s.mobile and o.deleted = false order by o.deliver_time desc limit 1) end as "lastContent",
            (select count(*) from mo_records o where o.cus_id = s.cus_id and o.mobile = s.mobile and o.deleted = false
                and (s.last_reply is null or o.deliver_time > s.last_reply))::int8 as "unreadCount",
            (s.n_mo + (select count(*) from mt_records m where m.mobile = s.mobile and m.cus_id = s.cus_id and m.deleted = false))::int8 as "messageCount",
            exists(select 1 from blacklist b where b.ep_id = a.ep_id and b.mobile = s.mobile) as unsubscribed
       from s join accounts a on a.cus_id = s.cus_id order by s.last desc, s.cus_id, s.mobile`,
    params,
  );
}

export function registerInteractRoutes(app: FastifyInstance, ctx: AppContext): void {
  authedRoute(app, ctx, interactListEndpoint, async ({ body, user }) => {
    const w = sessionWhere(user, body);
    const data = await sessions(ctx, w, body);
    const [{ n }] = await ctx.db.query<{ n: number }>(
      `select count(*)::int8 as n from (select 1 from mo_records o where ${w.sql} group by o.cus_id, o.mobile) c`,
      w.params,
    );
    return { total: Number(n), data };
  });

  authedRoute(app, ctx, interactDownloadEndpoint, async ({ body, user, lang, reply }) => {
    const rows = await sessions(ctx, sessionWhere(user, body), null);
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
    const params: unknown[] = [body.cus_id, body.decodeMobile, body.limit + 1];
    const before = body.before !== undefined ? ` and t < $${params.push(new Date(body.before))}` : '';
    const rows = await ctx.db.query<InteractMessage>(
      `select sn, direction, content, ${ms('t')} as time, "replyTo" from (
         select o.sn, 'mo' as direction, o.content, o.deliver_time as t, o.whole_content as "replyTo" from mo_records o
          where o.cus_id = $1 and o.mobile = $2 and o.deleted = false
         union all
         select m.sn, 'mt', m.content, m.receive_time, null from mt_records m where m.mobile = $2 and m.cus_id = $1 and m.deleted = false
       ) x where true${before} order by t desc, sn desc limit $3`,
      params,
    );
    const hasMore = rows.length > body.limit;
    return { messages: rows.slice(0, body.limit).reverse(), hasMore };
  });

  route(
    app,
    ctx,
    messageInteractSendEndpoint,
    async ({ body, user, message }) => {
      const caller = user!;
      const answer = await submitSend(ctx, caller, { cus_id: body.cus_id, prod_type: 0, content: body.content, mobiles: body.decodeMobile });
      const [mt] = await ctx.db.query<{ sn: string; segments: number }>('select sn, segments from mt_records where batch_id = $1 limit 1', [answer.batch_id]);
      await ctx.db.query(
        'insert into interact_replies(sn, cus_id, mobile, batch_id, content, create_time) values ($1, $2, $3, $4, $5, $6) on conflict do nothing',
        [mt?.sn ?? answer.batch_id, body.cus_id, body.decodeMobile, answer.batch_id, body.content, ctx.now()],
      );
      message('send.success');
      return { sn: mt?.sn ?? answer.batch_id, segments: mt ? Number(mt.segments) : answer.segments };
    },
    { idempotent: true },
  );
}
