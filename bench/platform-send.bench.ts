// A 100,000-number group send through HTTP vs a raw multi-row INSERT of the same rows into the same database
// (embedded PGlite). Target: the HTTP send runs at >= 50% of the raw INSERT rate.
// Run: npx tsx bench/platform-send.bench.ts [--records N]
import { SERVICE_BASE_PATH } from '../contract/constants';
import { issueToken } from '../platform/auth/tokens';
import { configFromEnv } from '../platform/core/config';
import { openPglite } from '../platform/db/pglite-db';
import { seedDemoTenant } from '../platform/seed/demo-tenant';
import { buildPlatform } from '../platform/server';

const arg = process.argv.indexOf('--records');
const N = arg > 0 ? Number(process.argv[arg + 1]) : 100_000;
const ROWS_PER_INSERT = 1000;

async function main() {
  // the carrier stays idle so both runs measure only the insert path
  const config = {
    ...configFromEnv({}),
    port: 0,
    host: '127.0.0.1',
    captcha: false,
    serveConsole: false,
    logLevel: 'warn',
    seedRecords: 0,
    smppPort: null,
  };
  config.simulator = { ...config.simulator, reviewMs: 1e9, reportMs: 1e9 };
  const platform = await buildPlatform(config, { db: await openPglite(null) });
  await seedDemoTenant(platform.ctx);
  await platform.app.listen({ port: 0, host: '127.0.0.1' });
  const addr = platform.app.server.address();
  const base = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}${SERVICE_BASE_PATH}`;
  const db = platform.ctx.db;
  const [admin] = await db.query<{ id: number }>("select id from users where username = 'admin'");
  const { token } = await issueToken(db, admin.id, new Date());
  await db.query("update accounts set balance = 1e9 where cus_id = 'EP0001'");
  const mobiles = Array.from({ length: N }, (_, i) => `13${String(i).padStart(9, '0')}`);
  const content = 'Benchmark: your verification code is 123456, valid for 5 minutes.';

  const httpSend = async () => {
    const t0 = performance.now();
    const res = await fetch(`${base}/user/groupSend`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
      body: JSON.stringify({ cus_id: 'EP0001', content, mobiles: mobiles.join('\n') }),
    });
    const body = (await res.json()) as { data: { validCount: number } };
    if (body.data?.validCount !== N) throw new Error(`send answered ${JSON.stringify(body).slice(0, 300)}`);
    return performance.now() - t0;
  };

  const rawInsert = async () => {
    const t0 = performance.now();
    const now = new Date();
    for (let start = 0; start < N; start += ROWS_PER_INSERT) {
      const chunk = mobiles.slice(start, start + ROWS_PER_INSERT);
      const params: unknown[] = [];
      const values = chunk.map((m, i) => {
        const sn = `RAW${String(start + i).padStart(8, '0')}`;
        params.push(sn, 'RAWBATCH', 0, 'EP0001', m, content, 500, 'mt', now, '202611', 1, 0.05, now);
        const o = params.length - 13;
        return `(${Array.from({ length: 13 }, (_, k) => `$${o + k + 1}`).join(', ')})`;
      });
      await db.query(
        `insert into mt_records (sn, batch_id, prod_type, cus_id, mobile, content, mt_status, table_name, receive_time, month, segments, price, next_at)
         values ${values.join(', ')}`,
        params,
      );
    }
    return performance.now() - t0;
  };
  const clear = async () => {
    await db.exec('delete from mt_records; delete from batches; delete from stat_rows; delete from balance_ledger');
    await db.exec('vacuum mt_records');
  };

  // each path runs on an emptied table
  // raw runs before and after the send; its best time counts, so the send is not flattered by a cold start
  const rawFirst = await rawInsert();
  await clear();
  const httpMs = await httpSend();
  await clear();
  const rawMs = Math.min(rawFirst, await rawInsert());
  await platform.close();
  const httpRate = Math.round(N / (httpMs / 1000));
  const rawRate = Math.round(N / (rawMs / 1000));
  const out = {
    bench: 'platform-send',
    storage: 'pglite',
    records: N,
    httpMs: Math.round(httpMs),
    httpRate,
    rawMs: Math.round(rawMs),
    rawRate,
    ratio: Number((httpRate / rawRate).toFixed(2)),
    target: 0.5,
  };
  console.log(JSON.stringify(out));
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
