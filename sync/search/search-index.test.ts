import { describe, expect, it, vi } from 'vitest';
import { MAX_TIME } from '../store/local-db';
import type { Filter } from '../query/query';
import type { SearchAnswer } from '../query/query-types';
import { SearchIndex } from './search-index';
import { Dictionary } from './dictionary';

// The search columns against a plain filter-and-sort of the same documents, on randomized data, with the walk's
// budget and the rare-content bound made small so every path is taken: the row-by-row walk, walking on, the gather
// of a rare content substring and the mask (built, extended after appends, rebuilt after a change in place).
// side-store.test.ts compares the same answers with RxDB's indexes, through the side store.

const T0 = Date.UTC(2026, 10, 1);
const MIN = 60_000;
const TEMPLATES = [
  '您的验证码是{n}，5分钟内有效',
  '【商城】订单SF{n}已发货',
  'Your order {n} has shipped',
  '双十一大促，全场五折',
  'hello world',
];

function rng(seed: number) {
  let s = seed >>> 0;
  return () => (s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32;
}

type Doc = {
  sn: string;
  receive_time: number;
  decodeMobile: string;
  decodeContent: string;
  cus_id: string;
  mt_status: number;
  prod_type: number;
};

function doc(rand: () => number, i: number, time?: number): Doc {
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)];
  return {
    sn: `sn${String(i).padStart(6, '0')}`,
    receive_time: time ?? T0 + Math.floor(rand() * 5000) * MIN,
    decodeMobile: pick(['138', '139', '150', '+86', '']) + String(Math.floor(rand() * 1e8)).padStart(8, '0'),
    decodeContent: pick(TEMPLATES).replace('{n}', String(Math.floor(rand() * 1e6))),
    cus_id: pick(['ENT1', 'SUB1', 'SUB2']),
    mt_status: pick([0, 500, 600, 700]),
    prod_type: pick([0, 0, 1, 2]),
  };
}

const key = (d: Doc) => `${String(MAX_TIME - d.receive_time).padStart(String(MAX_TIME).length, '0')}:${d.sn}`;

/** the same query by brute force: every document that passes, newest first (time descending, then key). */
function reference(docs: Map<string, Doc>, filters: Filter[], after: string | null, limit: number) {
  const pass = (d: Doc) =>
    filters.every((f) => {
      const v = (d as unknown as Record<string, unknown>)[f.field];
      if (f.op === 'eq') return v === f.value;
      if (f.op === 'in') return f.values.includes(v as never);
      if (f.op === 'range')
        return (f.from === undefined || (v as number) >= f.from) && (f.to === undefined || (v as number) <= f.to);
      if (f.op === 'prefix') return String(v).startsWith(f.value);
      return String(v).includes(f.value);
    });
  const all = [...docs.values()]
    .filter(pass)
    .sort((a, b) => b.receive_time - a.receive_time || (a.sn < b.sn ? -1 : a.sn > b.sn ? 1 : 0));
  const from = after === null ? 0 : all.findIndex((d) => key(d) > after);
  const page = from < 0 ? [] : all.slice(from, from + limit);
  return {
    keys: page.map((d) => d.sn),
    next: page.length === limit ? key(page[page.length - 1]) : null,
    count: all.length,
  };
}

function randomFilters(rand: () => number, docs: Doc[]): Filter[] {
  const some = docs[Math.floor(rand() * docs.length)];
  const pool: Filter[] = [
    { op: 'eq', field: 'prod_type', value: 0 },
    { op: 'in', field: 'mt_status', values: [500, 700] },
    { op: 'eq', field: 'mt_status', value: 600 },
    { op: 'eq', field: 'cus_id', value: 'SUB1' },
    { op: 'in', field: 'cus_id', values: ['ENT1', 'NOBODY'] },
    { op: 'range', field: 'receive_time', from: T0 + 1000 * MIN, to: T0 + 3000 * MIN },
    { op: 'prefix', field: 'decodeMobile', value: some.decodeMobile.slice(0, 5) },
    { op: 'contains', field: 'decodeMobile', value: some.decodeMobile.slice(4, 8) },
    { op: 'contains', field: 'decodeContent', value: some.decodeContent.slice(-9, -3) },
    { op: 'contains', field: 'decodeContent', value: '验证' },
    { op: 'contains', field: 'decodeContent', value: 'o' },
    { op: 'contains', field: 'decodeContent', value: '没有这条' },
    { op: 'eq', field: 'decodeContent', value: some.decodeContent },
  ];
  return pool.filter(() => rand() < 0.25);
}

describe('search columns', () => {
  it('answer the pages, cursors and counts of a plain filter and sort, on every path, through appends, changes and removals', () => {
    for (const seed of [1, 2, 3, 4, 5, 6]) {
      const rand = rng(seed);
      const index = new SearchIndex({ walkBudget: 16, rareRows: 40 });
      const docs = new Map<string, Doc>();
      let next = 0;
      const write = (batch: Doc[]) => {
        for (const d of batch) docs.set(d.sn, d);
        index.put('mt_records', batch as never);
      };
      write(Array.from({ length: 1500 }, () => doc(rand, next++)));
      // the same few queries again and again (fewer than the masks kept), so their masks and gathers are reused across the changes between them
      const queries = Array.from({ length: 3 }, () => randomFilters(rand, [...docs.values()]));
      for (let round = 0; round < 60; round++) {
        const newest = [...docs.values()].at(-1)!;
        // and a rare content of a row that came after the gather's index was built
        const rare: Filter[] = [{ op: 'contains', field: 'decodeContent', value: newest.decodeContent.slice(-7) }];
        for (const filters of [...queries, rare]) {
          let after: string | null = null;
          for (let page = 0; page < 3; page++) {
            const got: SearchAnswer = index.search({ collection: 'mt_records', filters, limit: 20, after }, true)!;
            const want = reference(docs, filters, after, 20);
            expect({ ...got, seed, round, page, filters }).toEqual({ ...want, seed, round, page, filters });
            if (!got.next) break;
            after = got.next;
          }
        }
        // between searches: new rows, status reports (changes in place), a row moved in time, removals
        const r = rand();
        const existing = [...docs.values()];
        const some = () => existing[Math.floor(rand() * existing.length)];
        if (r < 0.3) write(Array.from({ length: 30 }, () => doc(rand, next++)));
        else if (r < 0.6)
          write(
            Array.from({ length: 40 }, () => ({ ...some(), mt_status: [0, 500, 600, 700][Math.floor(rand() * 4)] })),
          );
        else if (r < 0.75) {
          const one = some();
          write([{ ...one, receive_time: one.receive_time + MIN, decodeContent: `${one.decodeContent}改` }]);
        } else if (r < 0.9) {
          const gone = existing.slice(0, 25).map((d) => d.sn);
          for (const sn of gone) docs.delete(sn);
          index.remove('mt_records', gone);
        }
      }
    }
  });

  it('builds the mask of a long walk in the background, and the next pages walk it to the same answers', async () => {
    const rand = rng(5);
    const index = new SearchIndex({ walkBudget: 16 });
    const docs = new Map<string, Doc>();
    const batch = Array.from({ length: 3000 }, (_, i) => doc(rand, i));
    for (const d of batch) docs.set(d.sn, d);
    index.put('mt_records', batch as never);
    // about one row in ten: a few in the first 16, so the walk goes on row by row
    const filters: Filter[] = [
      { op: 'eq', field: 'mt_status', value: 600 },
      { op: 'prefix', field: 'decodeMobile', value: '13' },
    ];
    const col = index.cols.mt_records;
    const page = (after: string | null) => index.search({ collection: 'mt_records', filters, limit: 20, after })!;
    // the slices are not timers (nested timers are clamped to 4 ms each): with timers held, the mask is still built
    vi.useFakeTimers({ toFake: ['setTimeout', 'setInterval'] });
    const first = page(null);
    expect(first).toEqual((({ count: _c, ...r }) => r)(reference(docs, filters, null, 20)));
    expect(col.masks.size).toBe(1);
    const mask = [...col.masks.values()][0];
    // (turns of the event loop: vi.waitFor would move the held timers on)
    for (let turn = 0; turn < 200 && mask.rows < col.n; turn++) await new Promise((r) => setImmediate(r));
    vi.useRealTimers();
    expect(mask.rows).toBe(col.n);
    let after = first.next;
    for (let p = 0; p < 5 && after; p++) {
      const got = page(after);
      expect(got).toEqual((({ count: _c, ...r }) => r)(reference(docs, filters, after, 20)));
      after = got.next;
    }
    // a status report makes the mask stale: the answers follow the change
    const one = [...docs.values()].find((d) => d.mt_status !== 600 && d.decodeMobile.startsWith('13'))!;
    docs.set(one.sn, { ...one, mt_status: 600 });
    index.put('mt_records', [{ ...one, mt_status: 600 }] as never);
    expect(index.search({ collection: 'mt_records', filters, limit: 20 }, true)).toEqual(
      reference(docs, filters, null, 20),
    );
  });

  it('finds what a plain substring test finds, through the n-gram groups, as the dictionary grows', () => {
    const rand = rng(7);
    const dict = new Dictionary({ grams: true });
    const texts: string[] = [];
    const needles = ['验证码', '验证', 'SF12', '12', '1', '没有这条', 'Your order 5', 'd', '', '，全场五折', '订单SF9'];
    for (let round = 0; round < 6; round++) {
      for (let i = 0; i < 700; i++) {
        const t = TEMPLATES[Math.floor(rand() * TEMPLATES.length)].replace('{n}', String(Math.floor(rand() * 1e5)));
        dict.idOf(t);
        if (!texts.includes(t)) texts.push(t);
      }
      for (const needle of needles) {
        const { st, hits } = dict.containing(needle);
        const got = texts.map((_, id) => st[id]);
        expect(hits).toBe(texts.filter((t) => t.includes(needle)).length);
        expect({ needle, got }).toEqual({ needle, got: texts.map((t) => (t.includes(needle) ? 1 : 2)) });
        const probe = dict.probe(needle);
        expect(texts.map((_, id) => probe(id))).toEqual(texts.map((t) => t.includes(needle)));
      }
    }
  });

  it('runs a page of every kind after loading without changing what the searches answer', () => {
    const rand = rng(11);
    const index = new SearchIndex();
    const docs = Array.from({ length: 300 }, (_, i) => doc(rand, i));
    index.put('mt_records', docs as never);
    const q = {
      collection: 'mt_records' as const,
      filters: [{ op: 'contains', field: 'decodeContent', value: '验证' } as Filter],
      limit: 20,
    };
    const before = index.search(q, true);
    index.warm();
    expect(index.search(q, true)).toEqual(before);
    expect(before!.count).toBe(docs.filter((d) => d.decodeContent.includes('验证')).length);
  });
});
