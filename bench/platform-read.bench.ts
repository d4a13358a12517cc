// Read-side benchmark: p95 of each record-list filter combination at 100k and 1M MT
// records on PGlite (target: 1M p95 <= 2x 100k p95), seeding time, and change-feed throughput (target >= 50,000
// records/s). Run by hand: `npx tsx bench/platform-read.bench.ts [--records N] [--runs R]`. Prints JSON.
import { configFromEnv } from '../platform/core/config';
import { openPglite } from '../platform/db/pglite-db';
import { seedDemoTenant } from '../platform/seed/demo-tenant';
import { seedRecords } from '../platform/seed/records';
import { buildPlatform } from '../platform/server';

const arg = (name: string, d: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : d;
};
const LARGE = arg('records', 1_000_000);
const SMALL = Math.min(100_000, Math.round(LARGE / 10));
const RUNS = arg('runs', 40);
const FEED_DOCS = arg('feed', 200_000);
/** documents per pull: the contract allows up to 10,000. */
const FEED_LIMIT = arg('feed-limit', 10_000);

type Combo = { name: string; path: string; body: Record<string, unknown>; as?: 'user' };
const now = Date.now();
const month = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Shanghai', year: 'numeric', month: '2-digit' })
  .format(now)
  .replace('-', '');
const COMBOS: Combo[] = [
  { name: 'mt: none', path: '/mtRecord/list', body: { prod_type: 0 } },
  { name: 'mt: account', path: '/mtRecord/list', body: { prod_type: 0, cus_id: 'SUB001' } },
  { name: 'mt: status failure', path: '/mtRecord/list', body: { prod_type: 0, mt_status: 700 } },
  { name: 'mt: account + status', path: '/mtRecord/list', body: { prod_type: 0, cus_id: 'EP0001', mt_status: 700 } },
  { name: 'mt: phone prefix', path: '/mtRecord/list', body: { prod_type: 0, decodeMobile: '1391' } },
  { name: 'mt: content', path: '/mtRecord/list', body: { prod_type: 0, decodeContent: '验证码' } },
  { name: 'mt: month', path: '/mtRecord/list', body: { prod_type: 0, month } },
  {
    name: 'mt: last 7 days',
    path: '/mtRecord/list',
    body: { prod_type: 0, startTime: now - 7 * 86_400_000, endTime: now },
  },
  {
    name: 'mt: account + 7 days + status',
    path: '/mtRecord/list',
    body: { prod_type: 0, cus_id: 'EP0001', mt_status: 0, startTime: now - 7 * 86_400_000, endTime: now },
  },
  { name: 'mt: page 50', path: '/mtRecord/list', body: { prod_type: 0, pageNumber: 50 } },
  { name: 'mt: ordinary user', path: '/mtRecord/list', body: { prod_type: 0 }, as: 'user' },
  { name: 'international', path: '/mtRecord/list', body: { prod_type: 1 } },
  { name: 'video', path: '/newMtRecord/list', body: { prod_type: 2 } },
  { name: 'csp + status', path: '/newMtRecord/list', body: { prod_type: 6, mt_status: 0 } },
  { name: 'mo: none', path: '/moRecord/list', body: {} },
  { name: 'batches + summary', path: '/dataGathering/batchList', body: {} },
  { name: 'statistics by day', path: '/dataGathering/list', body: { dimension: 0, prod_type: 0 } },
  { name: 'dashboard', path: '/dataGathering/getSmsIndexInfo', body: { prod_type: 0 } },
];

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * 0.95))];
const round = (x: number) => Math.round(x * 100) / 100;

async function measure(size: number) {
  const db = await openPglite(null);
  const config = {
    ...configFromEnv({}),
    port: 0,
    host: '127.0.0.1',
    captcha: false,
    serveConsole: false,
    logLevel: 'error',
    seedRecords: 0,
    smppPort: null,
  };
  const platform = await buildPlatform(config, { db });
  await seedDemoTenant(platform.ctx);
  const seed = await seedRecords(platform.ctx, size);
  await db.exec('analyze');
  await platform.app.listen({ port: 0, host: '127.0.0.1' });
  const addr = platform.app.server.address();
  const base = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}/sms-service-api`;
  const post = async (path: string, body: unknown, token?: string) => {
    const res = await fetch(base + path, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
    const json = (await res.json()) as { data: any };
    if (res.status !== 200) throw new Error(`${path}: ${res.status} ${JSON.stringify(json)}`);
    return json.data;
  };
  const login = async (username: string) =>
    (
      await post('/user/login', {
        username,
        password: Buffer.from('demo1234').toString('base64'),
        code: '',
        redomStr: '',
      })
    ).token as string;
  const tokens = { admin: await login('admin'), user: await login('user') };

  const lists: Record<string, { p95: number; median: number; total: number }> = {};
  for (const c of COMBOS) {
    const token = c.as === 'user' ? tokens.user : tokens.admin;
    const body = { pageNumber: 1, pageSize: 20, ...c.body };
    let total = 0;
    for (let i = 0; i < 3; i++) total = (await post(c.path, body, token))?.total ?? 0;
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const t0 = performance.now();
      await post(c.path, body, token);
      times.push(performance.now() - t0);
    }
    lists[c.name] = { p95: round(p95(times)), median: round(median(times)), total };
  }

  // feed: pulls of FEED_LIMIT over the first FEED_DOCS documents, as the console's first sync would
  const feed = async (direction: 'forward' | 'backfill') => {
    let checkpoint: { seq: number } | null = null;
    let docs = 0;
    const t0 = performance.now();
    while (docs < Math.min(FEED_DOCS, size)) {
      const page: { documents: unknown[]; checkpoint: { seq: number } | null } = await post(
        '/mtRecord/pull',
        { direction, limit: FEED_LIMIT, checkpoint },
        tokens.admin,
      );
      docs += page.documents.length;
      if (!page.checkpoint) break;
      checkpoint = page.checkpoint;
    }
    return { docs, recordsPerSecond: Math.round(docs / ((performance.now() - t0) / 1000)) };
  };
  const feedForward = await feed('forward');
  const feedBackfill = await feed('backfill');
  await platform.close();
  return {
    size,
    seed: {
      ms: seed.ms,
      phases: seed.phases,
      mt: seed.mt,
      mo: seed.mo,
      batches: seed.batches,
      statRows: seed.statRows,
    },
    lists,
    feed: { forward: feedForward, backfill: feedBackfill },
  };
}

const small = await measure(SMALL);
const large = await measure(LARGE);
const comparison = Object.fromEntries(
  COMBOS.map((c) => {
    const a = small.lists[c.name].p95;
    const b = large.lists[c.name].p95;
    const [ma, mb] = [small.lists[c.name].median, large.lists[c.name].median];
    return [
      c.name,
      {
        [`p95ms_${SMALL}`]: a,
        [`p95ms_${LARGE}`]: b,
        ratio: round(b / a),
        withinBudget: b <= 2 * a,
        [`medianMs_${SMALL}`]: ma,
        [`medianMs_${LARGE}`]: mb,
        medianRatio: round(mb / ma),
        totals: [small.lists[c.name].total, large.lists[c.name].total],
      },
    ];
  }),
);
const out = {
  bench: 'platform-read',
  at: new Date().toISOString(),
  storage: 'pglite',
  runsPerCombo: RUNS,
  seed: { [SMALL]: small.seed, [LARGE]: large.seed },
  lists: comparison,
  allListsWithinBudget: Object.values(comparison).every((c) => c.withinBudget),
  feed: { limitPerPull: FEED_LIMIT, [SMALL]: small.feed, [LARGE]: large.feed, target: 50_000 },
};
console.log(JSON.stringify(out, null, 2));
process.exit(0);
