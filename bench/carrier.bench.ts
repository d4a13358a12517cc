// Messages per second from a group send to every record's final state: through the SMPP client to the simulator SMSC
// and back as receipts, against the same pipeline with the in-process simulator. Both run in one invocation,
// alternating, so the ratio compares like with like on a noisy machine. Goal: ratio ≥ 0.8 and ≥ 1,000 messages/s.
// Run: npx tsx bench/carrier.bench.ts [--messages N] [--rounds R] [--no-section] (figures printed only: the metrics
// cost bench runs it with and without metrics)
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SERVICE_BASE_PATH } from '../contract/constants';
import { issueToken } from '../platform/auth/tokens';
import type { Config } from '../platform/core/config';
import { benchPlatform } from './in-process-platform';

const argOf = (name: string, d: number) =>
  process.argv.includes(name) ? Number(process.argv[process.argv.indexOf(name) + 1]) : d;
const N = argOf('--messages', 20_000);
const ROUNDS = argOf('--rounds', 2);
const WRITE_SECTION = !process.argv.includes('--no-section');
const SIMULATOR: Config['simulator'] = { reviewMs: 100, reportMs: 50, successRate: 1, failureRate: 0, replyRate: 0 };

async function run(carriers: Config['carriers']): Promise<{ ms: number; rate: number; delivered: number }> {
  const b = await benchPlatform({ carriers, simulator: SIMULATOR });
  const origin = await b.listen();
  const [admin] = await b.db.query<{ id: number }>("select id from users where username = 'admin'");
  const { token } = await issueToken(b.db, admin.id, new Date());
  await b.db.query("update accounts set balance = 1e9 where cus_id = 'EP0001'");
  const mobiles = Array.from({ length: N }, (_, i) => `13${String(i).padStart(9, '0')}`);
  const t0 = performance.now();
  const res = await fetch(`${origin}${SERVICE_BASE_PATH}/user/groupSend`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify({
      cus_id: 'EP0001',
      content: 'Your verification code is 123456, valid for 5 minutes.',
      mobiles: mobiles.join('\n'),
    }),
  });
  if (!res.ok) throw new Error(`send answered ${res.status} ${await res.text()}`);
  for (;;) {
    const [r] = await b.db.query<{ done: number; delivered: number }>(
      'select count(*) filter (where mt_status in (0, 600, 700))::int as done, count(*) filter (where mt_status = 0)::int as delivered from mt_records',
    );
    if (r.done >= N) {
      const ms = performance.now() - t0;
      await b.platform.close();
      return { ms: Math.round(ms), rate: Math.round((N * 1000) / ms), delivered: r.delivered };
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function main() {
  const inProcess: number[] = [];
  const smpp: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const a = await run({ source: 'in-process' });
    console.error(`[carrier bench] in-process: ${N} messages in ${a.ms} ms, ${a.rate}/s, ${a.delivered} delivered`);
    inProcess.push(a.rate);
    const c = await run({ source: 'simulator-smsc' });
    console.error(
      `[carrier bench] SMPP to the simulator SMSC: ${N} messages in ${c.ms} ms, ${c.rate}/s, ${c.delivered} delivered`,
    );
    smpp.push(c.rate);
  }
  const result = {
    at: new Date().toISOString(),
    messages: N,
    rounds: ROUNDS,
    inProcess,
    smpp,
    ratio: Math.round((median(smpp) / median(inProcess)) * 100) / 100,
  };
  if (WRITE_SECTION) writeSection(result);
  console.log(JSON.stringify(result));
}

function writeSection(r: {
  at: string;
  messages: number;
  rounds: number;
  inProcess: number[];
  smpp: number[];
  ratio: number;
}) {
  const file = join(dirname(fileURLToPath(import.meta.url)), '..', 'BENCHMARKS.md');
  const n = (x: number) => x.toLocaleString('en');
  const lines = [
    '<!-- bench:carrier:begin -->',
    `Measured ${r.at} with \`npx tsx bench/carrier.bench.ts --messages ${r.messages} --rounds ${r.rounds}\` (PGlite, in-process, 2 shared cores; every message delivered, reports after 50 ms).`,
    '',
    `From the group send's request to every record's final state, ${n(r.messages)} messages, runs alternating:`,
    '',
    '| pipeline | messages/s per run | median |',
    '|---|---|---|',
    `| in-process simulator | ${r.inProcess.map(n).join(', ')} | ${n(median(r.inProcess))} |`,
    `| SMPP client → simulator SMSC → receipts | ${r.smpp.map(n).join(', ')} | **${n(median(r.smpp))}** (goal ≥ 1,000) |`,
    '',
    `Ratio SMPP / in-process: **${r.ratio}** (goal ≥ 0.8).`,
    '<!-- bench:carrier:end -->',
  ].join('\n');
  let md = readFileSync(file, 'utf8');
  md = md.includes('<!-- bench:carrier:begin -->')
    ? md.replace(/<!-- bench:carrier:begin -->[\s\S]*?<!-- bench:carrier:end -->/, lines)
    : `${md.trimEnd()}\n\n## Carrier path\n\n${lines}\n`;
  writeFileSync(file, md);
}

await main();
