import Dexie, { type Table } from 'dexie';
import { RECORD_COLLECTIONS, type RecordCollectionName } from '../store/local-db';
import type { Doc, StoreCollection } from '../store/record-store';
import { SearchIndex } from './search-index';
import { SEARCHABLE, type SearchCollection, type StoredBlock } from './search-spec';

// The search columns on disk, beside RxDB: one IndexedDB database per user database with the blocks (one per written
// page, rewritten when its rows change or go), the content dictionary in appended chunks, and a meta row. The meta
// row carries each collection's live count and RxDB's last write time as the columns saw them: a side store that
// disagrees with RxDB (a crash between the two writes, an older version) is rebuilt from RxDB at load.

export const SIDE_STORE_VERSION = 1;
export const sideStoreName = (dbName: string) => `${dbName}--search`;

interface Meta {
  id: 'meta';
  version: number;
  /** dictionary entries saved so far. */
  dictSaved: number;
  accounts: string[];
  lwt: Record<SearchCollection, number>;
  live: Record<SearchCollection, number>;
}
interface DictChunk {
  from: number;
  texts: string[];
}

/** The record store's writes, as the search columns hear them. */
export interface WriteHook {
  put(name: RecordCollectionName, docs: Doc[]): void;
  remove(name: RecordCollectionName, ids: string[]): void;
}

export interface LocalSearch {
  index: SearchIndex;
  hook: WriteHook;
  /** resolves once RxDB's state is read for the staleness check: writes before that would look like a stale side
   * store, so the replication starts after it (two small reads per collection). */
  checked: Promise<void>;
  /** resolves when the columns are loaded (or rebuilt) and follow the writes. */
  ready: Promise<{ rebuilt: boolean; ms: number; why: string }>;
  isReady(): boolean;
  /** resolves when every change so far is on disk. */
  saved(): Promise<void>;
  close(): void;
}

const COLLECTIONS = Object.keys(SEARCHABLE) as SearchCollection[];

/** RxDB's live count and last write time of a collection, read from its Dexie table. */
async function rxState(table: Table<Doc, string>): Promise<{ count: number; lwt: number }> {
  const [count, last] = await Promise.all([table.count(), table.orderBy('_meta.lwt').last()]);
  return { count, lwt: (last?._meta as { lwt?: number } | undefined)?.lwt ?? 0 };
}

export function openLocalSearch(o: {
  dbName: string;
  tableOf: (name: StoreCollection) => Promise<Table<Doc, string>>;
  idb?: { indexedDB: unknown; IDBKeyRange: unknown };
}): LocalSearch {
  const side = new Dexie(sideStoreName(o.dbName), o.idb as never);
  side.version(1).stores({ blocks: 'id', dict: 'from', meta: 'id' });
  const blocks = side.table<StoredBlock, number>('blocks');
  const dict = side.table<DictChunk, number>('dict');
  const metaT = side.table<Meta, string>('meta');
  let index = new SearchIndex();
  let ready = false;
  let closed = false;
  const queued: Array<() => void> = [];
  let dictSaved = 0;
  let saving: Promise<void> = Promise.resolve();
  let saveQueued = false;
  let failedIds: number[] = [];

  function save(): Promise<void> {
    if (saveQueued || closed) return saving;
    saveQueued = true;
    saving = saving
      .then(async () => {
        saveQueued = false;
        if (closed) return;
        const ids = [...index.dirty];
        index.dirty.clear();
        failedIds = ids;
        const put: StoredBlock[] = [];
        const gone: number[] = [];
        for (const id of ids) {
          const b = index.blockOf(id);
          if (b) put.push(b);
          else gone.push(id);
        }
        // copies taken now: the columns keep changing while the transaction awaits
        const from = dictSaved;
        const texts = index.contents.texts.slice(from);
        const meta: Meta = {
          id: 'meta',
          version: SIDE_STORE_VERSION,
          dictSaved: from + texts.length,
          accounts: [...index.accounts.texts],
          lwt: { ...index.lwt },
          live: Object.fromEntries(COLLECTIONS.map((c) => [c, index.cols[c].live])) as Record<SearchCollection, number>,
        };
        await side.transaction('rw', blocks, dict, metaT, async () => {
          if (put.length) await blocks.bulkPut(put);
          if (gone.length) await blocks.bulkDelete(gone);
          if (texts.length) await dict.put({ from, texts });
          await metaT.put(meta);
        });
        dictSaved = meta.dictSaved;
        failedIds = [];
      })
      .catch((e: unknown) => {
        // the columns in memory stay right: their blocks are saved with the next write (or made consistent at load)
        for (const id of failedIds) index.dirty.add(id);
        console.warn('search side store not saved', e);
      });
    return saving;
  }

  /** the saved meta row and RxDB's counts as they are before this session writes. */
  const current = (async () => {
    const meta = await metaT.get('meta');
    if (!meta || meta.version !== SIDE_STORE_VERSION) return null;
    const counts = {} as Record<SearchCollection, number>;
    for (const c of COLLECTIONS) counts[c] = (await rxState(await o.tableOf(c))).count;
    return { meta, counts };
  })();

  /** why the saved columns were not used (for the bench and tests). */
  let why = '';
  const no = (reason: string) => ((why = reason), false);
  async function loadSaved(): Promise<boolean> {
    const saved = await current;
    if (!saved) return no('no saved columns of this version');
    const { meta, counts } = saved;
    const chunks = await dict.orderBy('from').toArray();
    let n = 0;
    for (const ch of chunks) {
      if (ch.from !== n) return no(`dictionary chunk at ${ch.from}, expected ${n}`);
      index.contents.load(ch.texts);
      n += ch.texts.length;
    }
    if (n !== meta.dictSaved) return no(`dictionary of ${n}, saved ${meta.dictSaved}`);
    index.accounts.load(meta.accounts);
    // blocks in id order: a record moved to a later block is live only there
    await blocks.orderBy('id').each((b) => index.loadBlock(b));
    for (const c of COLLECTIONS) {
      if (index.cols[c].live !== meta.live[c])
        return no(`${c}: ${index.cols[c].live} rows in blocks, saved ${meta.live[c]}`);
      index.lwt[c] = meta.lwt[c];
      // made consistent with RxDB (the side store is saved after each RxDB write, so a worker ended in between leaves
      // it behind): documents written since its last save are upserted, and removals found by key
      const table = await o.tableOf(c);
      const newer = await table
        .where('_meta.lwt')
        .above(meta.lwt[c] ?? 0)
        .toArray();
      if (newer.length)
        index.put(
          c,
          newer.filter((d) => d._deleted !== '1'),
        );
      if (counts[c] !== meta.live[c] || newer.length) {
        const keys = new Set((await table.toCollection().primaryKeys()).map(String));
        const cols = index.cols[c];
        index.remove(
          c,
          cols.sn.filter((k, r) => !cols.dead[r] && !keys.has(k)),
        );
      }
    }
    dictSaved = n;
    return true;
  }

  async function rebuild(): Promise<void> {
    index = new SearchIndex();
    search.index = index;
    dictSaved = 0;
    await side.transaction('rw', blocks, dict, metaT, async () => {
      await Promise.all([blocks.clear(), dict.clear(), metaT.clear()]);
    });
    for (const c of COLLECTIONS) {
      const table = await o.tableOf(c);
      const pk = RECORD_COLLECTIONS[c].primaryKey;
      let after: string | null = null;
      for (;;) {
        const chunk: Doc[] = await (after === null ? table.orderBy(':id') : table.where(':id').above(after))
          .limit(5000)
          .toArray();
        index.put(
          c,
          chunk.filter((d) => d._deleted !== '1'),
        );
        if (chunk.length < 5000) break;
        after = String(chunk[chunk.length - 1][pk]);
      }
    }
  }

  const t0 = Date.now();
  const search: LocalSearch = {
    index,
    hook: {
      put(name, docs) {
        if (!SEARCHABLE[name]) return;
        if (ready) {
          index.put(name, docs);
          void save();
        } else queued.push(() => index.put(name, docs));
      },
      remove(name, ids) {
        if (!SEARCHABLE[name]) return;
        if (ready) {
          index.remove(name, ids);
          void save();
        } else queued.push(() => index.remove(name, ids));
      },
    },
    ready: (async () => {
      let rebuilt = false;
      if (!(await loadSaved().catch((e: unknown) => no(String(e))))) {
        rebuilt = true;
        await rebuild();
      }
      // writes that landed while loading, in order (upserts and removals are idempotent over what was read)
      for (const op of queued.splice(0)) op();
      index.warm();
      ready = true;
      if (rebuilt || index.dirty.size) await save();
      return { rebuilt, ms: Date.now() - t0, why };
    })(),
    checked: current.then(
      () => undefined,
      () => undefined,
    ),
    isReady: () => ready,
    saved: () => saving,
    close() {
      closed = true;
      side.close();
    },
  };
  return search;
}
