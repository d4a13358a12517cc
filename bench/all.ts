import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

// `npm run bench [-- --records N] [-- --only platform|browser|fairness|kannel]`: the platform benches (send, lists and feed,
// fairness between tenants) and the browser bench (bench/run.ts) one after another, so every figure in BENCHMARKS.md
// comes from one invocation.
const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const only = args.includes('--only') ? args[args.indexOf('--only') + 1] : null;
const passOn = args.filter((a, i) => a !== '--only' && args[i - 1] !== '--only');
const platform = only === null || only === 'platform';
const browser = only === null || only === 'browser';
const tsx = join(ROOT, 'node_modules', '.bin', 'tsx');

function runJson(script: string, extra: string[] = []): Record<string, any> {
  console.log(`[bench] ${script} ${extra.join(' ')}`);
  const out = execFileSync(tsx, [join(ROOT, 'bench', script), ...extra], {
    cwd: ROOT,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
    maxBuffer: 64 << 20,
  });
  // the scripts print one JSON document last
  return JSON.parse(out.slice(out.indexOf('{')));
}

if (platform) {
  const send = runJson('platform-send.bench.ts');
  const read = runJson('platform-read.bench.ts');
  mkdirSync(join(ROOT, 'bench/results'), { recursive: true });
  writeFileSync(join(ROOT, 'bench/results/platform.json'), JSON.stringify({ send, read }, null, 2) + '\n');
  const sizes = Object.keys(read.seed);
  const [small, large] = sizes;
  const lines = [
    '<!-- bench:platform:begin -->',
    `Measured ${read.at} with \`npm run bench -- --only platform\` (PGlite, in-process, 2 shared cores).`,
    '',
    `Group send of ${send.records.toLocaleString('en')} numbers over HTTP: ${send.httpRate.toLocaleString('en')} rows/s; raw multi-row INSERT of the same rows: ${send.rawRate.toLocaleString('en')} rows/s; ratio **${send.ratio}** (target ≥ ${send.target}).`,
    '',
    `Seeding: ${small} records in ${(read.seed[small].ms / 1000).toFixed(1)} s; ${large} records in ${(read.seed[large].ms / 1000).toFixed(1)} s (target: 1,000,000 in under 60 s).`,
    '',
    `| list filter combination | p95 ms at ${small} | p95 ms at ${large} | ratio (target ≤ 2) | median ms at ${small} | median ms at ${large} |`,
    '|---|---|---|---|---|---|',
    ...Object.entries(read.lists as Record<string, any>).map(
      ([name, c]) =>
        `| ${name} | ${c[`p95ms_${small}`]} | ${c[`p95ms_${large}`]} | ${c.ratio} | ${c[`medianMs_${small}`]} | ${c[`medianMs_${large}`]} |`,
    ),
    '',
    `Change feed (pulls of ${read.feed.limitPerPull}): forward ${read.feed[large].forward.recordsPerSecond.toLocaleString('en')} records/s, backfill ${read.feed[large].backfill.recordsPerSecond.toLocaleString('en')} records/s at ${large} (target ≥ ${read.feed.target.toLocaleString('en')}).`,
    '<!-- bench:platform:end -->',
  ].join('\n');
  const file = join(ROOT, 'BENCHMARKS.md');
  let md = readFileSync(file, 'utf8');
  md = md.includes('<!-- bench:platform:begin -->')
    ? md.replace(/<!-- bench:platform:begin -->[\s\S]*?<!-- bench:platform:end -->/, lines)
    : `${md.trimEnd()}\n\n## Platform\n\n${lines}\n`;
  writeFileSync(file, md);
}
// address-book import vs raw insert (writes its own BENCHMARKS.md section)
if (platform) execFileSync(tsx, [join(ROOT, 'bench', 'address-book-import.bench.ts')], { cwd: ROOT, stdio: 'inherit' });
// SMPP and the signed HTTP API vs raw inserts, receipt latency (writes its own BENCHMARKS.md section)
if (platform) execFileSync(tsx, [join(ROOT, 'bench', 'integrator.bench.ts')], { cwd: ROOT, stdio: 'inherit' });
// the send pipeline through the SMPP client to the simulator SMSC vs the in-process simulator (its own section)
if (platform) execFileSync(tsx, [join(ROOT, 'bench', 'carrier.bench.ts')], { cwd: ROOT, stdio: 'inherit' });
// what the send policy's checks and the Prometheus metrics cost those paths, each on and off (their own sections)
if (platform) execFileSync(tsx, [join(ROOT, 'bench', 'policy-cost.bench.ts')], { cwd: ROOT, stdio: 'inherit' });
if (platform) execFileSync(tsx, [join(ROOT, 'bench', 'metrics-cost.bench.ts')], { cwd: ROOT, stdio: 'inherit' });
if (browser) execFileSync(tsx, [join(ROOT, 'bench', 'run.ts'), ...passOn], { cwd: ROOT, stdio: 'inherit' });
if (browser)
  execFileSync(tsx, [join(ROOT, 'bench', 'send-numbers.bench.ts'), '--no-build'], { cwd: ROOT, stdio: 'inherit' });
// the local member search at 100,000 address-book members against /addressBook/list
if (browser)
  execFileSync(tsx, [join(ROOT, 'bench', 'member-search.bench.ts'), '--no-build'], { cwd: ROOT, stdio: 'inherit' });
// tenant B's list latency while tenant A exports, imports, deletes a big group and sends (writes its own section)
if (platform || only === 'fairness')
  execFileSync(tsx, [join(ROOT, 'bench', 'fairness.bench.ts')], { cwd: ROOT, stdio: 'inherit' });
// end to end beside Kannel: signed HTTP sends to the last callback, both storages, then the crash pair (each gateway
// killed with SIGKILL and restarted halfway; writes its own sections)
if (platform || only === 'kannel')
  execFileSync(tsx, [join(ROOT, 'bench', 'kannel.bench.ts'), '--crash', '--report-batch', '100'], {
    cwd: ROOT,
    stdio: 'inherit',
  });
