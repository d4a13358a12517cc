import type { Db, Queryable } from '../db/db';
import { badRequest } from '../http/api-error';

// The rows behind logging in and registering: the login a name stands for, the session's user info, the products an
// account holds, and a new enterprise with its first user.

export interface LoginRow {
  id: number;
  username: string;
  password_hash: string;
  cus_id: string;
  mobile: string;
  status: number;
}

/** yuan per segment, as in the demo price list. */
const HOME_LIST_PRICE = 0.05;

export const findLogin = async (q: Queryable, username: string) =>
  (
    await q.query<LoginRow>(
      'select u.id, u.username, u.password_hash, u.cus_id, u.mobile, a.status from users u join accounts a on a.cus_id = u.cus_id where u.username = $1',
      [username],
    )
  )[0];

export async function recordLogin(q: Queryable, userId: number, now: Date): Promise<void> {
  // (in one statement: the right-hand side reads the row as it was, so the previous login is the one before this)
  await q.query('update users set previous_login_at = last_login_at, last_login_at = $2 where id = $1', [userId, now]);
}

/** Sessions long past their expiry can never be refreshed again. */
export async function dropDeadSessions(q: Queryable, now: Date): Promise<void> {
  await q.query(`delete from sessions where expires_at < $1::timestamptz - interval '1 day'`, [now]);
}

/** Moves a live session's expiry; false when the session is revoked or gone. */
export async function extendSession(q: Queryable, tokenHash: string, expiresAt: Date): Promise<boolean> {
  const rows = await q.query(
    'update sessions set expires_at = $2 where token_hash = $1 and revoked_at is null returning token_hash',
    [tokenHash, expiresAt],
  );
  return rows.length > 0;
}

export async function userInfoRow(q: Queryable, userId: number) {
  const [r] = await q.query<{
    avatar: string;
    mobile: string;
    previous_login_at: Date | null;
    balance: number;
    time_zone: string;
  }>(
    'select u.avatar, u.mobile, u.previous_login_at, a.balance, a.time_zone from users u join accounts a on a.cus_id = u.cus_id where u.id = $1',
    [userId],
  );
  return r;
}

export const grantedProducts = async (q: Queryable, cusId: string) =>
  (await q.query<{ prod_type: number }>('select prod_type from account_products where cus_id = $1', [cusId])).map((r) =>
    Number(r.prod_type),
  );

/** Account ids and login names share one namespace, compared without case. */
export const epIdTaken = async (q: Queryable, epId: string) =>
  (
    await q.query(
      'select 1 from accounts where lower(cus_id) = lower($1) union all select 1 from users where lower(username) = lower($1)',
      [epId],
    )
  ).length > 0;

/** A new enterprise: its account (holding the home product at list price) and its admin user, in one transaction. */
export async function createEnterprise(
  db: Db,
  e: { epId: string; epName: string; passwordHash: string; phone: string },
): Promise<void> {
  await db.tx(async (q) => {
    const created = await q.query(
      `insert into accounts(cus_id, cus_name, ep_id, status, pay_type, balance) values ($1, $2, $1, 1, 0, 0) on conflict do nothing returning cus_id`,
      [e.epId, e.epName],
    );
    if (created.length === 0) throw badRequest('register.exists', {}, 'epId');
    await q.query('insert into account_products(cus_id, prod_type) values ($1, 0)', [e.epId]);
    // The list price of the home product, so the account can send once it is recharged.
    await q.query(
      `insert into prices(cus_id, prod_type, country_code, country_name, price) values ($1, 0, '', '', $2)`,
      [e.epId, HOME_LIST_PRICE],
    );
    const user = await q.query(
      `insert into users(username, password_hash, cus_id, name, mobile, user_type, roles, show_client_status, show_content_filter_where, more_type)
         values ($1, $2, $1, $3, $4, 1, '{admin}', 1, 1, 1) on conflict do nothing returning id`,
      [e.epId, e.passwordHash, e.epName, e.phone],
    );
    if (user.length === 0) throw badRequest('register.exists', {}, 'epId');
  });
}

/** The accounts among cusIds that hold the product, the caller's own first. */
export async function accountsWithProduct(q: Queryable, cusIds: string[], prodType: number, ownCusId: string) {
  return q.query<{ cus_id: string; cus_name: string }>(
    `select a.cus_id, a.cus_name from accounts a join account_products p on p.cus_id = a.cus_id and p.prod_type = $2
        where a.cus_id = any($1::text[]) order by (a.cus_id = $3) desc, a.cus_id`,
    [cusIds, prodType, ownCusId],
  );
}

export async function chatbotsOf(q: Queryable, cusId: string) {
  return q.query<{ chatbot_id: string; name: string }>(
    'select chatbot_id, name from chatbots where cus_id = $1 order by chatbot_id',
    [cusId],
  );
}
