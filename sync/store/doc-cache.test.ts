import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DOC_CACHE_LIMIT } from './doc-cache';
import type { LocalDb, LocalMt } from './local-db';
import { localMt, openTestDb, removeTestDb, searchedStoreOf, searchOf } from './local-db.fixtures';
import { registerSearcher } from '../search/local-search';
import { runQuery, type Query } from '../query/query';
import { tableOf, type RecordStore } from './record-store';
import type { LocalSearch } from '../search/side-store';

// The documents of pages the search columns answer are kept in memory for the next read of the same page: it reads
// nothing from IndexedDB, and no write (the replication's, RxDB's own, or one landing while a read is under way)
// leaves a page showing a document from before it.

const T0 = Date.UTC(2026, 10, 1);
const N = DOC_CACHE_LIMIT + 500;
const mt = (i: number): LocalMt =>
  localMt(`sn${String(i).padStart(5, '0')}`, T0 + i * 60_000, {
    cus_id: 'ent1',
    decodeMobile: `1380000${String(i).padStart(4, '0')}`,
    decodeContent: `hello ${i}`,
    seq: i,
  });

let db: LocalDb;
let search: LocalSearch;
let store: RecordStore;
let unregister = () => {};
const first: Query = { collection: 'mt_records', filters: [], limit: 20 };
const page = async (q: Query = first) => (await runQuery<LocalMt>(q, { db, online: false, horizon: 0 })).rows;

beforeAll(async () => {
  db = await openTestDb('dc');
  search = searchOf(db);
  store = searchedStoreOf(db, search);
  await search.ready;
  await store.put(
    'mt_records',
    Array.from({ length: N }, (_, i) => mt(i)),
  );
  unregister = registerSearcher(db.name, { search: async (q, c) => search.index.search(q, c) });
}, 120_000);
afterAll(async () => {
  unregister();
  search.close();
  await removeTestDb(db);
});

/** counts the documents read from the collection's table while `run` runs. */
async function readsDuring<T>(run: () => Promise<T>): Promise<{ result: T; read: number }> {
  const table = await tableOf(db, 'mt_records');
  const bulkGet = vi.spyOn(table, 'bulkGet');
  try {
    const result = await run();
    return { result, read: bulkGet.mock.calls.reduce((n, [keys]) => n + keys.length, 0) };
  } finally {
    bulkGet.mockRestore();
  }
}

describe('page document cache', () => {
  it('serves a page read again from memory, as copies', async () => {
    const once = await readsDuring(() => page());
    expect(once.result.map((r) => r.sn)).toEqual(Array.from({ length: 20 }, (_, i) => mt(N - 1 - i).sn));
    expect(once.read).toBe(20);
    const again = await readsDuring(() => page());
    expect(again.result).toEqual(once.result);
    expect(again.read).toBe(0);
    // a screen changing its row does not change what the next read hands out
    again.result[0].decodeContent = 'scribbled';
    expect((await page())[0].decodeContent).toBe(`hello ${N - 1}`);
  });

  it('reads a page again after the replication writes to the collection', async () => {
    await page();
    await store.update('mt_records', mt(N - 1).sn, (d) => ({ ...d, mt_status: 700 }));
    const after = await readsDuring(() => page());
    expect(after.result[0].mt_status).toBe(700);
    expect(after.read).toBe(20);
  });

  it('reads a page again after a write through RxDB itself', async () => {
    await page();
    const doc = await db.mt_records.findOne(mt(N - 2).sn).exec();
    await doc!.incrementalPatch({ decodeContent: 'patched by RxDB' });
    expect((await page())[1].decodeContent).toBe('patched by RxDB');
  });

  it('does not keep a document read before a write that lands during the read', async () => {
    const table = await tableOf(db, 'mt_records');
    const bulkGet = table.bulkGet.bind(table);
    const spy = vi.spyOn(table, 'bulkGet').mockImplementationOnce((keys) =>
      bulkGet(keys as string[]).then(async (before) => {
        // the write commits and is announced after the documents were read, before the read answers
        await store.update('mt_records', mt(N - 3).sn, (d) => ({ ...d, decodeContent: 'changed mid-read' }));
        return before;
      }),
    );
    try {
      await store.update('mt_records', mt(N - 4).sn, (d) => ({ ...d, mt_status: 500 }));
      const rows = await page();
      expect(rows[2].decodeContent).toBe('changed mid-read');
      expect((await page())[2].decodeContent).toBe('changed mid-read');
    } finally {
      spy.mockRestore();
    }
  });

  it('leaves out a record removed since the search, and keeps at most its limit', async () => {
    await page();
    await store.remove('mt_records', [mt(N - 1).sn]);
    expect((await page()).map((r) => r.sn)).not.toContain(mt(N - 1).sn);
    // every page of the collection, then the first again: its documents were the first to go
    const all: Query = { ...first, limit: 500 };
    let after: string | null = null;
    do {
      const r: { next: string | number | null } = await runQuery({ ...all, after }, { db, online: false, horizon: 0 });
      after = r.next as string | null;
    } while (after !== null);
    expect((await readsDuring(() => page())).read).toBe(20);
    expect((await readsDuring(() => page())).read).toBe(0);
    // a page larger than the limit still answers whole
    expect(await page({ ...first, limit: DOC_CACHE_LIMIT + 100 })).toHaveLength(DOC_CACHE_LIMIT + 100);
  });
});
