import type { CurrentUser } from '../core/current-user';

// Whose accounts a caller reaches, decided here and nowhere else. Two areas:
// - 'data': everything an account owns or makes — send records, replies and conversations, batches and timed sends,
//   statistics, templates of every kind, address books, uploaded files and materials, short links, number checks,
//   callbacks, prices, chatbots, sends made in its name, and the change feeds and streams of all of these.
//   userType 1 reaches every account of its enterprise; everyone else only its own, an agent (userType 2) included:
//   it sees only its own records, so it may not read or change its sub-accounts' data any other way either.
// - 'accounts': the sub-accounts themselves (their list, detail, opening and closing, charging, recharge records and
//   balance warnings): userType 1 its enterprise's, an agent those it created, everyone else none but its own.
// - 'notices': the notices addressed to the caller's own account, and no other, whoever the caller is. What an
//   enterprise admin hears of its sub-accounts is addressed to its own account (platform/notices/notices.ts).
export type ScopeArea = 'data' | 'accounts' | 'notices';

/** The cus_ids the caller reads and changes in `area`. */
export function readableCusIds(user: CurrentUser, area: ScopeArea): string[] {
  if (area === 'notices') return [user.cus_id];
  return area === 'accounts' || user.userType === 1 ? user.visibleCusIds : [user.cus_id];
}

/** Whether the caller reaches the account `cusId` in `area`. */
export const canSee = (user: CurrentUser, cusId: string, area: ScopeArea): boolean =>
  readableCusIds(user, area).includes(cusId);

/** The cus_ids a list may show whose id contains `typed`, ignoring case (an operator types part of an account, in any
 * case, into a free-text account filter); all readable ones when nothing is typed. */
export function scopeCusIdsMatching(
  user: CurrentUser,
  typed: string | null | undefined,
  area: ScopeArea = 'data',
): string[] {
  const readable = readableCusIds(user, area);
  const needle = typed?.trim().toLowerCase();
  return needle ? readable.filter((id) => id.toLowerCase().includes(needle)) : readable;
}

/** The cus_ids a list may show: the requested one if readable (else none), or all readable ones. */
export function scopeCusIds(
  user: CurrentUser,
  requested: string | null | undefined,
  area: ScopeArea = 'data',
): string[] {
  const readable = readableCusIds(user, area);
  if (requested) return readable.includes(requested) ? [requested] : [];
  return readable;
}
