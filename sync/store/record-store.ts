import Dexie, { type Table } from 'dexie';
import { announceChange } from './local-changes';
import { RECORD_COLLECTIONS, type LocalDb, type RecordCollectionName } from './local-db';

// The replication's door to the record collections: it writes straight into the Dexie tables RxDB's Dexie storage
// keeps (one IndexedDB database per collection, documents in the `docs` table), in RxDB's stored format, and
// announces each write on the local change channel. RxDB's own bulkWrite reads every id back before writing and
// posts whole documents to every other tab; for pulled pages that halved the fill rate (BENCHMARKS.md). The same
// code runs on RxDB's open tables (main thread, Node tests) and on tables the sync worker opens by name.

export type StateCollection = 'sync_state';
export type StoreCollection = RecordCollectionName | StateCollection;
export type Doc = Record<string, unknown>;
export type TableOf = (name: StoreCollection) => Promise<Table<Doc, string>>;

export interface RecordStore {
  /** the RxDB database name: change notices are keyed by it. */
  dbName: string;
  /** Upserts pulled documents. Takes ownership: the objects get RxDB's storage fields in place. */
  put(name: RecordCollectionName, docs: Doc[]): Promise<void>;
  /** Writes a forward page but what is older (by seq) than the copy here: upserts `docs`, deletes the tombstones
   * `gone`. Read and written in one transaction, so a command's result that another thread writes meanwhile
   * (outbox.ts, on the page; pulls run in the sync worker) is never overwritten by a page that left before it.
   * Returns how many of `docs` were written. */
  putNewer(name: RecordCollectionName, docs: Doc[], gone?: { id: string; seq: number }[]): Promise<number>;
  /** Changes one record, read and written in one transaction; false when it is not here. */
  update(name: RecordCollectionName, id: string, change: (cur: Doc) => Doc): Promise<boolean>;
  remove(name: RecordCollectionName, ids: string[]): Promise<void>;
  get(name: RecordCollectionName, ids: string[]): Promise<Doc[]>;
  count(name: RecordCollectionName): Promise<number>;
  /** primary keys of up to `limit` documents whose ordering key is above `kAbove` (older than a time). */
  keysOlderThan(name: RecordCollectionName, kAbove: string, limit: number): Promise<string[]>;
  /** primary keys of the `n` oldest documents. */
  oldestKeys(name: RecordCollectionName, n: number): Promise<string[]>;
  readState<T>(id: string): Promise<T | null>;
  writeState(id: string, data: object): Promise<void>;
}

/** RxDB's storage fields: not part of a record as screens and exports see it. */
const INTERNAL = ['_deleted', '_attachments', '_meta', '_rev'] as const;
export function stripInternal(d: Doc): Doc {
  for (const f of INTERNAL) delete d[f];
  return d;
}

function stamp(d: Doc, lwt: number, rev: string): Doc {
  // '0': the Dexie storage keeps boolean index fields as '0'/'1' (IndexedDB cannot index booleans)
  d._deleted = '0';
  d._attachments = {};
  d._meta = { lwt };
  d._rev = rev;
  return d;
}

/** Hears each write once it is in the table, before it is announced (the search columns follow it). */
export interface RecordWriteHook {
  put(name: RecordCollectionName, docs: Doc[]): void;
  remove(name: RecordCollectionName, ids: string[]): void;
}

export function createRecordStore(
  dbName: string,
  token: string,
  tableOf: TableOf,
  hook?: RecordWriteHook,
): RecordStore {
  let lwt = 0;
  // lwt must grow strictly: RxDB orders its own change checkpoints by it
  const nextLwt = () => (lwt = Math.max(Date.now(), lwt + 0.01));
  const live = (d: Doc | undefined): d is Doc => !!d && d._deleted !== '1';
  const pkOf = (name: RecordCollectionName) => RECORD_COLLECTIONS[name].primaryKey;

  async function scan(name: RecordCollectionName, keep: (d: Doc) => boolean, limit: number): Promise<string[]> {
    const table = await tableOf(name);
    const pk = pkOf(name);
    const out: string[] = [];
    // a full pass in primary-key order, values read in chunks: eviction is rare and runs in the background
    let after: string | null = null;
    for (;;) {
      const chunk: Doc[] = await (after === null ? table.orderBy(':id') : table.where(':id').above(after))
        .limit(5000)
        .toArray();
      for (const d of chunk) if (live(d) && keep(d)) out.push(String(d[pk]));
      if (chunk.length < 5000 || out.length >= limit) break;
      after = String(chunk[chunk.length - 1][pk]);
    }
    return out.slice(0, limit);
  }

  return {
    dbName,
    async put(name, docs) {
      if (docs.length === 0) return;
      const at = nextLwt();
      const rev = `1-${token}`;
      for (const d of docs) stamp(d, at, rev);
      await (await tableOf(name)).bulkPut(docs);
      hook?.put(name, docs);
      announceChange(dbName, name);
    },
    async putNewer(name, docs, gone = []) {
      if (docs.length + gone.length === 0) return 0;
      const table = await tableOf(name);
      const pk = pkOf(name);
      const at = nextLwt();
      const rev = `1-${token}`;
      const [put, removed] = await table.db.transaction('rw', table, async () => {
        const here = await table.bulkGet([...docs.map((d) => String(d[pk])), ...gone.map((g) => g.id)]);
        const older = (i: number, seq: unknown) => live(here[i]) && Number(seq) < Number(here[i]!.seq);
        const newer = docs.filter((d, i) => !older(i, d.seq));
        const ids = gone.filter((g, i) => !older(docs.length + i, g.seq)).map((g) => g.id);
        for (const d of newer) stamp(d, at, rev);
        await table.bulkPut(newer);
        await table.bulkDelete(ids);
        return [newer, ids] as const;
      });
      if (put.length) hook?.put(name, put);
      if (removed.length) hook?.remove(name, removed);
      if (put.length || removed.length) announceChange(dbName, name);
      return put.length;
    },
    async update(name, id, change) {
      const table = await tableOf(name);
      const at = nextLwt();
      const rev = `1-${token}`;
      const next = await table.db.transaction('rw', table, async () => {
        const cur = await table.get(id);
        if (!live(cur)) return null;
        const out = stamp(change(stripInternal({ ...cur })), at, rev);
        await table.put(out);
        return out;
      });
      if (!next) return false;
      hook?.put(name, [next]);
      announceChange(dbName, name);
      return true;
    },
    async remove(name, ids) {
      if (ids.length === 0) return;
      await (await tableOf(name)).bulkDelete(ids);
      hook?.remove(name, ids);
      announceChange(dbName, name);
    },
    async get(name, ids) {
      const found = await (await tableOf(name)).bulkGet(ids);
      return found.filter(live).map(stripInternal);
    },
    async count(name) {
      return (await tableOf(name)).count();
    },
    keysOlderThan(name, kAbove, limit) {
      return scan(name, (d) => String(d.k) > kAbove, limit);
    },
    async oldestKeys(name, n) {
      if (n <= 0) return [];
      const table = await tableOf(name);
      const pk = pkOf(name);
      // the n largest ordering keys (oldest first in time), kept in a sorted window while the table is walked
      const keys: { k: string; id: string }[] = [];
      await table.each((d: Doc) => {
        if (!live(d)) return;
        keys.push({ k: String(d.k), id: String(d[pk]) });
        if (keys.length > n * 2) {
          keys.sort((a, b) => (a.k < b.k ? 1 : -1));
          keys.length = n;
        }
      });
      keys.sort((a, b) => (a.k < b.k ? 1 : -1));
      return keys.slice(0, n).map((x) => x.id);
    },
    async readState<T>(id: string) {
      const d = await (await tableOf('sync_state')).get(id);
      return live(d) ? (d.data as T) : null;
    },
    async writeState(id, data) {
      await (await tableOf('sync_state')).put(stamp({ id, data }, nextLwt(), `1-${token}`));
    },
  };
}

/** The Dexie table RxDB's storage keeps an open collection in. */
export async function tableOf(db: LocalDb, name: StoreCollection): Promise<Table<Doc, string>> {
  const internals = (db[name].storageInstance as unknown as { internals: Promise<{ dexieTable: Table<Doc, string> }> })
    .internals;
  return (await internals).dexieTable;
}

/** The store over an open RxDB database's own Dexie tables (main thread, Node tests). */
export function recordStoreOf(db: LocalDb): RecordStore {
  return createRecordStore(db.name, db.token, (name) => tableOf(db, name));
}

/** The IndexedDB database RxDB's Dexie storage keeps one collection in (every schema here is version 0). */
export const storageDbName = (dbName: string, name: StoreCollection) => `rxdb-dexie-${dbName}--0--${name}`;

/**
 * The store over the same tables opened by name, without RxDB (the sync worker). The database must exist: RxDB
 * creates it when the console opens the user's database, before the worker starts.
 */
export function openRecordStore(
  dbName: string,
  token: string,
  idb?: { indexedDB: unknown; IDBKeyRange: unknown },
  hook?: RecordWriteHook,
): RecordStore & { close(): void; tableOf: TableOf } {
  const opened = new Map<StoreCollection, Dexie>();
  const tables = new Map<StoreCollection, Promise<Table<Doc, string>>>();
  const tableOf: TableOf = (name) => {
    let t = tables.get(name);
    if (!t) {
      // no version declared: Dexie opens the existing schema as it is
      const d = new Dexie(storageDbName(dbName, name), idb as never);
      opened.set(name, d);
      t = d.open().then(() => d.table<Doc, string>('docs'));
      tables.set(name, t);
    }
    return t;
  };
  const store = createRecordStore(dbName, token, tableOf, hook);
  return { ...store, tableOf, close: () => opened.forEach((d) => d.close()) };
}
