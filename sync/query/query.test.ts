import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalDb, LocalMt } from '../store/local-db';
import { localMt, openTestDb, removeTestDb } from '../store/local-db.fixtures';
import { recordStoreOf } from '../store/record-store';
import { chooseIndex, countQuery, prefixPlan, runQuery, toListRequest, toRxQuery, type Query } from './query';

const T0 = Date.UTC(2026, 10, 1);
const HOUR = 3_600_000;
let db: LocalDb;

const mt = (i: number): LocalMt =>
  localMt(`sn${String(i).padStart(4, '0')}`, T0 + i * HOUR, {
    prod_type: i % 5 === 0 ? 1 : 0,
    cus_id: i % 2 ? 'sub1' : 'ent1',
    decodeMobile: `13${i % 3}00${String(i).padStart(6, '0')}`,
    decodeContent: i % 7 === 0 ? 'Your code is 42' : 'hello',
    mt_status: [0, 500, 700][i % 3],
    source: i % 4 === 0 ? 'smpp' : 'console',
    seq: i,
  });
const all = Array.from({ length: 300 }, (_, i) => mt(i));
const newestFirst = (rows: LocalMt[]) => [...rows].sort((a, b) => b.receive_time - a.receive_time).map((r) => r.sn);

beforeAll(async () => {
  db = await openTestDb('q');
  await recordStoreOf(db).put(
    'mt_records',
    all.map((d) => ({ ...d })),
  );
});
afterAll(async () => removeTestDb(db));

async function pages(q: Query): Promise<string[]> {
  const out: string[] = [];
  let after: string | null = null;
  for (;;) {
    const page: { rows: LocalMt[]; next: string | number | null } = await runQuery<LocalMt>(
      { ...q, after },
      { db, online: true, horizon: 0 },
    );
    out.push(...page.rows.map((r) => r.sn));
    if (page.next === null) return out;
    after = page.next as string;
  }
}

describe('query vocabulary', () => {
  it('picks the index whose leading fields the equality filters fill', () => {
    expect(
      chooseIndex('mt_records', [
        { op: 'eq', field: 'prod_type', value: 0 },
        { op: 'eq', field: 'mt_status', value: 0 },
      ]),
    ).toEqual(['prod_type', 'mt_status', 'k']);
    // the source filter walks its own index, not the product line's with every console record read and dropped
    const bySource: Query = {
      collection: 'mt_records',
      filters: [
        { op: 'eq', field: 'prod_type', value: 0 },
        { op: 'eq', field: 'source', value: 'smpp' },
      ],
      limit: 20,
    };
    expect(chooseIndex('mt_records', bySource.filters)).toEqual(['prod_type', 'source', 'k']);
    expect(toRxQuery(bySource)).toMatchObject({
      index: ['prod_type', 'source', 'k'],
      selector: { prod_type: 0, source: 'smpp' },
    });
    expect(
      chooseIndex('mt_records', [
        { op: 'eq', field: 'prod_type', value: 0 },
        { op: 'prefix', field: 'decodeMobile', value: '13' },
      ]),
    ).toEqual(['prod_type', 'k']);
    expect(
      toRxQuery({ collection: 'mt_records', filters: [{ op: 'eq', field: 'prod_type', value: 0 }], limit: 20 }).sort,
    ).toEqual([{ prod_type: 'asc' }, { k: 'asc' }]);
    // a phone prefix of 3+ digits reads the phone index; a shorter one walks the newest-first index
    const phone = (value: string): Query => ({
      collection: 'mt_records',
      filters: [
        { op: 'eq', field: 'prod_type', value: 0 },
        { op: 'prefix', field: 'decodeMobile', value },
      ],
      limit: 20,
    });
    expect(prefixPlan(phone('138'))?.index).toEqual(['prod_type', 'decodeMobile', 'k']);
    expect(prefixPlan(phone('13'))).toBeNull();
    expect(prefixPlan({ ...phone('138'), sort: 'oldest' })).toBeNull();
  });

  it('keyset pages walk every matching record newest first, whatever the filters', async () => {
    const cases: [Query['filters'], (r: LocalMt) => boolean][] = [
      [[{ op: 'eq', field: 'prod_type', value: 0 }], (r) => r.prod_type === 0],
      [
        [
          { op: 'eq', field: 'prod_type', value: 0 },
          { op: 'eq', field: 'mt_status', value: 700 },
        ],
        (r) => r.prod_type === 0 && r.mt_status === 700,
      ],
      [
        [
          { op: 'eq', field: 'prod_type', value: 0 },
          { op: 'eq', field: 'cus_id', value: 'sub1' },
        ],
        (r) => r.prod_type === 0 && r.cus_id === 'sub1',
      ],
      [
        [
          { op: 'eq', field: 'prod_type', value: 0 },
          { op: 'eq', field: 'source', value: 'smpp' },
        ],
        (r) => r.prod_type === 0 && r.source === 'smpp',
      ],
      [
        [
          { op: 'eq', field: 'prod_type', value: 0 },
          { op: 'prefix', field: 'decodeMobile', value: '131' },
        ],
        (r) => r.prod_type === 0 && r.decodeMobile.startsWith('131'),
      ],
      // through the phone index: with a status the index does not hold, with a date range, and a whole number
      [
        [
          { op: 'eq', field: 'prod_type', value: 0 },
          { op: 'prefix', field: 'decodeMobile', value: '1310' },
          { op: 'eq', field: 'mt_status', value: 500 },
        ],
        (r) => r.prod_type === 0 && r.decodeMobile.startsWith('1310') && r.mt_status === 500,
      ],
      [
        [
          { op: 'eq', field: 'prod_type', value: 0 },
          { op: 'prefix', field: 'decodeMobile', value: '1300' },
          { op: 'range', field: 'receive_time', from: T0 + 30 * HOUR, to: T0 + 200 * HOUR },
        ],
        (r) =>
          r.prod_type === 0 &&
          r.decodeMobile.startsWith('1300') &&
          r.receive_time >= T0 + 30 * HOUR &&
          r.receive_time <= T0 + 200 * HOUR,
      ],
      [
        [
          { op: 'eq', field: 'prod_type', value: 0 },
          { op: 'prefix', field: 'decodeMobile', value: all[4].decodeMobile },
        ],
        (r) => r.prod_type === 0 && r.decodeMobile === all[4].decodeMobile,
      ],
      [
        [
          { op: 'eq', field: 'prod_type', value: 0 },
          { op: 'contains', field: 'decodeContent', value: 'code' },
        ],
        (r) => r.prod_type === 0 && r.decodeContent.includes('code'),
      ],
      [
        [
          { op: 'eq', field: 'prod_type', value: 0 },
          { op: 'range', field: 'receive_time', from: T0 + 50 * HOUR, to: T0 + 120 * HOUR },
        ],
        (r) => r.prod_type === 0 && r.receive_time >= T0 + 50 * HOUR && r.receive_time <= T0 + 120 * HOUR,
      ],
      [
        [
          { op: 'in', field: 'prod_type', values: [0, 1] },
          { op: 'eq', field: 'mt_status', value: 0 },
        ],
        (r) => r.mt_status === 0,
      ],
    ];
    for (const [filters, keep] of cases) {
      expect(await pages({ collection: 'mt_records', filters, limit: 17 })).toEqual(newestFirst(all.filter(keep)));
      // the matching count is over the whole result, whatever page size or cursor the query carries
      const count = await countQuery(
        { collection: 'mt_records', filters, limit: 17, after: all[299].k },
        { db, online: false, horizon: 0 },
      );
      expect(count).toEqual({ total: all.filter(keep).length, exact: true, source: 'local' });
    }
  });

  it('a range combined with a cursor keeps both bounds', async () => {
    const filters: Query['filters'] = [
      { op: 'eq', field: 'prod_type', value: 0 },
      { op: 'range', field: 'receive_time', to: T0 + 100 * HOUR },
    ];
    const first = await runQuery<LocalMt>(
      { collection: 'mt_records', filters, limit: 5 },
      { db, online: true, horizon: 0 },
    );
    expect(first.rows[0].receive_time).toBeLessThanOrEqual(T0 + 100 * HOUR);
    const second = await runQuery<LocalMt>(
      { collection: 'mt_records', filters, limit: 5, after: first.next as string },
      { db, online: true, horizon: 0 },
    );
    expect(second.rows[0].receive_time).toBeLessThan(first.rows[4].receive_time);
  });

  it('past the cache window offline: local rows, marked cached only', async () => {
    const q: Query = {
      collection: 'mt_records',
      filters: [
        { op: 'eq', field: 'prod_type', value: 0 },
        { op: 'range', field: 'receive_time', from: T0 - 100 * HOUR },
      ],
      limit: 10,
    };
    const res = await runQuery(q, { db, online: false, horizon: T0 });
    expect(res).toMatchObject({ source: 'local', cachedOnly: true });
    expect(res.rows).toHaveLength(10);
    const inside = await runQuery({ ...q, filters: [q.filters[0]] }, { db, online: false, horizon: T0 });
    expect(inside.cachedOnly).toBe(false);
  });

  it('counts the event log too (the Activity list)', async () => {
    expect(
      await countQuery({ collection: 'events', filters: [], limit: 50 }, { db, online: false, horizon: 0 }),
    ).toEqual({
      total: 0,
      exact: true,
      source: 'local',
    });
  });

  it('counts on the platform past the window, with its estimate mark', async () => {
    const asked: unknown[] = [];
    const client = {
      call: async (_e: unknown, body: unknown) => (asked.push(body), { total: 123_456, totalExact: false, data: [] }),
    };
    const q: Query = {
      collection: 'mt_records',
      filters: [
        { op: 'eq', field: 'prod_type', value: 0 },
        { op: 'range', field: 'receive_time', from: T0 - 100 * HOUR },
      ],
      limit: 500,
    };
    expect(await countQuery(q, { db, client: client as never, online: true, horizon: T0 })).toEqual({
      total: 123_456,
      exact: false,
      source: 'server',
    });
    expect(asked).toEqual([{ pageNumber: 1, pageSize: 20, prod_type: 0, startTime: T0 - 100 * HOUR }]);
    // a list that sums the whole filter (the batch list) hands its summary on
    const summed = { call: async () => ({ total: 3, totalExact: true, summary: { receive: 9 }, data: [] }) };
    expect(
      await countQuery({ ...q, collection: 'batches' }, { db, client: summed as never, online: true, horizon: T0 }),
    ).toEqual({
      total: 3,
      exact: true,
      source: 'server',
      summary: { receive: 9 },
    });
  });

  it('translates the same query into a list request', () => {
    const q: Query = {
      collection: 'mt_records',
      filters: [
        { op: 'eq', field: 'prod_type', value: 0 },
        { op: 'eq', field: 'mt_status', value: 700 },
        { op: 'eq', field: 'source', value: 'http' },
        { op: 'prefix', field: 'decodeMobile', value: '138' },
        { op: 'range', field: 'receive_time', from: 1, to: 2 },
      ],
      limit: 20,
    };
    expect(toListRequest(q, 3)).toEqual({
      pageNumber: 3,
      pageSize: 20,
      prod_type: 0,
      mt_status: 700,
      source: 'http',
      decodeMobile: '138',
      startTime: 1,
      endTime: 2,
    });
    expect(
      toListRequest({ collection: 'statistics', filters: [{ op: 'eq', field: 'kind', value: 'month' }], limit: 20 }, 1),
    ).toEqual({
      pageNumber: 1,
      pageSize: 20,
      dimension: 1,
    });
  });
});
