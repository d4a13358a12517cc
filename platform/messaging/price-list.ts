import type { Queryable } from '../db/db';

// The price list the console keeps as reference data, from the same rows pricing.ts charges by: an account's own
// price for a product and country overrides its enterprise root's.

/** The prices of the given accounts, one row per account, product and country (optionally one product only). */
export async function listPrices(q: Queryable, cusIds: string[], prodType: number | null) {
  const rows = await q.query<{
    cus_id: string;
    prod_type: number;
    country_code: string;
    country_name: string;
    price: string | number;
  }>(
    `select distinct on (a.cus_id, p.prod_type, p.country_code) a.cus_id, p.prod_type, p.country_code, p.country_name, p.price
       from accounts a join prices p on p.cus_id = a.cus_id or p.cus_id = a.ep_id
      where a.cus_id = any($1::text[]) and ($2::smallint is null or p.prod_type = $2)
      order by a.cus_id, p.prod_type, p.country_code, (p.cus_id = a.cus_id) desc`,
    [cusIds, prodType],
  );
  return rows.map((r) => ({ ...r, prod_type: Number(r.prod_type), price: Number(r.price) }));
}

/** What a send form needs of each account: its zone, how it pays, its balance, and whether it is open. */
export async function listPriceAccounts(q: Queryable, cusIds: string[]) {
  const accounts = await q.query<{
    cus_id: string;
    time_zone: string;
    pay_type: number;
    balance: string | number;
    status: number;
  }>(
    'select cus_id, time_zone, pay_type, balance, status from accounts where cus_id = any($1::text[]) order by cus_id',
    [cusIds],
  );
  return accounts.map((a) => ({
    ...a,
    pay_type: Number(a.pay_type),
    balance: Number(a.balance),
    status: Number(a.status),
  }));
}
