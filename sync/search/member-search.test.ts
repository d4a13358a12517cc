import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { orderKey, type LocalDb } from '../store/local-db';
import { openTestDb, removeTestDb } from '../store/local-db.fixtures';
import { memberSearchOf } from './member-search';
import { queryLocal, runQuery, toRxQuery, type Filter, type Query } from '../query/query';
import { recordStoreOf } from '../store/record-store';

// The member index answers exactly what the replica's own query (a scan of the address book) answers: the same
// members, in the same order, page by page, and the same count; also after members are added, edited and deleted.

// (a shared machine runs the replica's scans slowly)
vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });
const T0 = Date.UTC(2026, 0, 1);
const HOUR = 3_600_000;
const SURNAMES = ['成员', '张伟', '王芳', 'Alice', 'alice', 'ALICE', 'Bob'];
let db: LocalDb;

const member = (i: number, over: Record<string, unknown> = {}) => {
  const id = `m${String(i).padStart(5, '0')}`;
  // a few share a time, so the order falls back to the id within one instant
  const create_time = T0 + Math.floor(i / 3) * HOUR;
  return {
    id,
    kind: 'member',
    cus_id: 'c1',
    groupId: `g${i % 3}`,
    groupName: `组${i % 3}`,
    name: `${SURNAMES[i % SURNAMES.length]}${i}`,
    mobile: `139${String((i * 7919) % 100_000_000).padStart(8, '0')}`,
    email: i % 4 ? `user${i}@Example.com` : '',
    jobNumber: '',
    gender: '',
    birthday: '',
    remark: i % 5 ? `备注 ${i % 11}` : '',
    create_time,
    seq: i + 1,
    deleted: false,
    updated_at: create_time,
    k: orderKey(create_time, id),
    ...over,
  };
};
const group = (g: number) => ({
  id: `g${g}`,
  kind: 'group',
  cus_id: 'c1',
  groupId: `g${g}`,
  groupName: `组${g}`,
  mobile: '',
  create_time: T0,
  seq: 1,
  deleted: false,
  updated_at: T0,
  k: orderKey(T0, `g${g}`),
});

const M: Filter = { op: 'eq', field: 'kind', value: 'member' };
const QUERIES: Filter[][] = [
  [M],
  [M, { op: 'contains', field: 'name', value: '成员' }],
  [M, { op: 'contains', field: 'name', value: '成员12' }],
  [M, { op: 'contains', field: 'name', value: '张' }],
  [M, { op: 'contains', field: 'name', value: '伟1' }],
  [M, { op: 'contains', field: 'name', value: '芳99' }],
  [M, { op: 'contains', field: 'name', value: 'Alice' }],
  [M, { op: 'contains', field: 'name', value: 'alice1' }],
  [M, { op: 'contains', field: 'name', value: 'LIC' }],
  [M, { op: 'contains', field: 'name', value: 'nobody' }],
  [M, { op: 'contains', field: 'name', value: '9' }],
  [M, { op: 'prefix', field: 'mobile', value: '139' }],
  [M, { op: 'prefix', field: 'mobile', value: '1390' }],
  [M, { op: 'prefix', field: 'mobile', value: '13900' }],
  [M, { op: 'prefix', field: 'mobile', value: '1' }],
  [M, { op: 'contains', field: 'mobile', value: '7919' }],
  [M, { op: 'contains', field: 'email', value: 'example' }],
  [M, { op: 'contains', field: 'email', value: '@Example' }],
  [M, { op: 'contains', field: 'remark', value: '备注 1' }],
  [M, { op: 'eq', field: 'groupId', value: 'g1' }],
  [M, { op: 'eq', field: 'groupId', value: 'g2' }, { op: 'prefix', field: 'mobile', value: '1390' }],
  [M, { op: 'eq', field: 'groupId', value: 'g0' }, { op: 'contains', field: 'name', value: '员1' }],
  [M, { op: 'range', field: 'create_time', from: T0 + 100 * HOUR, to: T0 + 400 * HOUR }],
  [M, { op: 'range', field: 'create_time', from: T0 + 100 * HOUR }, { op: 'contains', field: 'name', value: 'Bob' }],
];

/** Every page of a query by its cursor, and the count, from the index. */
async function viaIndex(filters: Filter[], limit: number): Promise<{ keys: string[]; count: number | undefined }> {
  const search = memberSearchOf(db);
  const keys: string[] = [];
  let after: string | null = null;
  for (let i = 0; i < 1000; i++) {
    const page = await search.search({ collection: 'address_book', filters, limit, after }, false);
    if (!page) throw new Error('the index did not answer');
    keys.push(...page.keys);
    if (page.next === null) break;
    after = page.next;
  }
  const counted = await search.search({ collection: 'address_book', filters, limit: 0 }, true);
  return { keys, count: counted?.count };
}

/** The replica's own answer: its query over the address book, all of it in order. */
async function viaScan(filters: Filter[]): Promise<string[]> {
  const q: Query = { collection: 'address_book', filters, limit: 1_000_000 };
  return (await queryLocal(db, 'address_book', toRxQuery(q))).map((d) => String(d.id));
}

async function sameAsScan() {
  for (const filters of QUERIES) {
    const scan = await viaScan(filters);
    for (const limit of [20, 3]) {
      const got = await viaIndex(filters, limit);
      expect(got.keys, JSON.stringify(filters)).toEqual(scan);
      expect(got.count, JSON.stringify(filters)).toBe(scan.length);
    }
  }
}

beforeAll(async () => {
  db = await openTestDb('ms');
  await recordStoreOf(db).put('address_book', [
    group(0),
    group(1),
    group(2),
    ...Array.from({ length: 400 }, (_, i) => member(i)),
  ]);
  await memberSearchOf(db).ready();
});
afterAll(async () => removeTestDb(db));

describe('member search through the index', () => {
  it('answers what the scan answers: Chinese names, partial matches, mobiles, case, groups, ranges, pages', async () => {
    await sameAsScan();
  });

  it('is what runQuery and countQuery answer for the address book', async () => {
    const filters: Filter[] = [M, { op: 'contains', field: 'name', value: '成员1' }];
    const page = await runQuery<{ id: string }>(
      { collection: 'address_book', filters, limit: 20 },
      { db, online: false, horizon: 0 },
    );
    expect(page.rows.map((r) => r.id)).toEqual((await viaScan(filters)).slice(0, 20));
    // groups are not members: a query that may match them is the replica's
    expect(
      await memberSearchOf(db).search(
        { collection: 'address_book', filters: [{ op: 'eq', field: 'kind', value: 'group' }], limit: 20 },
        true,
      ),
    ).toBeNull();
  });

  it('stays exact after members are added, edited and deleted', async () => {
    const store = recordStoreOf(db);
    // added: new names, one sorting newest
    await store.put(
      'address_book',
      Array.from({ length: 40 }, (_, i) =>
        member(3000 + i, { create_time: T0 + 5000 * HOUR, k: orderKey(T0 + 5000 * HOUR, `m0${3000 + i}`) }),
      ),
    );
    // edited: a name, a mobile, a group
    const edited = [
      member(12, { name: '新名字', seq: 9000 }),
      member(13, { mobile: '13800000000', seq: 9001 }),
      member(14, { groupId: 'g2', seq: 9002 }),
    ];
    await store.put('address_book', edited);
    // deleted: by the feed's tombstones, and removed outright
    await store.putNewer(
      'address_book',
      [],
      [
        { id: 'm00010', seq: 9999 },
        { id: 'm00121', seq: 9999 },
      ],
    );
    await store.remove('address_book', ['m00015', 'm00300']);
    await sameAsScan();
    expect((await viaIndex([M, { op: 'contains', field: 'name', value: '新名' }], 20)).keys).toEqual(['m00012']);
    expect((await viaIndex([M, { op: 'contains', field: 'name', value: '成员10' }], 200)).keys).not.toContain('m00010');
  });
});
