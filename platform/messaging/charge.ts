import type { Queryable } from '../db/db';
import { badRequest } from '../http/api-error';
import { toYuan } from './pricing';
import type { Account } from './send-account';

/** Charges (positive) or refunds (negative) an account, keeping the ledger; prepaid accounts cannot go below 0. */
export async function charge(q: Queryable, account: Account, costUnits: number, kind: 'send' | 'refund', ref: string): Promise<void> {
  if (costUnits === 0) return;
  const [a] = await q.query<{ balance: number; pay_type: number }>('select balance, pay_type from accounts where cus_id = $1 for no key update', [
    account.cus_id,
  ]);
  if (costUnits > 0 && Number(a.pay_type) === 0 && Math.round(Number(a.balance) * 10_000) < costUnits) throw badRequest('send.insufficientBalance');
  await chargeLocked(q, account.cus_id, Number(a.balance), costUnits, kind, ref);
}

/**
 * Moves a charge (positive) or refund (negative) the caller has already checked, on an account row it holds locked in
 * `q`'s transaction, `balance` being what that row holds; writes the ledger row and answers the balance after, so a
 * caller moving several amounts under one lock reads the row once. The lock is `for no key update`, as every balance
 * change takes it: the FOR KEY SHARE that inserts referencing the account (callbacks queued by receipts) take does not
 * wait for it, so a send never deadlocks with a receipt.
 */
export async function chargeLocked(q: Queryable, cusId: string, balance: number, costUnits: number, kind: 'send' | 'refund', ref: string): Promise<number> {
  if (costUnits === 0) return balance;
  const [post] = await q.query<{ balance: string }>('update accounts set balance = balance - $2 where cus_id = $1 returning balance', [
    cusId,
    toYuan(costUnits),
  ]);
  // every balance change writes a ledger row; pre/post make refunds readable as recharge records
  await q.query('insert into balance_ledger (cus_id, amount, kind, ref, pre_balance, post_balance) values ($1, $2, $3, $4, $5, $6)', [
    cusId,
    -toYuan(costUnits),
    kind,
    ref,
    balance,
    Number(post.balance),
  ]);
  return Number(post.balance);
}
