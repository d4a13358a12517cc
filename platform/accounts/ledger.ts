import type { Queryable } from '../db/db';
import { badRequest } from '../http/api-error';

// Every balance change goes through here (or messaging/charge.ts): the balance moves and its ledger row is
// written in the caller's transaction, so every balance equals the sum of its ledger.

/** send: a send's charge; refund: an automatic refund; recharge: money in or out by a charge; adjust: a price
 * adjustment; other: any other adjustment. */
export type LedgerKind = 'send' | 'refund' | 'recharge' | 'adjust' | 'other';

/** recharge_type of the recharge records: 0 account recharge, 1 automatic refund, 2 price adjustment, 3 other. */
export const RECHARGE_TYPE_OF: Record<Exclude<LedgerKind, 'send'>, number> = { recharge: 0, refund: 1, adjust: 2, other: 3 };
export const KIND_OF_RECHARGE_TYPE = ['recharge', 'refund', 'adjust', 'other'] as const;

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
  const [a] = await q.query<{ balance: string; pay_type: number }>('select balance, pay_type from accounts where cus_id = $1 for no key update', [cusId]);
  if (!a) throw badRequest('customer.editFailure');
  const pre = Number(a.balance);
  // in 1/10000 yuan, so float noise neither passes nor fails a limit
  const post = Math.round(pre * 10_000 + amount * 10_000) / 10_000;
  if (post < 0 && Number(a.pay_type) === 0 && !opts.allowNegative) throw badRequest('v.recharge.exceedsBalance', {}, 'amount');
  await q.query('update accounts set balance = $2 where cus_id = $1', [cusId, post]);
  await q.query('insert into balance_ledger (cus_id, amount, kind, ref, pre_balance, post_balance, remark) values ($1, $2, $3, $4, $5, $6, $7)', [
    cusId,
    amount,
    kind,
    opts.ref ?? null,
    pre,
    post,
    opts.remark ?? '',
  ]);
  return { pre, post };
}
