import type { Language } from '../../contract/constants';
import type { NoticeKind } from '../../contract/notice.schema';
import type { EventDoc } from '../../sync/store/local-db';
import type { BellNotice } from '../../sync/commands/notice-reads';
import { commandText, targetText } from '../records/activity-words';

// What the bell in the top bar lists: the account's notices from the platform (a template reviewed, a balance below
// its warning level, a batch done, a timed send released, a recharge, a sub-account changed), read or unread, and the
// user's commands the platform refused lately (a send, a charge, an address-book change pushed from the outbox and
// rejected). The low balance is the platform's notice alone: it decides the crossing where the balance moves.

export interface Notice {
  id: string;
  severity: 'info' | 'warn' | 'error';
  text: string;
  /** where the user can see more. */
  path?: string;
  time?: number;
  /** a platform notice the user has not read; refusals are always shown as new. */
  unread: boolean;
  /** the platform notice's kind, or 'rejected'. */
  kind: NoticeKind | 'rejected';
}

/** refusals older than this are the Activity screen's to show, not the bell's. */
export const REJECTION_NOTICE_MS = 24 * 3600_000;
export const MAX_REJECTION_NOTICES = 10;

const SEVERITY: Partial<Record<NoticeKind, Notice['severity']>> = {
  templateRejected: 'error',
  batchFailed: 'error',
  balanceLow: 'warn',
  dailyCapNear: 'warn',
};

export interface NoticeSources {
  lang: Language;
  /** i18next's t for the console's own texts. */
  t: (key: string, params?: Record<string, unknown>) => string;
  /** the console's text of a key as written, placeholders and all. */
  pattern: (key: string) => string;
  /** the platform's notices, newest first (sync/commands/notice-reads.ts). */
  server: readonly BellNotice[];
  /** rejected events, newest first. */
  rejected: readonly EventDoc[];
  now: number;
}

/** Fills `{{name}}` placeholders in one pass: a value is never read as a placeholder or markup itself, so a template
 * text or an account name shows exactly as it was typed. */
export function fill(pattern: string, params: Record<string, unknown>): string {
  return pattern.replace(/\{\{(\w+)\}\}/g, (_, k: string) =>
    params[k] === undefined || params[k] === null ? '' : String(params[k]),
  );
}

/** A platform notice in the reader's language. */
export function noticeText(pattern: (key: string) => string, n: Pick<BellNotice, 'kind' | 'params'>): string {
  const kind = n.params.templateKind;
  const params =
    typeof kind === 'string' ? { ...n.params, templateKind: pattern(`notice.templateKind.${kind}`) } : n.params;
  return fill(pattern(`notice.kind.${n.kind}`), params);
}

export function noticesOf(s: NoticeSources): Notice[] {
  const out: Notice[] = s.server.map((n) => ({
    id: n.id,
    severity: SEVERITY[n.kind] ?? 'info',
    text: noticeText(s.pattern, n),
    path: n.link,
    time: n.created_at,
    unread: n.isUnread,
    kind: n.kind,
  }));
  for (const ev of s.rejected
    .filter((e) => e.status === 'rejected' && s.now - e.created_at < REJECTION_NOTICE_MS)
    .slice(0, MAX_REJECTION_NOTICES))
    out.push({
      id: `rejected:${ev.id}`,
      severity: 'error',
      text: s.t('top.noticeRejected', {
        command: commandText(s.lang, ev.type),
        target: targetText(s.lang, ev),
        reason: ev.last_error ?? '',
      }),
      path: '/activity',
      time: ev.created_at,
      unread: true,
      kind: 'rejected',
    });
  return out.sort((a, b) => (b.time ?? 0) - (a.time ?? 0));
}
