import type { InteractMessage, InteractSession } from '../../contract/entities.schema';
import type { Queryable } from '../db/db';
import { ms, Where } from '../lists/list-query';

// Conversations as stored: threads (the uplinks of one account and mobile) with their last activity, the messages
// of one thread both ways, and the replies sent from a thread.

export interface SessionFilter {
  cus_id?: string;
  decodeMobile?: string;
  startTime?: number;
  endTime?: number;
}

const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Threads of the given accounts matching the filter. */
export function sessionWhere(cusIds: string[], f: SessionFilter): Where {
  const w = new Where();
  w.add(`o.cus_id = any(${w.bind(cusIds)}::text[])`).add('o.deleted = false');
  if (f.decodeMobile) w.add(`o.mobile like ${w.bind(`${likeEscape(f.decodeMobile)}%`)}`);
  if (f.startTime !== undefined) w.add(`o.deliver_time >= ${w.bind(new Date(f.startTime))}`);
  if (f.endTime !== undefined) w.add(`o.deliver_time <= ${w.bind(new Date(f.endTime))}`);
  return w;
}

/** Sessions newest activity first; `page` null for every row (download). */
export async function sessions(q: Queryable, w: Where, page: { pageNumber: number; pageSize: number } | null) {
  const params = [...w.params];
  const paging = page
    ? ` limit $${params.push(page.pageSize)} offset $${params.push((page.pageNumber - 1) * page.pageSize)}`
    : ' limit 100000';
  return q.query<InteractSession>(
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
            exists(select 1 from blacklist b where b.ep_id = a.ep_id and b.cus_id in ('', a.cus_id) and b.mobile = s.mobile and not b.deleted) as unsubscribed
       from s join accounts a on a.cus_id = s.cus_id order by s.last desc, s.cus_id, s.mobile`,
    params,
  );
}

/** How many threads match. */
export async function sessionCount(q: Queryable, w: Where): Promise<number> {
  const [{ n }] = await q.query<{ n: number }>(
    `select count(*)::int8 as n from (select 1 from mo_records o where ${w.sql} group by o.cus_id, o.mobile) c`,
    w.params,
  );
  return Number(n);
}

/** Up to `limit` messages of a thread, both ways, newest first, those before `before` when given. */
export async function threadMessages(
  q: Queryable,
  cusId: string,
  mobile: string,
  limit: number,
  before?: number,
): Promise<InteractMessage[]> {
  const params: unknown[] = [cusId, mobile, limit];
  const beforeSql = before !== undefined ? ` and t < $${params.push(new Date(before))}` : '';
  return q.query<InteractMessage>(
    `select sn, direction, content, ${ms('t')} as time, "replyTo", tag from (
         select o.sn, 'mo' as direction, o.content, o.deliver_time as t, o.whole_content as "replyTo", o.tag from mo_records o
          where o.cus_id = $1 and o.mobile = $2 and o.deleted = false
         union all
         select m.sn, 'mt', m.content, m.receive_time, null, '' from mt_records m where m.mobile = $2 and m.cus_id = $1 and m.deleted = false
       ) x where true${beforeSql} order by t desc, sn desc limit $3`,
    params,
  );
}

/** The first message record of a send, when it has one. */
export async function firstMessageOf(q: Queryable, batchId: string) {
  const [mt] = await q.query<{ sn: string; segments: number }>(
    'select sn, segments from mt_records where batch_id = $1 limit 1',
    [batchId],
  );
  return mt;
}

/** Remembers a reply sent from a thread, so the thread knows when the account last answered. */
export async function recordReply(
  q: Queryable,
  r: { sn: string; cusId: string; mobile: string; batchId: string; content: string; createTime: Date },
) {
  await q.query(
    'insert into interact_replies(sn, cus_id, mobile, batch_id, content, create_time) values ($1, $2, $3, $4, $5, $6) on conflict do nothing',
    [r.sn, r.cusId, r.mobile, r.batchId, r.content, r.createTime],
  );
}
