import { useSelector } from '@xstate/react';
import { ProgressBar } from 'primereact/progressbar';
import { Tag } from 'primereact/tag';
import { useState } from 'react';
import { createActor } from 'xstate';
import { useTranslation } from 'react-i18next';
import { syncStatusMachine } from '../../machines/sync-status.machine';
import { CacheWindowDialog } from './cache-window-dialog';
import { online$, progress$, usePending } from './sync-runtime';

/** One for the page, started with the console's chunk, which loads while the operator types: created by the
 * indicator, it and its first two events cost ~5 ms of the task that renders the shell after the login.
 * Its state is a function of the latest progress and connection, which both subjects hold, so it is the same. */
const syncStatus = createActor(syncStatusMachine, { input: { online: online$.value } }).start();
progress$.subscribe((progress) => syncStatus.send({ type: 'sync.progress', progress }));
online$.subscribe((up) => syncStatus.send({ type: up ? 'sync.online' : 'sync.offline' }));

// Shown in the top bar: replication progress with counts during backfill, errors, offline; opens the local cache.
export function SyncStatusIndicator() {
  const { t } = useTranslation();
  const p = useSelector(syncStatus, (s) => s.context.progress);
  const status = useSelector(syncStatus, (s) => String(s.value));
  const [open, setOpen] = useState(false);
  // commands recorded here and not yet taken by the platform: never "synced" while one waits
  const waiting = usePending()?.length ?? 0;
  return (
    <>
      <button
        type="button"
        className="sync-status p-link"
        data-testid="sync-status"
        data-status={status}
        title={p?.error ? t(p.error) : t('cache.open')}
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
        style={{ display: 'inline-flex', alignItems: 'center', gap: 6, background: 'none', border: 0, padding: 4, cursor: 'pointer' }}
      >
        <span className="visually-hidden">{t('cache.open')}</span>
        {status === 'backfill' && (
          <>
            <ProgressBar value={Math.round((p?.fraction ?? 0) * 100)} showValue={false} style={{ width: 80, height: 6 }} />
            <small>{t('sync.synced', { count: p?.synced ?? 0 })}</small>
          </>
        )}
        {status === 'offline' && <Tag severity="warning" value={t('sync.offline')} />}
        {status === 'error' && <Tag severity="danger" value={t('sync.error')} />}
        {status === 'live' && waiting === 0 && <Tag severity="success" value={t('sync.live')} />}
        {waiting > 0 && <Tag severity="warning" value={t('sync.waiting', { count: waiting })} data-testid="sync-waiting" />}
        {status === 'follower' && <Tag severity="info" value={t('sync.follower')} />}
      </button>
      {/* mounted only while open: it would otherwise re-render on every sync progress report */}
      {open && <CacheWindowDialog visible onHide={() => setOpen(false)} progress={p ?? null} />}
    </>
  );
}
