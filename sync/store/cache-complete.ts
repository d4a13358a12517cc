import { distinctUntilChanged, filter, map, skip, type Observable } from 'rxjs';
import type { FeedResource } from '../../contract/endpoints/feed.endpoints';
import { RECORD_COLLECTIONS, type LocalDb } from './local-db';
import type { QueryCollection } from '../query/query-types';
import { recordStoreOf } from './record-store';
import { readWindow, type CacheWindow } from './cache-window';
import type { SyncProgress } from '../replication/sync-progress';

// Whether the local cache holds every record of a collection that its window covers, so a count of the cache is the
// count of the query. The replicator keeps each resource's backfill state in `sync_state` (written after every page),
// so this reads the same in the leading tab, in a follower and before the replicator has started.

const DAY_MS = 86_400_000;

/** What the replicator keeps of a resource's backfill (its ResourceState, as far as completeness goes). */
export interface BackfillState {
  backfillDone: boolean;
  /** documents the backfill wrote: at the record cap the backfill stops with the window's older records left out. */
  filled: number;
  /** the horizon the backfill ran down to: a window grown since then is backfilled again. */
  since: number;
}

/** The resources whose pulls fill a collection (the address book's groups and members, the templates' three kinds). */
export const resourcesOf = (c: QueryCollection): FeedResource[] =>
  c === 'events' ? [] : [RECORD_COLLECTIONS[c].resource, ...(RECORD_COLLECTIONS[c].alsoFrom ?? [])];

/** One resource's backfill reached the window's horizon, not stopped short at the record cap. */
export function backfillComplete(st: BackfillState | null, w: CacheWindow, keepAll: boolean, now: number): boolean {
  if (!st?.backfillDone || st.filled >= w.recordCap) return false;
  // (the replicator's own test for a saved state still standing for the window, see loadState)
  return keepAll || st.since <= now - w.days * DAY_MS + DAY_MS;
}

/** Whether every resource of the collection is backfilled down to the window (the event log is local: always). */
export async function cacheComplete(db: LocalDb, collection: QueryCollection, now = Date.now()): Promise<boolean> {
  if (collection === 'events') return true;
  const store = recordStoreOf(db);
  const w = await readWindow(store);
  const keepAll = RECORD_COLLECTIONS[collection].keepAll === true;
  const states = await Promise.all(resourcesOf(collection).map((r) => store.readState<BackfillState>(r)));
  return states.every((st) => backfillComplete(st, w, keepAll, now));
}

/** Emits when every resource of the collection turns live in the replicator's progress (the leading tab's; a
 * follower's never does, and reads the kept state on the next change instead). */
export function backfilledNow(progress: Observable<SyncProgress>, collection: QueryCollection): Observable<true> {
  const resources = resourcesOf(collection);
  return progress.pipe(
    map((p) => resources.length > 0 && resources.every((r) => p.resources[r]?.phase === 'live')),
    distinctUntilChanged(),
    skip(1),
    filter((live): live is true => live),
  );
}
