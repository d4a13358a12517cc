import { localChanges } from './local-changes';
import type { LocalDb, RecordCollectionName } from './local-db';
import type { Doc } from './record-store';

// The record documents of the pages the search columns answered lately, by key, in the page's memory: a page shown
// again (paging back, a filter toggled off, an auditor going over the same history) is served without IndexedDB,
// whose reads at 1M records stall now and then for 5-10 ms. Any write to the collection, from this tab, another tab
// or the sync worker, empties it, so it never answers from before a write.

/** Documents kept per collection: a few pages of the largest page size. */
export const DOC_CACHE_LIMIT = 2_000;

interface Entry {
  docs: Map<string, Doc>;
  /** counts the writes heard; a read that began before one does not fill the cache */
  generation: number;
}

const caches = new WeakMap<LocalDb, Map<RecordCollectionName, Entry>>();

function entryOf(db: LocalDb, name: RecordCollectionName): Entry {
  let byName = caches.get(db);
  if (!byName) {
    const made = new Map<RecordCollectionName, Entry>();
    byName = made;
    caches.set(db, made);
    const forget = (collection: string) => {
      const e = made.get(collection as RecordCollectionName);
      if (!e) return;
      e.generation++;
      e.docs.clear();
    };
    // the replication's writes (any tab or worker), and writes through RxDB's own API
    const subs = [
      localChanges(db.name).subscribe(forget),
      db.eventBulks$.subscribe((b) => b.collectionName && forget(b.collectionName)),
    ];
    db.onClose.push(() => subs.forEach((s) => s.unsubscribe()));
  }
  let e = byName.get(name);
  if (!e) byName.set(name, (e = { docs: new Map(), generation: 0 }));
  return e;
}

/**
 * The live documents of `keys`, in their order (a key removed meanwhile is left out): from the cache, and the rest in
 * one `read` of the missing keys. Each call hands out copies, so a caller that changes a row changes only its own.
 */
export async function cachedDocs(
  db: LocalDb,
  name: RecordCollectionName,
  keys: string[],
  read: (missing: string[]) => Promise<(Doc | undefined)[]>,
): Promise<Doc[]> {
  const e = entryOf(db, name);
  const missing = keys.filter((k) => !e.docs.has(k));
  if (missing.length) {
    const generation = e.generation;
    const got = await read(missing);
    if (e.generation !== generation)
      return read(keys).then((all) => all.filter((d): d is Doc => !!d).map((d) => ({ ...d })));
    missing.forEach((k, i) => got[i] && e.docs.set(k, got[i]!));
  }
  const out: Doc[] = [];
  for (const k of keys) {
    const d = e.docs.get(k);
    if (!d) continue;
    // most recently used last, so the oldest go first
    e.docs.delete(k);
    e.docs.set(k, d);
    out.push({ ...d });
  }
  // (trimmed once the page is out: a page larger than the limit still answers whole)
  for (const k of e.docs.keys()) {
    if (e.docs.size <= DOC_CACHE_LIMIT) break;
    e.docs.delete(k);
  }
  return out;
}
