import { useSelector } from '@xstate/react';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { navigate as navigateTo } from 'wouter/use-browser-location';
import { CONSOLE_BASE_PATH } from '../../../contract/constants';
import { getCusBneWarnInfoEndpoint } from '../../../contract/endpoints/warn.endpoints';
import type { BalanceWarning } from '../../../contract/entities.schema';
import { localChanges } from '../../../sync/local-changes';
import type { EventDoc } from '../../../sync/local-db';
import { followBalance } from '../../accounts/live-balance';
import { read } from '../../data/platform-actions';
import { progress$, useRuntime } from '../../data/sync-runtime';
import { getLanguage } from '../../ui/language';
import { MAX_REJECTION_NOTICES, noticesOf, type Notice } from '../notices';
import { sessionActorRef } from '../../session/session-ref';

// The bell's notices, read once the top bar's widgets mount (after the first screen's rows): the balance warning
// from the platform's settings and the current balance, the refusals from the local event log. The balance itself
// is kept current here too, for every screen that shows it (src/accounts/live-balance.ts).

export function useNotices(enabled: boolean): Notice[] {
  const { t } = useTranslation();
  const rt = useRuntime();
  const userInfo = useSelector(sessionActorRef(), (s) => s.context.userInfo);
  const balance = userInfo?.authUser.balance;
  const [warning, setWarning] = useState<BalanceWarning | null>(null);
  const [rejected, setRejected] = useState<EventDoc[]>([]);
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    if (!rt) return;
    const following = () => progress$.value.phase === 'live' || progress$.value.phase === 'follower';
    const sub = followBalance(localChanges(rt.db.name), rt.outbox.settled$, () => sessionActorRef().send({ type: 'session.reloadUser' }), following);
    return () => sub.unsubscribe();
  }, [rt]);
  // asked again with each new user info: a charge or a changed warning level comes with one
  useEffect(() => {
    if (!enabled || !userInfo) return;
    let live = true;
    read(getCusBneWarnInfoEndpoint, {}).then(
      (w) => live && setWarning(w),
      () => undefined,
    );
    return () => void (live = false);
  }, [enabled, userInfo]);
  useEffect(() => {
    if (!enabled || !rt) return;
    const sub = rt.db.events
      .find({ selector: { status: 'rejected' }, sort: [{ status: 'asc' }, { k: 'desc' }], limit: MAX_REJECTION_NOTICES })
      .$.subscribe((docs) => {
        setNow(Date.now());
        setRejected(docs.map((d) => d.toJSON() as EventDoc));
      });
    return () => sub.unsubscribe();
  }, [enabled, rt]);
  return useMemo(() => noticesOf({ lang: getLanguage(), t: (k, p) => t(k, p), balance, warning, rejected, now }), [t, balance, warning, rejected, now]);
}

/** The notices as a list of links to where each is seen in full; "no notices" when there is none. */
export function NoticeList({ notices, onOpen }: { notices: Notice[]; onOpen: () => void }) {
  const { t } = useTranslation();
  if (notices.length === 0) return <p>{t('top.noNotice')}</p>;
  return (
    <ul className="notice-list" data-testid="notice-list" aria-label={t('top.notice')} style={{ listStyle: 'none', margin: 0, padding: 0, maxWidth: '28rem' }}>
      {notices.map((n) => (
        <li key={n.id} data-testid="notice" data-notice={n.id} style={{ display: 'flex', gap: 8, alignItems: 'flex-start', padding: '6px 0' }}>
          <i
            className={n.severity === 'warn' ? 'pi pi-exclamation-triangle' : 'pi pi-times-circle'}
            aria-hidden="true"
            style={{ color: n.severity === 'warn' ? 'var(--orange-700, #b45309)' : 'var(--red-700, #b91c1c)', marginTop: 2 }}
          />
          {n.path ? (
            <a
              href={CONSOLE_BASE_PATH + n.path}
              onClick={(e) => {
                e.preventDefault();
                onOpen();
                navigateTo(CONSOLE_BASE_PATH + n.path);
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
  );
}
