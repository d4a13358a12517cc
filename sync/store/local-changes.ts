import { Observable, Subject } from 'rxjs';

// "Collection X changed" notices for one local database, heard in every tab and worker of the origin: the screens
// re-run their visible query on a notice instead of receiving the written documents (RxDB's multi-instance events
// carry every document to every tab, which costs more than the write itself during a backfill).

const local = new Map<string, Subject<string>>();
const channels = new Map<string, BroadcastChannel>();
const subjectOf = (dbName: string) => local.get(dbName) ?? local.set(dbName, new Subject<string>()).get(dbName)!;

function channelOf(dbName: string): BroadcastChannel | null {
  if (typeof BroadcastChannel === 'undefined') return null;
  let ch = channels.get(dbName);
  if (!ch) {
    ch = new BroadcastChannel(`smsc-changes:${dbName}`);
    // the channel must not keep a Node process (tests) alive
    (ch as unknown as { unref?: () => void }).unref?.();
    ch.onmessage = (e: MessageEvent) => typeof e.data === 'string' && subjectOf(dbName).next(e.data);
    channels.set(dbName, ch);
  }
  return ch;
}

/** Tells this context and every other one that a collection of the database changed. */
export function announceChange(dbName: string, collection: string): void {
  subjectOf(dbName).next(collection);
  channelOf(dbName)?.postMessage(collection);
}

/** Names of collections of the database as they change (from any tab or worker). */
export function localChanges(dbName: string): Observable<string> {
  channelOf(dbName);
  return subjectOf(dbName).asObservable();
}
