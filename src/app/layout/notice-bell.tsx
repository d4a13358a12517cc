import { useSelector } from '@xstate/react';
import { Button } from 'primereact/button';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { navigate as navigateTo } from 'wouter/use-browser-location';
import { CONSOLE_BASE_PATH } from '../../../contract/constants';
import { recordEvent } from '../../../sync/commands/event-log';
import { liveRead } from '../../../sync/query/live-read';
import { localChanges } from '../../../sync/store/local-changes';
import type { EventDoc } from '../../../sync/store/local-db';
import { NOTICE_READ, type NoticeReadPayload } from '../../../sync/commands/notice-commands';
import { bellChanges, readBell, type Bell } from '../../../sync/commands/notice-reads';
import { followBalance } from '../../accounts/live-balance';
import { progress$, readyRuntime, useRuntime } from '../../data/sync-runtime';
import { getLanguage } from '../../ui/language';
import { MAX_REJECTION_NOTICES, noticesOf, type Notice } from '../notices';
import { sessionActorRef } from '../../session/session-ref';

// The bell's notices, read once the top bar's widgets mount (after the first screen's rows): the account's notices
// replicated from the platform into the local database (so they follow live and stay offline), and the refusals
// from the local event log. Marking read is a command through the event log, so it works offline too. The balance
// itself is kept current here as well, for every screen that shows it (src/accounts/live-balance.ts).

export interface NoticeState {
  notices: Notice[];
  /** unread platform notices plus the refusals shown. */
  unread: number;
  /** unread platform notices: what "mark all read" reaches. */
  serverUnread: number;
  markRead: (p: NoticeReadPayload) => void;
}

export function useNotices(enabled: boolean): NoticeState {
  const { t, i18n } = useTranslation();
  const rt = useRuntime();
  const cusId = useSelector(sessionActorRef(), (s) => s.context.userInfo?.authUser.cus_id);
  const [bell, setBell] = useState<Bell>({ notices: [], unread: 0 });
  const [rejected, setRejected] = useState<EventDoc[]>([]);
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    if (!rt) return;
    const following = () => progress$.value.phase === 'live' || progress$.value.phase === 'follower';
    const sub = followBalance(
      localChanges(rt.db.name),
      rt.outbox.settled$,
      () => sessionActorRef().send({ type: 'session.reloadUser' }),
      following,
    );
    return () => sub.unsubscribe();
  }, [rt]);
  useEffect(() => {
    if (!enabled || !rt) return;
    return liveRead(bellChanges(rt.db), () => readBell(rt.db), { first: (b) => (setBell(b), true), next: setBell });
  }, [enabled, rt]);
  useEffect(() => {
    if (!enabled || !rt) return;
    const sub = rt.db.events
      .find({
        selector: { status: 'rejected' },
        sort: [{ status: 'asc' }, { k: 'desc' }],
        limit: MAX_REJECTION_NOTICES,
      })
      .$.subscribe((docs) => {
        setNow(Date.now());
        setRejected(docs.map((d) => d.toJSON() as EventDoc));
      });
    return () => sub.unsubscribe();
  }, [enabled, rt]);

  const notices = useMemo(
    () =>
      noticesOf({
        lang: getLanguage(),
        t: (k, p) => t(k, p),
        pattern: (k) =>
          String(i18n.getResource(i18n.language, 'translation', k) ?? i18n.getResource('zh', 'translation', k) ?? k),
        server: bell.notices,
        rejected,
        now,
      }),
    [t, i18n, bell, rejected, now],
  );
  const refusals = notices.filter((n) => n.kind === 'rejected').length;
  const markRead = (payload: NoticeReadPayload) => {
    if (!cusId) return;
    void readyRuntime().then((r) =>
      recordEvent(r.db, { type: NOTICE_READ, aggregate: `account:${cusId}`, payload, actor: r.actor }),
    );
  };
  return { notices, unread: bell.unread + refusals, serverUnread: bell.unread, markRead };
}

const ICONS: Record<Notice['severity'], [string, string]> = {
  info: ['pi pi-info-circle', 'var(--blue-700, #1d4ed8)'],
  warn: ['pi pi-exclamation-triangle', 'var(--orange-700, #b45309)'],
  error: ['pi pi-times-circle', 'var(--red-700, #b91c1c)'],
};

/** The notices as a list of links to where each is seen in full, unread ones marked, with "mark all read"; "no
 * notices" when there is none. Opening a notice marks it read. Texts are plain text, never markup. */
export function NoticeList({ state, onOpen }: { state: NoticeState; onOpen: () => void }) {
  const { t } = useTranslation();
  const { notices, markRead } = state;
  const root = useRef<HTMLDivElement>(null);
  const canMarkAll = state.serverUnread > 0;
  const hasNotices = notices.length > 0;
  const landed = useRef(false);
  // The keyboard lands in the panel once it opens: on "mark all read" when there is unread, else on the first notice.
  // Tried again when the list fills or unread appears, so a panel that opened before its rows (or re-rendered while
  // they arrived) still takes the focus; once it has landed, the user moves it.
  useEffect(() => {
    const el = root.current;
    if (!el || landed.current) return;
    if (!el.contains(document.activeElement))
      el.querySelector<HTMLElement>('button:not([disabled]), a')?.focus({ preventScroll: true });
    landed.current = el.contains(document.activeElement);
  }, [hasNotices, canMarkAll]);
  if (notices.length === 0) return <p>{t('top.noNotice')}</p>;
  const open = (n: Notice) => {
    if (n.unread && n.kind !== 'rejected') markRead({ ids: [n.id] });
    onOpen();
    if (n.path) navigateTo(CONSOLE_BASE_PATH + n.path);
  };
  return (
    <div ref={root} style={{ maxWidth: '28rem' }}>
      <div style={{ display: 'flex', alignItems: 'center', gap: 8, justifyContent: 'space-between', marginBottom: 4 }}>
        <span role="status" data-testid="notice-unread">
          {t('notice.unread', { count: state.unread })}
        </span>
        <Button
          type="button"
          size="small"
          text
          label={t('notice.markAllRead')}
          data-testid="notice-mark-all"
          disabled={!canMarkAll}
          onClick={() => markRead({ all: true, upTo: Date.now() })}
        />
      </div>
      <ul
        className="notice-list"
        data-testid="notice-list"
        aria-label={t('top.notice')}
        style={{ listStyle: 'none', margin: 0, padding: 0 }}
      >
        {notices.map((n) => (
          <li
            key={n.id}
            data-testid="notice"
            data-notice={n.kind}
            data-unread={n.unread}
            style={{
              display: 'flex',
              gap: 8,
              alignItems: 'flex-start',
              padding: '6px 0',
              fontWeight: n.unread ? 600 : 400,
              opacity: n.unread ? 1 : 0.75,
            }}
          >
            <i
              className={ICONS[n.severity][0]}
              aria-hidden="true"
              style={{ color: ICONS[n.severity][1], marginTop: 2 }}
            />
            {n.unread && <span className="visually-hidden">{t('notice.unreadMark')}: </span>}
            {n.path ? (
              <a
                href={CONSOLE_BASE_PATH + n.path}
                onClick={(e) => {
                  e.preventDefault();
                  open(n);
                }}
              >
                {n.text}
              </a>
            ) : (
              <span>{n.text}</span>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
