import { useSyncExternalStore } from 'react';
import { BehaviorSubject, filter, firstValueFrom, map, merge, Subject } from 'rxjs';
import type { EventDoc, LocalDb } from '../../sync/local-db';
import type { Outbox } from '../../sync/outbox';
import { startingProgress, type Replicator, type SyncProgress } from '../../sync/replication';

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

/** Whether this browser held the account's send records before <SyncBoundary> opened its database (checked just
 * before, since opening creates it): without a cache, the records' first page is asked during login. */
export const recordCacheAtOpen$ = new BehaviorSubject<{ cusId: string; cached: boolean } | null>(null);

/** Whether this browser holds a local database of the account's send records (RxDB's Dexie storage names its
 * IndexedDB databases `rxdb-dexie-<database>--<schema version>--<collection>`); unknown counts as held. */
export async function hasRecordCache(dbName: string): Promise<boolean> {
  if (typeof indexedDB === 'undefined' || typeof indexedDB.databases !== 'function') return true;
  const prefix = `rxdb-dexie-${dbName}--`;
  const names = await indexedDB.databases().catch(() => null);
  return names === null || names.some((d) => d.name?.startsWith(prefix) && d.name.endsWith('--mt_records'));
}
