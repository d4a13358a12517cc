import { useMachine } from '@xstate/react';
import { ProgressBar } from 'primereact/progressbar';
import { Tag } from 'primereact/tag';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { syncStatusMachine } from '../../machines/sync-status.machine';
import { online$, progress$ } from './sync-runtime';

// Shown in the top bar: replication progress with counts during backfill, errors, offline.
export function SyncStatusIndicator() {
  const { t } = useTranslation();
  const [state, send] = useMachine(syncStatusMachine, { input: { online: online$.value } });
  useEffect(() => {
    const a = progress$.subscribe((progress) => send({ type: 'sync.progress', progress }));
    const b = online$.subscribe((up) => send({ type: up ? 'sync.online' : 'sync.offline' }));
    return () => {
      a.unsubscribe();
      b.unsubscribe();
    };
  }, [send]);
  const p = state.context.progress;
  const status = String(state.value);
  return (
    <span className="sync-status" data-testid="sync-status" data-status={status} title={p?.error ?? undefined} style={{ display: 'inline-flex', alignItems: 'center', gap: 6 }}>
      {status === 'backfill' && (
        <>
          <ProgressBar value={Math.round((p?.fraction ?? 0) * 100)} showValue={false} style={{ width: 80, height: 6 }} />
          <small>{t('sync.synced', { count: p?.synced ?? 0 })}</small>
        </>
      )}
      {status === 'offline' && <Tag severity="warning" value={t('sync.offline')} />}
      {status === 'error' && <Tag severity="danger" value={t('sync.error')} />}
      {status === 'live' && <Tag severity="success" value={t('sync.live')} />}
      {status === 'follower' && <Tag severity="info" value={t('sync.follower')} />}
    </span>
  );
}
