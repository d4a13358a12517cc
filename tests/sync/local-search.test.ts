import Dexie from 'dexie';
import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerSearcher } from '../../sync/search/local-search';
import type { LocalDb } from '../../sync/store/local-db';
import { countQuery, runQuery, type Filter, type Query } from '../../sync/query/query';
import { createRecordStore, tableOf } from '../../sync/store/record-store';
import { createReplicator, type Replicator } from '../../sync/replication/replication';
import { httpPull } from '../../sync/replication/replication-http';
import { openLocalSearch, sideStoreName, type LocalSearch } from '../../sync/search/side-store';
import { DB_KINDS, startPlatform, type TestPlatform } from '../helpers/platform';
import { consoleFor } from './helpers';

// Local search against the platform: randomized records on a real platform, replicated into a local
// database whose writes feed the search columns; every filter combination answers, from the columns, the records
// the platform's list endpoint answers for the same filters (content contains incl. Chinese, phone prefix and middle
// digits, status, account, date range). The platform's phone filter is a prefix: middle digits are compared with
// its list under the other filters, narrowed by the same digits.

const HOUR = 3_600_000;
const ACCOUNTS = ['EP0001', 'SUB001', 'SUB002', 'AGT001'];
const WORDS = [
  '您的验证码为',
  '订单',
  '已发货',
  '双十一大促',
  '全场五折',
  'Your code is',
  'order',
  'shipped',
  '账单',
  '退订回TD',
  '快递单号SF',
];
const N = 400;

function rng(seed: number) {
  let s = seed >>> 0;
  return () => (s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32;
}

describe.each(DB_KINDS)('local search on %s', (kind) => {
  let p: TestPlatform;
  let db: LocalDb;
  let search: LocalSearch;
  let rep: Replicator;
  let admin: string;
  let unregister = () => {};
  const now = Date.now();
  const rand = rng(kind === 'pglite' ? 11 : 12);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)];

  beforeAll(async () => {
    p = await startPlatform(kind);
    const visible = (
      await p.ctx.db.query<{ cus_id: string }>(`select cus_id from accounts where cus_id = any($1::text[])`, [ACCOUNTS])
    ).map((r) => r.cus_id);
    // distinct times (a second apart), so the order is the same on both sides whatever the key tie-break
    for (let i = 0; i < N; i++) {
      const content = `${pick(WORDS)}${rand() < 0.5 ? String(Math.floor(rand() * 1e6)).padStart(6, '0') : ''}${rand() < 0.3 ? pick(WORDS) : ''}`;
      const mobile = `1${3 + Math.floor(rand() * 7)}${String(Math.floor(rand() * 1e9)).padStart(9, '0')}`;
      const at = new Date(now - Math.floor(rand() * 20 * 24) * HOUR - i * 1000);
      await p.ctx.db.query(
        `insert into mt_records (sn, prod_type, cus_id, batch_id, mobile, content, mt_status, report_result, receive_time, month, segments, price, deleted)
         values ($1, $2, $3, 'LS', $4, $5, $6, '0', $7, '202611', 1, 0.05, $8)`,
        [
          `LS${String(i).padStart(5, '0')}`,
          pick([0, 0, 0, 1]),
          pick(visible),
          mobile,
          content,
          pick([0, 0, 500, 600, 700]),
          at,
          rand() < 0.05,
        ],
      );
    }
    admin = await p.login('admin');
    const c = await consoleFor(p, 'admin', 'EP0001');
    db = c.db;
    const d = db;
    search = openLocalSearch({ dbName: d.name, tableOf: (n) => tableOf(d, n), idb: { indexedDB, IDBKeyRange } });
    rep = createReplicator({
      store: createRecordStore(d.name, d.token, (n) => tableOf(d, n), search.hook),
      pull: httpPull(c.client),
      pageSize: 150,
      resources: ['mtRecord'],
    });
    await rep.start();
    await rep.backfilled();
    await search.ready;
    let asked = 0;
    unregister = registerSearcher(d.name, {
      search: async (q, withCount) => (asked++, search.index.search(q, withCount)),
    });
    expect(
      await countQuery({ collection: 'mt_records', filters: [], limit: 20 }, { db: d, online: false, horizon: 0 }),
    ).toMatchObject({ source: 'local' });
    expect(asked).toBe(1);
  }, 240_000);
  afterAll(async () => {
    unregister();
    await rep?.stop();
    search?.close();
    if (db) {
      await new Dexie(sideStoreName(db.name), { indexedDB, IDBKeyRange } as never).delete();
      await db.remove();
    }
    await p?.close();
  });

  /** every page the columns answer, as keys, and their count. */
  async function local(filters: Filter[]): Promise<{ sns: string[]; total: number }> {
    const q: Query = { collection: 'mt_records', filters, limit: 25 };
    const sns: string[] = [];
    let after: string | null = null;
    for (;;) {
      const page: { rows: { sn: string }[]; next: string | number | null } = await runQuery<{ sn: string }>(
        { ...q, after },
        { db, online: false, horizon: 0 },
      );
      sns.push(...page.rows.map((r) => r.sn));
      if (page.next === null) break;
      after = page.next as string;
    }
    return { sns, total: (await countQuery(q, { db, online: false, horizon: 0 })).total };
  }

  async function platform(body: Record<string, unknown>): Promise<{ sn: string; decodeMobile: string }[]> {
    const r = await p.call('/mtRecord/list', { pageNumber: 1, pageSize: 1000, ...body }, { token: admin });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body.data.data;
  }

  it('answers what the platform lists for the same filters, on randomized records', async () => {
    const live = await platform({ prod_type: 0 });
    expect(live.length).toBeGreaterThan(200);
    const anyContent = () => {
      const w = pick(WORDS);
      const from = Math.floor(rand() * (w.length - 1));
      return w.slice(from, from + 2 + Math.floor(rand() * 3));
    };
    let found = 0;
    for (let round = 0; round < 40; round++) {
      const prod = pick([0, 1]);
      const filters: Filter[] = [{ op: 'eq', field: 'prod_type', value: prod }];
      const body: Record<string, unknown> = { prod_type: prod };
      const digits = String(Math.floor(rand() * 1000)).padStart(2 + Math.floor(rand() * 2), '0');
      let middle: string | null = null;
      // one to three filters of each round, chosen at random
      for (const f of ['content', 'phonePrefix', 'phoneMiddle', 'status', 'account', 'range'].filter(
        () => rand() < 0.35,
      )) {
        if (f === 'content') {
          const value = rand() < 0.2 ? String(Math.floor(rand() * 100)) : anyContent();
          filters.push({ op: 'contains', field: 'decodeContent', value });
          body.decodeContent = value;
        } else if (f === 'phonePrefix') {
          const value = `1${3 + Math.floor(rand() * 7)}${Math.floor(rand() * 10)}`;
          filters.push({ op: 'prefix', field: 'decodeMobile', value });
          body.decodeMobile = value;
        } else if (f === 'phoneMiddle' && body.decodeMobile === undefined) {
          middle = digits;
          filters.push({ op: 'contains', field: 'decodeMobile', value: digits });
        } else if (f === 'status') {
          const value = pick([0, 500, 600, 700]);
          filters.push({ op: 'eq', field: 'mt_status', value });
          body.mt_status = value;
        } else if (f === 'account') {
          const value = pick(ACCOUNTS);
          filters.push({ op: 'eq', field: 'cus_id', value });
          body.cus_id = value;
        } else if (f === 'range') {
          const from = now - Math.floor(rand() * 15 * 24) * HOUR;
          const to = from + Math.floor(rand() * 6 * 24) * HOUR;
          filters.push({ op: 'range', field: 'receive_time', from, to });
          Object.assign(body, { startTime: from, endTime: to });
        }
      }
      const expected = (await platform(body))
        .filter((r) => middle === null || r.decodeMobile.includes(middle))
        .map((r) => r.sn);
      const got = await local(filters);
      expect(got.sns, JSON.stringify(filters)).toEqual(expected);
      expect(got.total, JSON.stringify(filters)).toBe(expected.length);
      if (expected.length > 0 && expected.length < live.length) found++;
    }
    // most rounds narrow the list without emptying it
    expect(found).toBeGreaterThan(15);
  }, 240_000);

  it('finds an order number and Chinese content exactly as the platform does', async () => {
    const some = (await platform({ prod_type: 0, decodeContent: '订单' })).map((r) => r.sn);
    expect(some.length).toBeGreaterThan(0);
    expect(
      (
        await local([
          { op: 'eq', field: 'prod_type', value: 0 },
          { op: 'contains', field: 'decodeContent', value: '订单' },
        ])
      ).sns,
    ).toEqual(some);
    const none = await local([
      { op: 'eq', field: 'prod_type', value: 0 },
      { op: 'contains', field: 'decodeContent', value: '没有这条内容' },
    ]);
    expect(none).toEqual({ sns: [], total: 0 });
  });
});
