import type { Notice } from '../../contract/notice.schema';
import type { Queryable } from '../db/db';
import { feedCols, type FeedSource } from '../feed/feed-source';
import { ms } from '../lists/list-query';
import { notifyChanged } from '../feed/change-notices';

// Reading and marking the notices of one account. Every function takes the recipient account the caller's scope
// allows (auth/scope.ts, 'notices'), never an account from the request.

const COLUMNS = `n.id, n.cus_id, n.kind, n.params, n.link, ${ms('n.created_at')} as created_at, ${ms('n.read_at')} as read_at`;

/** The change feed of notices: the list's document, plus `unread` for the console's index. */
export const NOTICE_SOURCE: FeedSource = {
  table: 'notices',
  alias: 'n',
  from: 'notices n',
  select: `${COLUMNS}, (case when n.read_at is null then 1 else 0 end) as unread, ${feedCols('n')}`,
  scope: 'n.cus_id',
  time: 'n.created_at',
  key: 'n.id',
  horizon: 'n.created_at',
  base: 'n.deleted = false',
};

const toNotice = (r: Record<string, unknown>): Notice => ({
  ...(r as unknown as Notice),
  created_at: Number(r.created_at),
  read_at: r.read_at === null ? null : Number(r.read_at),
});

/** How many notices of the account are unread. */
export async function unreadCount(q: Queryable, cusId: string): Promise<number> {
  const [r] = await q.query<{ n: number }>(
    'select count(*)::int as n from notices where cus_id = $1 and read_at is null and not deleted',
    [cusId],
  );
  return Number(r.n);
}

/** A page of the account's notices, newest first, with the total of the filter and the account's unread count. */
export async function listNotices(
  q: Queryable,
  cusId: string,
  page: { pageNumber: number; pageSize: number; unreadOnly: boolean },
) {
  const unreadOnly = page.unreadOnly ? ' and n.read_at is null' : '';
  const rows = await q.query<Record<string, unknown>>(
    `select ${COLUMNS} from notices n where n.cus_id = $1 and not n.deleted${unreadOnly} order by n.created_at desc, n.id desc limit $2 offset $3`,
    [cusId, page.pageSize, (page.pageNumber - 1) * page.pageSize],
  );
  const [c] = await q.query<{ total: number; unread: number }>(
    `select count(*)::int as total, count(*) filter (where n.read_at is null)::int as unread from notices n where n.cus_id = $1 and not n.deleted${unreadOnly}`,
    [cusId],
  );
  return { total: Number(c.total), unread: Number(c.unread), data: rows.map(toNotice) };
}

/** Marks the account's notices read: the named ones, or all created up to `upTo`. Ids of other accounts' notices
 * match nothing. Answers how many changed and how many stay unread. */
export async function markRead(
  q: Queryable,
  cusId: string,
  which: { ids?: string[]; all?: boolean; upTo?: number },
  now: Date,
) {
  const changed = which.ids
    ? await q.query(
        'update notices set read_at = $3 where cus_id = $1 and id = any($2::text[]) and read_at is null and not deleted returning id',
        [cusId, which.ids, now],
      )
    : await q.query(
        'update notices set read_at = $2 where cus_id = $1 and read_at is null and not deleted and created_at <= $3 returning id',
        [cusId, now, which.upTo === undefined ? now : new Date(which.upTo)],
      );
  if (changed.length > 0) await notifyChanged(q, 'notice', [cusId]);
  return { updated: changed.length, unread: await unreadCount(q, cusId) };
}
