import type { Language } from '../../contract/constants';
import type { BalanceWarning } from '../../contract/entities.schema';
import type { EventDoc } from '../../sync/local-db';
import { commandText, targetText } from '../records/activity-words';

// What the bell in the top bar lists: a balance below the account's warning level (the platform sends its warning
// SMS once when the balance crosses it; the console says so for as long as it stays below), and the user's commands
// the platform refused lately (a send, a charge, an address-book change pushed from the outbox and rejected).

export interface Notice {
  id: string;
  severity: 'warn' | 'error';
  text: string;
  /** where the user can see more. */
  path?: string;
  time?: number;
}

/** refusals older than this are the Activity screen's to show, not the bell's. */
export const REJECTION_NOTICE_MS = 24 * 3600_000;
export const MAX_REJECTION_NOTICES = 10;

export interface NoticeSources {
  lang: Language;
  /** i18next's t for the console's own texts. */
  t: (key: string, params?: Record<string, unknown>) => string;
  balance: number | undefined;
  warning: BalanceWarning | null;
  /** rejected events, newest first. */
  rejected: readonly EventDoc[];
  now: number;
}

export function noticesOf(s: NoticeSources): Notice[] {
  const out: Notice[] = [];
  const w = s.warning;
  if (w?.enabled && s.balance !== undefined && s.balance < w.warnBalance)
    out.push({
      id: 'balance-warning',
      severity: 'warn',
      text: s.t('account.warnNotice', { balance: s.balance.toFixed(2), threshold: w.warnBalance.toFixed(2) }),
      path: '/info/setting',
    });
  for (const ev of s.rejected.filter((e) => e.status === 'rejected' && s.now - e.created_at < REJECTION_NOTICE_MS).slice(0, MAX_REJECTION_NOTICES))
    out.push({
      id: `rejected:${ev.id}`,
      severity: 'error',
      text: s.t('top.noticeRejected', { command: commandText(s.lang, ev.type), target: targetText(s.lang, ev), reason: ev.last_error ?? '' }),
      path: '/activity',
      time: ev.created_at,
    });
  return out;
}
