import { prepared, type Queryable } from '../db/db';
import type { SmppAccountOptions } from '../smpp/bind-auth';

// The SQL of a signed request's caller: its account, as the SMPP server reads it, and the nonces already used.

export interface CallerAccount {
  cus_id: string;
  ep_id: string;
  status: number;
  ext_number: string | null;
  options: SmppAccountOptions;
  products: number[];
}

/** The account an app id names; removed accounts (status 2) are not found. */
export async function callerAccount(q: Queryable, appId: string): Promise<CallerAccount | null> {
  const [a] = await q.query<{
    cus_id: string;
    ep_id: string;
    status: number;
    ext_number: string | null;
    options: SmppAccountOptions | null;
    products: number[] | null;
  }>(
    prepared`select a.cus_id, a.ep_id, a.status, a.ext_number, a.options,
            (select array_agg(prod_type::int) from account_products p where p.cus_id = a.cus_id) as products
       from accounts a where a.cus_id = $1 and a.status <> 2`,
    [appId],
  );
  if (!a) return null;
  return { ...a, status: Number(a.status), options: a.options ?? {}, products: (a.products ?? []).map(Number) };
}

/** Takes a nonce for an app id until `expiresAt`: false when it is already taken (by this or another instance). */
export async function takeNonce(q: Queryable, appId: string, nonce: string, expiresAt: Date): Promise<boolean> {
  const rows = await q.query(
    'insert into http_nonces (app_id, nonce, expires_at) values ($1, $2, $3) on conflict do nothing returning nonce',
    [appId, nonce, expiresAt],
  );
  return rows.length > 0;
}

export async function pruneNonces(q: Queryable, now: Date): Promise<void> {
  await q.query('delete from http_nonces where expires_at < $1', [now]);
}
