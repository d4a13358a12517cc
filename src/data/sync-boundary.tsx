import i18next from 'i18next';
import { useEffect, useRef, type ReactNode } from 'react';
import type { UserInfo } from '../../contract/endpoints/user.endpoints';
import { pendingEvents$ } from '../../sync/commands/event-log';
import { openLocalDb, type EventDoc } from '../../sync/store/local-db';
import type { CommandTable } from '../../sync/commands/command';
import { createOutbox } from '../../sync/commands/outbox';
import { countQuery, runQuery, type Query } from '../../sync/query/query';
import { searcherOf } from '../../sync/search/local-search';
import { recordStoreOf, tableOf } from '../../sync/store/record-store';
import { createWorkerReplicator, type WorkerReplicator } from '../../sync/replication/sync-worker-client';
import { api } from '../session/api';
import { hasLocalDb, markLocalDb } from './cache-mark';
import { takeForget } from './forget-flag';
import { forgetLocalCopy } from './forget-local';
import { afterFirstScreen } from './first-screen';
import { getLanguage } from '../ui/language';
import { emitUnauthorized, onPlatformAnswered } from '../session/session-events';
import { notify } from '../ui/notify';
import { online$, pending$, progress$, runtime$, runtimeEnded$ } from './sync-runtime';

// Mounted by the shell around the logged-in layout: opens this user's local database, replicates (in a worker of the
// leading tab only), runs the outbox. Children render at once; screens wait for the database.
const INTERACTIONS = ['scroll', 'wheel', 'keydown', 'pointerdown'];
/** how long an uncached account's database waits for the first screen to say it is shown */
const FIRST_SCREEN_WAIT_MS = 1500;

export interface SyncBoundaryProps {
  token: string;
  userInfo: UserInfo;
  /** the commands the outbox pushes: every type a screen may record, and every type a pending event may carry. */
  commands: CommandTable;
  children: ReactNode;
}

export function SyncBoundary({ token, userInfo, commands, children }: SyncBoundaryProps) {
  const cusId = userInfo.authUser.cus_id;
  const actor = userInfo.authUser.userName;
  const tokenRef = useRef(token);
  const workerRef = useRef<WorkerReplicator | null>(null);

  useEffect(() => {
    let closed = false;
    let closing: Promise<unknown> = Promise.resolve();
    const cleanups: (() => void)[] = [];
    void (async () => {
      // a first login on this browser: the empty database waits for the first screen (first-screen.ts)
      if (!hasLocalDb(cusId)) await afterFirstScreen(FIRST_SCREEN_WAIT_MS);
      if (closed) return;
      const db = await openLocalDb({ cusId });
      // the next login knows at once that this browser holds the account's cache (first-list.ts)
      markLocalDb(cusId, actor);
      if (closed) return void db.close();
      const replicator = createWorkerReplicator({
        db,
        baseUrl: api.baseUrl,
        getToken: () => tokenRef.current,
        language: getLanguage(),
        leadership: async () => void (await db.waitForLeadership()),
        onUnauthorized: emitUnauthorized,
        spawn: () => new Worker(new URL('../../sync/replication/sync.worker.ts', import.meta.url), { type: 'module', name: 'sms-sync' }),
      });
      workerRef.current = replicator;
      const outbox = createOutbox({ db, client: api, commands });
      runtime$.next({ db, replicator, outbox, actor });
      // `npm run bench` measures local queries through this handle; it exists only when the bench asks for it
      if (localStorage.getItem('sms.bench') === '1') Object.assign(window, { __smsBench: { db, runQuery, countQuery, search: (q: Query, count: boolean) => searcherOf(db.name)?.search(q, count) ?? null, replicator, store: recordStoreOf(db), table: (name: 'mt_records') => tableOf(db, name) } });
      const progressSub = replicator.progress$.subscribe((p) => progress$.next(p));
      const pendingSub = pendingEvents$(db).subscribe((docs) => pending$.next(docs.map((d) => d.toJSON() as EventDoc)));
      cleanups.push(() => progressSub.unsubscribe(), () => pendingSub.unsubscribe());
      // back online, or any answer from the platform: what the network failed to push goes at once, not after its
      // backoff (which grows to a minute while offline)
      const onOnline = () => {
        online$.next(true);
        replicator.setOnline(true);
        void outbox.nudge();
      };
      cleanups.push(onPlatformAnswered(() => void (pending$.value.length > 0 && outbox.nudge())));
      const onOffline = () => {
        online$.next(false);
        replicator.setOnline(false);
      };
      // scrolling anywhere (scroll events do not bubble, so captured) and typing hold the backfill's next write
      const onInteract = () => replicator.interactive();
      for (const ev of INTERACTIONS) document.addEventListener(ev, onInteract, { capture: true, passive: true });
      cleanups.push(() => INTERACTIONS.forEach((ev) => document.removeEventListener(ev, onInteract, { capture: true })));
      window.addEventListener('online', onOnline);
      window.addEventListener('offline', onOffline);
      cleanups.push(() => window.removeEventListener('online', onOnline), () => window.removeEventListener('offline', onOffline));
      outbox.start();
      cleanups.push(() => outbox.stop());
      // only the leading tab replicates (in its worker, which also follows the change stream); the others read
      void replicator.start();
      cleanups.push(() => {
        closing = replicator.stop().then(() => db.close());
        runtime$.next(null);
      });
    })().catch((e) => {
      const failure = new Error(i18next.t('sync.openFailed', { reason: String((e as Error)?.message ?? e) }));
      runtimeEnded$.next(failure);
      notify({ severity: 'error', summary: failure.message });
    });
    return () => {
      closed = true;
      runtimeEnded$.next(new Error(i18next.t('sync.closed')));
      cleanups.reverse().forEach((c) => c());
      // a logout: the account's copy leaves this browser once its database has closed
      if (takeForget()) void closing.catch(() => undefined).then(() => forgetLocalCopy(cusId));
    };
    // the token changes on refresh and reaches the worker below, so only another user reopens everything
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [cusId]);

  useEffect(() => {
    tokenRef.current = token;
    workerRef.current?.setToken(token);
  }, [token]);

  return <>{children}</>;
}
