import Dexie from 'dexie';
import { afterEach, describe, expect, it } from 'vitest';
import { orderKey, type LocalDb, type LocalMt } from '../store/local-db';
import { idb, localMt, openTestDb, removeTestDb, searchedStoreOf, searchOf } from '../store/local-db.fixtures';
import { registerSearcher } from './local-search';
import { countQuery, runQuery, type Filter, type Query } from '../query/query';
import { recordStoreOf, type RecordStore } from '../store/record-store';
import { sideStoreName, type LocalSearch } from './side-store';

// The search columns against RxDB itself: after a random mix of pulls (new records and changed ones), tombstones and
// evictions, every query answers the same rows, cursors and counts from the columns as from RxDB's indexes; and a
// side store that is missing or behind is rebuilt from RxDB.

const T0 = Date.UTC(2026, 10, 1);
const MIN = 60_000;
const CONTENTS = [
  '您的验证码是{n}，5分钟内有效',
  '【商城】订单{n}已发货',
  'Your order {n} has shipped',
  'hello world',
  '双十一大促，全场五折',
  'Hello World',
];
const PHONES = ['1380013', '1391234', '861380013', '0012', '+8613800'];

let db: LocalDb | null = null;
let search: LocalSearch | null = null;
let unregister = () => {};
afterEach(async () => {
  // (fake-indexeddb is slow: the walks below read thousands of documents)
  unregister();
  search?.close();
  search = null;
  if (db) await removeTestDb(db);
  db = null;
}, 60_000);

/** a seeded generator, so a failure replays. */
function rng(seed: number) {
  let s = seed >>> 0;
  return () => (s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32;
}

function record(rand: () => number, i: number): LocalMt {
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)];
  // a few records share a time, so ties are ordered by key
  const t = T0 + Math.floor(rand() * 2000) * MIN;
  const sn = `sn${String(i).padStart(5, '0')}`;
  const content = pick(CONTENTS).replace('{n}', rand() < 0.5 ? String(Math.floor(rand() * 100000)) : '123456');
  return localMt(sn, t, {
    prod_type: pick([0, 0, 1, 2]),
    cus_id: pick(['ENT1', 'SUB1', 'SUB2']),
    decodeMobile: pick(PHONES) + String(Math.floor(rand() * 10000)).padStart(4, '0'),
    decodeContent: content,
    mt_status: pick([0, 500, 600, 700]),
    seq: i,
  });
}

async function open(name: string): Promise<{ store: RecordStore; s: LocalSearch }> {
  db = await openTestDb(name);
  search = searchOf(db);
  return { store: searchedStoreOf(db, search), s: search };
}

/** A random mix of pulls, changed records, tombstones and evictions, as the replication does them. */
async function churn(store: RecordStore, rand: () => number, rounds: number): Promise<void> {
  let next = 0;
  const known: LocalMt[] = [];
  for (let round = 0; round < rounds; round++) {
    const roll = rand();
    if (roll < 0.55 || known.length < 50) {
      const page = Array.from({ length: 5 + Math.floor(rand() * 50) }, () => record(rand, next++));
      known.push(...page.map((d) => ({ ...d })));
      await store.put('mt_records', page);
    } else if (roll < 0.75) {
      // delivery reports (same time) and re-sent records (a new time)
      const page = Array.from({ length: 1 + Math.floor(rand() * 40) }, () => {
        const old = known[Math.floor(rand() * known.length)];
        const t = rand() < 0.3 ? old.receive_time + MIN : old.receive_time;
        return {
          ...old,
          mt_status: 0,
          receive_time: t,
          k: orderKey(t, old.sn),
          decodeContent: rand() < 0.2 ? '内容已修改' : old.decodeContent,
        };
      });
      await store.put('mt_records', page);
    } else if (roll < 0.88) {
      await store.remove(
        'mt_records',
        Array.from({ length: 1 + Math.floor(rand() * 30) }, () => known[Math.floor(rand() * known.length)].sn),
      );
    } else if (roll < 0.94) {
      await store.remove(
        'mt_records',
        await store.keysOlderThan('mt_records', orderKey(T0 + Math.floor(rand() * 300) * MIN, ''), 500),
      );
    } else {
      await store.remove('mt_records', await store.oldestKeys('mt_records', Math.floor(rand() * 100)));
    }
  }
}

const QUERIES: Filter[][] = [
  [],
  [{ op: 'contains', field: 'decodeContent', value: '验证码' }],
  [{ op: 'contains', field: 'decodeContent', value: '订单123456' }],
  [{ op: 'contains', field: 'decodeContent', value: 'World' }],
  [{ op: 'contains', field: 'decodeContent', value: 'no such text' }],
  [{ op: 'contains', field: 'decodeMobile', value: '0013' }],
  [{ op: 'contains', field: 'decodeMobile', value: '+86' }],
  [{ op: 'prefix', field: 'decodeMobile', value: '138' }],
  [{ op: 'prefix', field: 'decodeMobile', value: '00' }],
  [{ op: 'eq', field: 'mt_status', value: 700 }],
  [{ op: 'in', field: 'mt_status', values: [0, 600] }],
  [{ op: 'eq', field: 'cus_id', value: 'SUB1' }],
  [
    { op: 'eq', field: 'prod_type', value: 0 },
    { op: 'range', field: 'receive_time', from: T0 + 500 * MIN, to: T0 + 1200 * MIN },
  ],
  [
    { op: 'eq', field: 'prod_type', value: 0 },
    { op: 'eq', field: 'cus_id', value: 'ENT1' },
    { op: 'contains', field: 'decodeContent', value: '订单' },
    { op: 'contains', field: 'decodeMobile', value: '13' },
    { op: 'range', field: 'receive_time', from: T0 + 100 * MIN },
  ],
];

/** every page of a query, as keys (with status and content) and cursors, with its count. */
async function walk(
  d: LocalDb,
  filters: Filter[],
  limit: number,
): Promise<{ keys: string[]; cursors: unknown[]; total: number }> {
  const q: Query = { collection: 'mt_records', filters, limit };
  const keys: string[] = [];
  const cursors: unknown[] = [];
  let after: string | null = null;
  for (;;) {
    const page: { rows: LocalMt[]; next: string | number | null } = await runQuery<LocalMt>(
      { ...q, after },
      { db: d, online: false, horizon: 0 },
    );
    // the rows' changing fields too: a page must never show a document from before a write
    keys.push(...page.rows.map((r) => `${r.sn} ${r.mt_status} ${r.decodeContent}`));
    cursors.push(page.next);
    if (page.next === null) break;
    after = page.next as string;
  }
  return { keys, cursors, total: (await countQuery(q, { db: d, online: false, horizon: 0 })).total };
}

/** The same walks through RxDB's indexes and through the columns. */
async function expectSameAsRxdb(s: LocalSearch) {
  const d = db!;
  for (const filters of QUERIES) {
    const viaRx = await walk(d, filters, 50);
    let asked = 0;
    unregister = registerSearcher(d.name, { search: async (q, c) => (asked++, s.index.search(q, c)) });
    const viaColumns = await walk(d, filters, 50);
    unregister();
    expect(asked, JSON.stringify(filters)).toBeGreaterThan(0);
    expect(viaColumns, JSON.stringify(filters)).toEqual(viaRx);
  }
}

describe('search side store', () => {
  it('answers as RxDB does after a random mix of pulls, changes, tombstones and evictions', async () => {
    const { store, s } = await open('mix');
    expect((await s.ready).rebuilt).toBe(true);
    await churn(store, rng(42), 40);
    expect(await store.count('mt_records')).toBeGreaterThan(300);
    await expectSameAsRxdb(s);
  }, 240_000);

  it('loads saved columns, catches up with writes it missed, and rebuilds from RxDB when the side store is missing', async () => {
    const { store, s } = await open('reload');
    await s.ready;
    await churn(store, rng(7), 25);
    const d = db!;
    // pages heard back to back while the side store saves, each with new contents: what is saved stays in order
    const burst = rng(3);
    const pages = Array.from({ length: 6 }, (_, j) =>
      Array.from({ length: 20 }, (_, i) => record(burst, 50_000 + j * 100 + i)),
    );
    const quiet = recordStoreOf(d);
    for (const page of pages) await quiet.put('mt_records', page);
    for (const page of pages) {
      s.hook.put('mt_records', page);
      await new Promise((r) => setTimeout(r, 0));
    }
    await s.saved();

    // saved and current: loaded as saved, not rebuilt
    s.close();
    const again = searchOf(d);
    search = again;
    expect(await again.ready).toMatchObject({ rebuilt: false, why: '' });
    await expectSameAsRxdb(again);

    // writes the side store never heard of (a worker ended between the two writes): a new record, a changed one and
    // removed ones are made consistent at load, without a rebuild
    again.close();
    const unhooked = recordStoreOf(d);
    const [changed, ...gone] = await unhooked.oldestKeys('mt_records', 4);
    const doc = (await unhooked.get('mt_records', [changed]))[0];
    await unhooked.put('mt_records', [{ ...doc, mt_status: 600, decodeContent: '状态已变更' }, record(rng(1), 99_999)]);
    await unhooked.remove('mt_records', gone);
    const behind = searchOf(d);
    search = behind;
    expect((await behind.ready).rebuilt).toBe(false);
    await expectSameAsRxdb(behind);
    expect(
      behind.index.search({
        collection: 'mt_records',
        filters: [{ op: 'contains', field: 'decodeContent', value: '状态已变更' }],
        limit: 5,
      })?.keys,
    ).toEqual([changed]);

    // missing: rebuilt, and it follows writes afterwards
    behind.close();
    await new Dexie(sideStoreName(d.name), idb as never).delete();
    const fresh = searchOf(d);
    search = fresh;
    expect((await fresh.ready).rebuilt).toBe(true);
    await churn(searchedStoreOf(d, fresh), rng(9), 10);
    await expectSameAsRxdb(fresh);
  }, 240_000);
});
