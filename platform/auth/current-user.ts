import type { Queryable } from '../db/db';
import type { CurrentUser } from '../core/current-user';
import { hashToken } from './tokens';

export async function userForToken(q: Queryable, token: string, now: Date): Promise<CurrentUser | null> {
  return userForTokenHash(q, hashToken(token), now);
}

/** The same by the stored hash (event streams hold the hash, never the token). */
export async function userForTokenHash(q: Queryable, tokenHash: string, now: Date): Promise<CurrentUser | null> {
  const rows = await q.query<Record<string, unknown>>(
    `select s.expires_at, u.id, u.username, u.name, u.cus_id, a.ep_id, u.user_type, u.show_client_status, u.client_forbid_unknown,
            u.show_content_filter_where, u.more_type, u.roles, u.permissions
       from sessions s join users u on u.id = s.user_id join accounts a on a.cus_id = u.cus_id
      where s.token_hash = $1 and s.revoked_at is null and s.expires_at > $2 and a.status <> 2`,
    [tokenHash, now],
  );
  const r = rows[0];
  if (!r) return null;
  const userType = Number(r.user_type);
  const visible = await visibleAccounts(q, String(r.cus_id), String(r.ep_id), userType);
  return {
    id: Number(r.id),
    username: String(r.username),
    name: String(r.name),
    cus_id: String(r.cus_id),
    ep_id: String(r.ep_id),
    userType,
    showClientStatus: Number(r.show_client_status),
    clientForbidUnknown: Number(r.client_forbid_unknown),
    showContentFilterWhere: Number(r.show_content_filter_where),
    moreType: Number(r.more_type),
    roles: r.roles as string[],
    permissions: r.permissions as string[],
    visibleCusIds: visible,
    tokenHash,
    expiresAt: new Date(r.expires_at as string | Date),
  };
}

export async function visibleAccounts(q: Queryable, cusId: string, epId: string, userType: number): Promise<string[]> {
  if (userType === 1) {
    return (
      await q.query<{ cus_id: string }>(
        'select cus_id from accounts where ep_id = $1 and status <> 2 order by cus_id',
        [epId],
      )
    ).map((r) => r.cus_id);
  }
  if (userType === 2) {
    return (
      await q.query<{ cus_id: string }>(
        'select cus_id from accounts where (cus_id = $1 or parent_id = $1) and status <> 2 order by cus_id',
        [cusId],
      )
    ).map((r) => r.cus_id);
  }
  return [cusId];
}
