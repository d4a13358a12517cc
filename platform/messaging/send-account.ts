import type { CurrentUser } from '../core/current-user';
import { canSee } from '../auth/scope';
import type { AppContext } from '../core/context';
import { prepared, type Queryable } from '../db/db';
import { badRequest, forbidden } from '../http/api-error';

// The account a send goes from: who may use it, and whether its content must wait for review first.

export interface Account {
  cus_id: string;
  ep_id: string;
  status: number;
  pay_type: number;
  balance: number;
  time_zone: string;
  ext_number: string | null;
  options: { requireReview?: boolean; reviewKeywords?: string[] };
}

/** Third-party short links hide where a message leads: such content goes to review. */
const SHORT_URL = /\b(?:t\.cn|url\.cn|dwz\.cn|suo\.im|bit\.ly|tinyurl\.com|goo\.gl|is\.gd|ow\.ly|t\.co)\/\w+/i;
/** Built-in review keywords; more come from site_settings 'send.reviewKeywords' (comma separated) and the account. */
const REVIEW_KEYWORDS = ['贷款', '博彩', '代开发票', '刷单'];

export async function loadAccount(q: Queryable, cusId: string, lock = false): Promise<Account | null> {
  const [a] = await q.query<Account>(
    prepared`select cus_id, ep_id, status, pay_type, balance, time_zone, ext_number, options from accounts where cus_id = $1${lock ? ' for no key update' : ''}`,
    [cusId],
  );
  return a ? { ...a, balance: Number(a.balance), options: a.options ?? {} } : null;
}

/** The account a caller may send for: visible to it, open, and granted the product. */
export async function sendingAccount(
  ctx: AppContext,
  user: CurrentUser,
  cusId: string,
  prodType: number,
): Promise<Account> {
  if (!canSee(user, cusId, 'data')) throw forbidden('send.accountQueryFailed');
  const account = await loadAccount(ctx.db, cusId);
  if (!account) throw forbidden('send.accountQueryFailed');
  if (account.status !== 1) throw badRequest('send.accountClosed', {}, 'cus_id');
  const granted = await ctx.db.query(prepared`select 1 from account_products where cus_id = $1 and prod_type = $2`, [
    cusId,
    prodType,
  ]);
  if (granted.length === 0) throw forbidden('product.notEnabled');
  return account;
}

export async function needsReview(q: Queryable, account: Account, contents: string[]): Promise<boolean> {
  const rule = await reviewRule(q, account);
  return contents.some(rule);
}

/** Whether a content of this account must wait for review: every content with requireReview, else one with a
 * third-party short link or a review keyword (built in, the site's, the account's). */
export async function reviewRule(q: Queryable, account: Account): Promise<(content: string) => boolean> {
  if (account.options.requireReview) return () => true;
  const [setting] = await q.query<{ value: string }>(
    prepared`select value from site_settings where key = 'send.reviewKeywords'`,
  );
  const keywords = [...REVIEW_KEYWORDS, ...(setting?.value.split(',') ?? []), ...(account.options.reviewKeywords ?? [])]
    .map((k) => k.trim())
    .filter(Boolean);
  return (c) => SHORT_URL.test(c) || keywords.some((k) => c.includes(k));
}
