import { useSyncExternalStore } from 'react';
import { BehaviorSubject, filter, firstValueFrom, map, merge, Subject } from 'rxjs';
import type { EventDoc, LocalDb } from '../../sync/store/local-db';
import type { Outbox } from '../../sync/commands/outbox';
import type { Replicator } from '../../sync/replication/replication';
import { startingProgress, type SyncProgress } from '../../sync/replication/sync-progress';

// The logged-in user's local database and its sync machinery, opened by <SyncBoundary> and read by the screens.

export interface SyncRuntime {
  db: LocalDb;
  replicator: Replicator;
  outbox: Outbox;
  actor: string;
}

export const runtime$ = new BehaviorSubject<SyncRuntime | null>(null);
/** Why no runtime will come for the commands waiting: the local database failed to open, or the user logged out. */
export const runtimeEnded$ = new Subject<Error>();
/** The runtime once <SyncBoundary> has opened the local database (a page's first moments have none yet); rejects
 * when it fails to open or the session ends first, so a waiting command never lands in the next user's database. */
export const readyRuntime = (): Promise<SyncRuntime> =>
  firstValueFrom(
    merge(
      runtime$.pipe(filter((r): r is SyncRuntime => r !== null)),
      runtimeEnded$.pipe(
        map((e) => {
          throw e;
        }),
      ),
    ),
  );
export const online$ = new BehaviorSubject<boolean>(typeof navigator === 'undefined' ? true : navigator.onLine);

function useSubject<T>(s: BehaviorSubject<T>): T {
  return useSyncExternalStore(
    (cb) => {
      const sub = s.subscribe(cb);
      return () => sub.unsubscribe();
    },
    () => s.value,
  );
}

export const useRuntime = () => useSubject(runtime$);
export const useOnline = () => useSubject(online$);

export const progress$ = new BehaviorSubject<SyncProgress>(startingProgress());
export const useProgress = () => useSubject(progress$);

/** Pending events, for the projection on screens. */
export const pending$ = new BehaviorSubject<EventDoc[]>([]);
export const usePending = () => useSubject(pending$);
