import { prepared, type Queryable } from '../db/db';
import { badRequest } from '../http/api-error';

// Every balance change writes its ledger row here, in the caller's transaction, so every balance equals the sum of
// its ledger: moveBalance for recharges and adjustments, takeBalance for one send's charge or refund, writeLedger for
// the moves a send's charge makes itself (messaging/charge.ts, which locks and moves the balances of many sends at once).

/** send: a send's charge; refund: an automatic refund; recharge: money in or out by a charge; adjust: a price
 * adjustment; other: any other adjustment. */
export type LedgerKind = 'send' | 'refund' | 'recharge' | 'adjust' | 'other';

/** recharge_type of the recharge records: 0 account recharge, 1 automatic refund, 2 price adjustment, 3 other. */
export const RECHARGE_TYPE_OF: Record<Exclude<LedgerKind, 'send'>, number> = {
  recharge: 0,
  refund: 1,
  adjust: 2,
  other: 3,
};
export const KIND_OF_RECHARGE_TYPE = ['recharge', 'refund', 'adjust', 'other'] as const;

/** One ledger row: `amount` yuan moved on an account (negative: out), with its balance before and after. */
export interface LedgerRow {
  cus_id: string;
  amount: number;
  kind: LedgerKind;
  ref: string | null;
  pre: number;
  post: number;
  /** what whoever charged typed; empty for the platform's own moves. */
  remark?: string;
}

/** The one writer of the ledger: rows for balances the caller has moved in its transaction, in one statement. */
export async function writeLedger(q: Queryable, rows: LedgerRow[]): Promise<void> {
  if (rows.length === 0) return;
  await q.query(
    `insert into balance_ledger (cus_id, amount, kind, ref, pre_balance, post_balance, remark)
     select * from unnest($1::text[], $2::numeric[], $3::text[], $4::text[], $5::numeric[], $6::numeric[], $7::text[])`,
    [
      rows.map((r) => r.cus_id),
      rows.map((r) => r.amount),
      rows.map((r) => r.kind),
      rows.map((r) => r.ref),
      rows.map((r) => r.pre),
      rows.map((r) => r.post),
      rows.map((r) => r.remark ?? ''),
    ],
  );
}

/** What an account row lets a send spend, in 1/10000 yuan: a prepaid account (pay_type 0) its balance, a postpaid one
 * anything. takeBalance's statement applies the same rule in SQL, where the row is updated. */
export const spendableUnits = (a: { balance: number | string; pay_type: number }) =>
  Number(a.pay_type) === 0 ? Math.round(Number(a.balance) * 10_000) : Infinity;

export interface Movement {
  pre: number;
  post: number;
}

/** Moves `amount` yuan (negative: out) on an account, locking it; prepaid accounts never go below 0 unless `allowNegative`. */
export async function moveBalance(
  q: Queryable,
  cusId: string,
  amount: number,
  kind: LedgerKind,
  opts: { ref?: string; remark?: string; allowNegative?: boolean } = {},
): Promise<Movement> {
  const [a] = await q.query<{ balance: string; pay_type: number }>(
    'select balance, pay_type from accounts where cus_id = $1 for no key update',
    [cusId],
  );
  if (!a) throw badRequest('customer.editFailure');
  const pre = Number(a.balance);
  // in 1/10000 yuan, so float noise neither passes nor fails a limit
  const post = Math.round(pre * 10_000 + amount * 10_000) / 10_000;
  if (post < 0 && Number(a.pay_type) === 0 && !opts.allowNegative)
    throw badRequest('v.recharge.exceedsBalance', {}, 'amount');
  await q.query('update accounts set balance = $2 where cus_id = $1', [cusId, post]);
  await writeLedger(q, [{ cus_id: cusId, amount, kind, ref: opts.ref ?? null, pre, post, remark: opts.remark ?? '' }]);
  return { pre, post };
}

/** Moves `amount` yuan out of an account (negative: in) and writes its ledger row in one statement, when a prepaid
 * account's balance covers it (a postpaid account, or money in, always); answers the balance after, or null when the
 * balance did not cover it and nothing moved. The check is the update's own condition: a concurrent move of the same
 * row makes it wait for that transaction and test the balance that transaction left, so it is exact under any
 * concurrency; and the row stays locked from this one round trip to the commit, not from a read before it. */
export async function takeBalance(
  q: Queryable,
  cusId: string,
  amount: number,
  kind: LedgerKind,
  ref: string | null,
): Promise<number | null> {
  const [moved] = await q.query<{ balance: string }>(
    prepared`with moved as (
       update accounts set balance = balance - $2::numeric
        where cus_id = $1 and ($2::numeric <= 0 or pay_type <> 0 or balance >= $2::numeric)
       returning balance
     ), logged as (
       insert into balance_ledger (cus_id, amount, kind, ref, pre_balance, post_balance, remark)
       select $1, -$2::numeric, $3, $4, balance + $2::numeric, balance, '' from moved
     )
     select balance from moved`,
    [cusId, amount, kind, ref],
  );
  return moved ? Number(moved.balance) : null;
}
