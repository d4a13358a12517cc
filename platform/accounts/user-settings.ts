import type { Queryable } from '../db/db';

// Personal settings and API access as stored: the user's own row, its certification, and its account's name,
// callback options and interface password.

export async function setPasswordHash(q: Queryable, userId: number, hash: string): Promise<void> {
  await q.query('update users set password_hash = $2 where id = $1', [userId, hash]);
}

export async function setMobile(q: Queryable, userId: number, mobile: string): Promise<void> {
  await q.query('update users set mobile = $2 where id = $1', [userId, mobile]);
}

export async function setCusName(q: Queryable, cusId: string, cusName: string): Promise<void> {
  await q.query('update accounts set cus_name = $2 where cus_id = $1', [cusId, cusName]);
}

export interface Certification {
  cardName: string;
  cardNumberMasked: string;
  cardNumberHash: string;
  phone: string;
  certifiedAt: Date;
}

/** One certification per user: a new one replaces the last. */
export async function saveCertification(q: Queryable, userId: number, c: Certification): Promise<void> {
  await q.query(
    `insert into user_certifications(user_id, card_name, card_number_masked, card_number_hash, phone, certified_at) values ($1, $2, $3, $4, $5, $6)
       on conflict (user_id) do update set card_name = excluded.card_name, card_number_masked = excluded.card_number_masked,
         card_number_hash = excluded.card_number_hash, phone = excluded.phone, certified_at = excluded.certified_at`,
    [userId, c.cardName, c.cardNumberMasked, c.cardNumberHash, c.phone, c.certifiedAt],
  );
}

/** Sets the given keys of the account's options, leaving the others as they are. */
export async function mergeAccountOptions(q: Queryable, cusId: string, patch: Record<string, unknown>): Promise<void> {
  await q.query("update accounts set options = coalesce(options, '{}'::jsonb) || $2::jsonb where cus_id = $1", [
    cusId,
    JSON.stringify(patch),
  ]);
}

export async function apiInfoRow(q: Queryable, cusId: string) {
  const [a] = await q.query<{
    cus_name: string;
    options: Record<string, unknown> | null;
    has_pw: boolean | null;
    rotated_at: Date | null;
  }>(
    `select a.cus_name, a.options, c.interface_password_hash is not null as has_pw, c.rotated_at
       from accounts a left join account_credentials c on c.cus_id = a.cus_id where a.cus_id = $1`,
    [cusId],
  );
  return a;
}

export async function setInterfacePassword(
  q: Queryable,
  cusId: string,
  hashes: { full: string; prefix: string | null },
): Promise<void> {
  await q.query(
    'update account_credentials set interface_password_hash = $2, interface_password_prefix_hash = $3 where cus_id = $1',
    [cusId, hashes.full, hashes.prefix],
  );
}

export async function personalInfoRow(q: Queryable, userId: number) {
  const [u] = await q.query<{
    username: string;
    name: string;
    mobile: string;
    cus_name: string;
    balance: string;
    card_name: string | null;
    card_number_masked: string | null;
    certified_at: Date | null;
  }>(
    `select u.username, u.name, u.mobile, a.cus_name, a.balance, c.card_name, c.card_number_masked, c.certified_at
         from users u join accounts a on a.cus_id = u.cus_id left join user_certifications c on c.user_id = u.id where u.id = $1`,
    [userId],
  );
  return u;
}
