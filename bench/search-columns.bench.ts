import { HOME } from '../platform/seed/records';
import { SearchIndex } from '../sync/search/search-index';
import type { Filter } from '../sync/query/query';

// The search columns alone (sync/search/search-index.ts), in Node, at N records shaped like the demo data (blocks of 100
// records share an account, product line and content template; verification codes and parcel numbers are unique):
// worker-side time per case of the browser bench's warm mix, first call (nothing cached) and p95 of 10.
// Run: npx tsx bench/search-columns.bench.ts [--records 1000000]

const arg = process.argv.indexOf('--records');
const N = arg > 0 ? Number(process.argv[arg + 1]) : 1_000_000;
const DAY = 86_400_000;
const NOW = Date.UTC(2026, 10, 22);
let s = 88172645;
const rnd = () => {
  s ^= s << 13;
  s ^= s >>> 17;
  s ^= s << 5;
  return (s >>> 0) / 4294967296;
};
const pick = <T>(xs: T[]) => xs[Math.floor(rnd() * xs.length)];

const index = new SearchIndex();
let order = '';
const t0 = performance.now();
for (let page = 0; page < N / 1000; page++) {
  const docs: Record<string, unknown>[] = [];
  for (let b = 0; b < 10; b++) {
    const tpl = pick(HOME);
    const prod = rnd() < 0.7 ? 0 : pick([1, 2, 6]);
    const cus = pick(['ENT001', 'SUB001', 'SUB002', 'SUB003']);
    for (let i = 0; i < 100; i++) {
      const n = page * 1000 + b * 100 + i;
      const code = String(Math.floor(rnd() * 1e8)).padStart(8, '0');
      const content = tpl.replace('{code}', code);
      if (tpl.includes('SF') && !order && n > N / 3) order = `SF${code}`;
      docs.push({
        sn: `sn${n}`,
        receive_time: NOW - 90 * DAY + Math.floor((n * 90 * DAY) / N),
        decodeMobile: `1${pick(['38', '39', '50', '86'])}${String(Math.floor(rnd() * 1e8)).padStart(8, '0')}`,
        decodeContent: content,
        cus_id: cus,
        mt_status: pick([0, 0, 0, 700, 500, 600]),
        prod_type: prod,
      });
    }
  }
  index.put('mt_records', docs);
}
(globalThis as { gc?: () => void }).gc?.();
{
  const m = process.memoryUsage();
  console.error(
    `heap ${Math.round(m.heapUsed / 1048576)} MB, array buffers ${Math.round(m.arrayBuffers / 1048576)} MB`,
  );
}
const tOrder = performance.now();
index.warm();
console.error(`ordered and warmed in ${Math.round(performance.now() - tOrder)} ms`);
console.error(
  `built ${N} rows in ${Math.round(performance.now() - t0)} ms; ${index.contents.texts.length} distinct contents`,
);

const content = (value: string): Filter[] => [{ op: 'contains', field: 'decodeContent', value }];
const cases: Array<[string, Filter[]]> = [
  ['status', [{ op: 'eq', field: 'mt_status', value: 700 }]],
  ['account', [{ op: 'eq', field: 'cus_id', value: 'SUB001' }]],
  ['date range', [{ op: 'range', field: 'receive_time', from: NOW - 20 * DAY, to: NOW - 10 * DAY }]],
  ['phone prefix', [{ op: 'prefix', field: 'decodeMobile', value: '1380' }]],
  ['page 1', []],
  ['content zh 2 chars', content('验证')],
  ['content zh 4 chars', content('双十一大')],
  ['content English word', content('example')],
  ['content order number', content(order)],
  ['content no match', content('没有这条内容')],
  ['phone middle digits', [{ op: 'contains', field: 'decodeMobile', value: '5678' }]],
  [
    'combined',
    [
      { op: 'eq', field: 'cus_id', value: 'SUB001' },
      { op: 'eq', field: 'mt_status', value: 0 },
      ...content('验证码'),
      { op: 'range', field: 'receive_time', from: NOW - 30 * DAY, to: NOW - 5 * DAY },
    ],
  ],
];
const out: Record<string, unknown> = {};
for (const [name, filters] of cases) {
  const times: number[] = [];
  let found = 0;
  for (let r = 0; r < 10; r++) {
    const t = performance.now();
    found = index.search({
      collection: 'mt_records',
      filters: [{ op: 'eq', field: 'prod_type', value: 0 }, ...filters],
      limit: 20,
    })!.keys.length;
    times.push(performance.now() - t);
  }
  const t = performance.now();
  const count = index.search(
    { collection: 'mt_records', filters: [{ op: 'eq', field: 'prod_type', value: 0 }, ...filters], limit: 20 },
    true,
  )!.count;
  const countMs = performance.now() - t;
  const sorted = [...times].sort((a, b) => a - b);
  out[name] = {
    first: +times[0].toFixed(2),
    p95: +sorted[Math.ceil(sorted.length * 0.95) - 1].toFixed(2),
    found,
    count,
    countMs: +countMs.toFixed(1),
  };
}
console.table(out);
{
  const f = (filters: Filter[]) => ({
    collection: 'mt_records' as const,
    filters: [{ op: 'eq' as const, field: 'prod_type', value: 0 }, ...filters],
    limit: 20,
  });
  for (const [name, filters] of cases) {
    const ts: number[] = [];
    for (let r = 0; r < 3; r++) {
      const t = performance.now();
      index.search(f(filters), true);
      ts.push(+(performance.now() - t).toFixed(1));
    }
    console.log('count again', name, ts.join(' '));
  }
  const t = performance.now();
  const { st } = index.contents.containing('SF1234');
  console.log('containing SF1234', (performance.now() - t).toFixed(1), st.length);
  const t2 = performance.now();
  index.contents.containing('没有这条');
  console.log('containing 没有这条', (performance.now() - t2).toFixed(1));
}
for (const nd of ['5678', '1234', '9012', '3456', '5678', '0909']) {
  const t = performance.now();
  const a = index.search({
    collection: 'mt_records',
    filters: [
      { op: 'eq', field: 'prod_type', value: 0 },
      { op: 'contains', field: 'decodeMobile', value: nd },
    ],
    limit: 20,
  })!;
  console.log('phone middle', nd, a.keys.length, (performance.now() - t).toFixed(2));
}
