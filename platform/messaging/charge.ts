import { spendableUnits, takeBalance, writeLedger } from '../accounts/ledger';
import type { Queryable } from '../db/db';
import { badRequest } from '../http/api-error';
import { toYuan } from './pricing';
import type { Account } from './send-account';

/** Charges (positive) or refunds (negative) an account, keeping the ledger; prepaid accounts cannot go below 0. One
 * statement (takeBalance): a send's transaction holds the account row from it to the commit only. */
export async function charge(
  q: Queryable,
  account: Account,
  costUnits: number,
  kind: 'send' | 'refund',
  ref: string,
): Promise<void> {
  if (costUnits === 0) return;
  const post = await takeBalance(q, account.cus_id, toYuan(costUnits), kind, ref);
  if (post === null) throw badRequest('send.insufficientBalance');
}

export interface Want {
  cus_id: string;
  units: number;
  /** the ledger row it is charged under: the wants of one account and ref make one row. */
  ref: string;
}

/** `charge` for many small sends of several accounts at once, in three statements whatever their number: the accounts
 * are locked (in cus_id order, as two such calls then never wait on each other in a circle), each want is taken in
 * order while its account's balance lasts, and what was taken moves the balances and writes one ledger row per account
 * and ref. Answers, per want, whether it was charged; a want refused for the balance is not an error here. */
export async function chargeInOrder(q: Queryable, wants: Want[]): Promise<boolean[]> {
  const taken = wants.map(() => false);
  if (wants.length === 0) return taken;
  const rows = await q.query<{ cus_id: string; balance: string; pay_type: number }>(
    'select cus_id, balance, pay_type from accounts where cus_id = any($1::text[]) order by cus_id for no key update',
    [[...new Set(wants.map((w) => w.cus_id))]],
  );
  const left = new Map(rows.map((a) => [a.cus_id, spendableUnits(a)]));
  // per account and ref, in the order first charged
  const moves = new Map<string, { cus_id: string; ref: string; units: number }>();
  wants.forEach((w, i) => {
    const can = left.get(w.cus_id);
    if (can === undefined || w.units > can) return;
    left.set(w.cus_id, can - w.units);
    taken[i] = true;
    const key = `${w.cus_id}\n${w.ref}`;
    const m = moves.get(key) ?? { cus_id: w.cus_id, ref: w.ref, units: 0 };
    m.units += w.units;
    moves.set(key, m);
  });
  const ledger = [...moves.values()].filter((m) => m.units !== 0);
  if (ledger.length === 0) return taken;
  // the balances before and after each row, in units so they are exact
  const balance = new Map(rows.map((a) => [a.cus_id, Math.round(Number(a.balance) * 10_000)]));
  const start = new Map(balance);
  const pre: number[] = [];
  const post: number[] = [];
  for (const m of ledger) {
    const b = balance.get(m.cus_id)!;
    pre.push(toYuan(b));
    post.push(toYuan(b - m.units));
    balance.set(m.cus_id, b - m.units);
  }
  const moved = [...new Set(ledger.map((m) => m.cus_id))];
  await q.query(
    'update accounts a set balance = balance - t.amount from unnest($1::text[], $2::numeric[]) as t(cus, amount) where a.cus_id = t.cus',
    [moved, moved.map((c) => toYuan(start.get(c)! - balance.get(c)!))],
  );
  await writeLedger(
    q,
    ledger.map((m, i) => ({
      cus_id: m.cus_id,
      amount: -toYuan(m.units),
      kind: 'send',
      ref: m.ref,
      pre: pre[i],
      post: post[i],
    })),
  );
  return taken;
}

/**
 * Moves a charge (positive) or refund (negative) the caller has already checked, on an account row it holds locked in
 * `q`'s transaction, `balance` being what that row holds; writes the ledger row and answers the balance after, so a
 * caller moving several amounts under one lock reads the row once. The lock is `for no key update`, as every balance
 * change takes it: an insert into a table that still references the account by key takes FOR KEY SHARE, which does
 * not wait for it.
 */
export async function chargeLocked(
  q: Queryable,
  cusId: string,
  balance: number,
  costUnits: number,
  kind: 'send' | 'refund',
  ref: string,
): Promise<number> {
  if (costUnits === 0) return balance;
  const [post] = await q.query<{ balance: string }>(
    'update accounts set balance = balance - $2 where cus_id = $1 returning balance',
    [cusId, toYuan(costUnits)],
  );
  // every balance change writes a ledger row; pre/post make refunds readable as recharge records
  await writeLedger(q, [
    { cus_id: cusId, amount: -toYuan(costUnits), kind, ref, pre: balance, post: Number(post.balance) },
  ]);
  return Number(post.balance);
}
