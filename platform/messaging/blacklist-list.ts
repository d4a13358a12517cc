import {
  blacklistId,
  type BlacklistEntry,
  type BlacklistSource,
} from '../../contract/endpoints/mobile-black.endpoints';
import type { CurrentUser } from '../core/current-user';
import { canSee, readableCusIds } from '../auth/scope';
import type { Queryable } from '../db/db';
import { badRequest } from '../http/api-error';
import { feedCols, type FeedSource } from '../feed/feed-source';
import { ms } from '../lists/list-query';
import { enterpriseAccounts } from './opt-out-replies';
import { notifyAll } from '../feed/change-notices';

// The enterprise's blacklist as a list: one source for the list, the export and the change feed. Every account of an
// enterprise shares its enterprise-wide entries; an entry for one account's messages belongs to that account's data,
// reached as auth/scope.ts says. So an entry's reach is 'ep:<ep_id>' (enterprise-wide) or its cus_id, and a caller's
// scope is its own enterprise's mark plus the accounts it reads: no request field can widen either.

/** Who an entry reaches (migration 128 indexes the same expression). */
const BLACKLIST_REACH = "(case when b.cus_id = '' then 'ep:' || b.ep_id else b.cus_id end)";

export const BLACKLIST_SOURCE: FeedSource = {
  table: 'blacklist',
  alias: 'b',
  from: 'blacklist b',
  select: `b.id, b.ep_id, b.cus_id, b.mobile, b.source, ${ms('b.created_at')} as created_at, b.created_by, b.note, ${feedCols('b')}`,
  scope: BLACKLIST_REACH,
  time: 'b.created_at',
  key: 'b.id',
  horizon: 'b.created_at',
  base: 'b.deleted = false',
};

/** What the caller reaches of the list: its enterprise's shared entries and those of the accounts it reads. */
export const blacklistScope = (user: CurrentUser) => [`ep:${user.ep_id}`, ...readableCusIds(user, 'data')];

/** The entry scope a caller may give: '' (the enterprise) or an account of its enterprise. */
export async function checkEntryScope(q: Queryable, user: CurrentUser, cusId: string): Promise<string> {
  if (cusId === '') return '';
  const [a] = await q.query('select 1 from accounts where cus_id = $1 and ep_id = $2', [cusId, user.ep_id]);
  if (!a || !canSee(user, cusId, 'data')) throw badRequest('blacklist.accountNotInEnterprise', {}, 'cus_id');
  return cusId;
}

export interface NewEntries {
  mobiles: string[];
  cusId: string;
  source: BlacklistSource;
  note: string | null;
}

/** Adds entries (a removed one comes back); answers the numbers added. A number already listed for the scope is
 * left as it is. */
export async function addEntries(q: Queryable, user: CurrentUser, e: NewEntries, now: Date): Promise<Set<string>> {
  if (e.mobiles.length === 0) return new Set();
  const rows = await q.query<{ mobile: string }>(
    `insert into blacklist (ep_id, cus_id, mobile, source, created_at, created_by, note, updated_at)
     select $1, $2, m, $4, $5, $6, $7, $5 from unnest($3::text[]) as m
     on conflict (ep_id, cus_id, mobile) do update set deleted = false, source = excluded.source, created_at = excluded.created_at,
       created_by = excluded.created_by, note = excluded.note, updated_at = excluded.updated_at
       where blacklist.deleted
     returning mobile`,
    [user.ep_id, e.cusId, e.mobiles, e.source, now, user.username, e.note],
  );
  return new Set(rows.map((r) => r.mobile));
}

/** Removes the caller's enterprise's entries among `ids`; answers how many were live. */
export async function deleteEntries(q: Queryable, user: CurrentUser, ids: string[], now: Date): Promise<number> {
  const rows = await q.query(
    `update blacklist set deleted = true, updated_at = $3
      where ep_id = $1 and id = any($2::text[]) and (cus_id = '' or cus_id = any($4::text[])) and not deleted returning id`,
    [user.ep_id, ids, now, readableCusIds(user, 'data')],
  );
  return rows.length;
}

/** Tells every console of the enterprise to pull. */
export async function notifyBlacklist(q: Queryable, user: CurrentUser): Promise<void> {
  await notifyAll(q, ['blacklist'], await enterpriseAccounts(q, [user.cus_id]));
}

export const entryIdOf = (user: CurrentUser, cusId: string, mobile: string) => blacklistId(user.ep_id, cusId, mobile);
export type { BlacklistEntry };
