import type { Queryable } from '../db/db';
import { badRequest } from '../http/api-error';
import { toYuan } from './pricing';
import type { Account } from './send-account';

/** Charges (positive) or refunds (negative) an account, keeping the ledger; prepaid accounts cannot go below 0. */
export async function charge(q: Queryable, account: Account, costUnits: number, kind: 'send' | 'refund', ref: string): Promise<void> {
  if (costUnits === 0) return;
  const [a] = await q.query<{ balance: number; pay_type: number }>('select balance, pay_type from accounts where cus_id = $1 for update', [account.cus_id]);
  if (costUnits > 0 && Number(a.pay_type) === 0 && Math.round(Number(a.balance) * 10_000) < costUnits) throw badRequest('send.insufficientBalance');
  const [post] = await q.query<{ balance: string }>('update accounts set balance = balance - $2 where cus_id = $1 returning balance', [
    account.cus_id,
    toYuan(costUnits),
  ]);
  // every balance change writes a ledger row; pre/post make refunds readable as recharge records
  await q.query('insert into balance_ledger (cus_id, amount, kind, ref, pre_balance, post_balance) values ($1, $2, $3, $4, $5, $6)', [
    account.cus_id,
    -toYuan(costUnits),
    kind,
    ref,
    Number(a.balance),
    Number(post.balance),
  ]);
}
