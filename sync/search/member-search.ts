import Dexie, { type Table } from 'dexie';
import type { Subscription } from 'rxjs';
import { localChanges } from '../store/local-changes';
import type { LocalDb } from '../store/local-db';
import { MemberIndex } from './member-index';
import type { Query, SearchAnswer } from '../query/query-types';
import { tableOf, type Doc } from '../store/record-store';

// Where query.ts finds the member index of a database (member-index.ts), in every tab: built from the replica in the
// background on the first member query (which, like every query until it is built, the replica answers), then kept
// level with it. Every write to the address book goes through the record store, which stamps RxDB's last write time
// and announces the change: a notice marks the index behind, and the next search first reads what was written since
// (by that time) and, as removals leave no stamp, checks the count of live members and drops the ones gone.

const CHUNK = 5000;
/** RxDB's index [kind, k] in the Dexie table: live flag first, primary key last. */
const BY_KIND = '[_deleted+kind+k+id]';
const members = (t: Table<Doc, string>) =>
  t
    .where(BY_KIND)
    .between(['0', 'member', Dexie.minKey, Dexie.minKey], ['0', 'member', Dexie.maxKey, Dexie.maxKey], true, true);
const lwtOf = (d: Doc | undefined) => (d?._meta as { lwt?: number } | undefined)?.lwt ?? 0;

export class MemberSearch {
  private index: MemberIndex | null = null;
  private lwt = 0;
  /** a change was announced since the index last caught up */
  private behind = true;
  private building: Promise<void> | null = null;
  private catching: Promise<void> | null = null;
  private readonly sub: Subscription;

  constructor(readonly db: LocalDb) {
    this.sub = localChanges(db.name).subscribe((c) => {
      if (c === 'address_book') this.behind = true;
    });
  }

  /** Resolves once the index is built (starting the build). */
  ready(): Promise<void> {
    return (this.building ??= this.build().catch((e: unknown) => {
      this.building = null;
      throw e;
    }));
  }

  /** The page (and count) from the index, level with the replica; null while it is built, or for a query it cannot
   * test (the replica answers then). */
  async search(q: Query, withCount: boolean): Promise<SearchAnswer | null> {
    if (!this.index) {
      void this.ready().catch(() => undefined);
      return null;
    }
    if (this.behind) await this.catchUp();
    return this.index.search(q, withCount);
  }

  close(): void {
    this.sub.unsubscribe();
  }

  private async build(): Promise<void> {
    const table = await tableOf(this.db, 'address_book');
    this.behind = false;
    // what is written while the table is read is read again after it
    const since = lwtOf(await table.orderBy('_meta.lwt').last());
    const index = new MemberIndex();
    for (let after: string | null = null; ;) {
      const chunk: Doc[] = await (after === null ? table.orderBy(':id') : table.where(':id').above(after))
        .limit(CHUNK)
        .toArray();
      index.put(chunk);
      if (chunk.length < CHUNK) break;
      after = String(chunk[chunk.length - 1].id);
    }
    this.index = index;
    this.lwt = since;
    this.behind = true;
  }

  /** One catch-up at a time; a notice during one leaves the index behind for the next. */
  private async catchUp(): Promise<void> {
    while (this.behind) {
      this.catching ??= this.readChanges().finally(() => (this.catching = null));
      await this.catching;
    }
  }

  private async readChanges(): Promise<void> {
    this.behind = false;
    const index = this.index!;
    const table = await tableOf(this.db, 'address_book');
    // (counted beside the read: a member written between the two makes the count differ, and the keys tell)
    const [written, live] = await Promise.all([
      table.where('_meta.lwt').above(this.lwt).toArray(),
      members(table).count(),
    ]);
    index.put(written);
    for (const d of written) this.lwt = Math.max(this.lwt, lwtOf(d));
    if (live !== index.size) {
      const here = new Set((await members(table).primaryKeys()).map(String));
      index.remove([...index.ids()].filter((id) => !here.has(id)));
    }
    if (index.held > 2 * index.size + 10_000) this.index = index.compacted();
  }
}

const searches = new Map<string, MemberSearch>();

/** The member index of an open database (one per database name, made on first use). */
export function memberSearchOf(db: LocalDb): MemberSearch {
  let s = searches.get(db.name);
  if (!s || s.db !== db) {
    s?.close();
    const made = (s = new MemberSearch(db));
    searches.set(db.name, made);
    // a closed database (a logout) lets its members go
    db.onClose.push(() => {
      made.close();
      if (searches.get(db.name) === made) searches.delete(db.name);
    });
  }
  return s;
}
