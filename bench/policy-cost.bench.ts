import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

// What the send policy's checks cost the integrator doors: the integrator bench (SMPP submit_sm over 4 binds, the
// signed HTTP API one and four requests at a time) run with the demo's policy (the duplicate window looks up and
// records every message) and with a policy that limits nothing (a send skips the checks), alternating, in one
// invocation. The carrier bench is not run both ways: the checks happen when a send is taken, never on the way to the
// carrier, and its one 20,000-number send is checked once (BENCHMARKS.md). Writes its BENCHMARKS.md section. Run: npx tsx bench/policy-cost.bench.ts [--messages N] [--rounds R]
const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const argOf = (name: string, fallback: number) => (process.argv.includes(name) ? Number(process.argv[process.argv.indexOf(name) + 1]) : fallback);
const N = argOf('--messages', 10_000);
const ROUNDS = argOf('--rounds', 2);
const tsx = join(ROOT, 'node_modules', '.bin', 'tsx');

interface Figures {
  smpp: number;
  http1: number;
  http4: number;
}

function run(policy: 'on' | 'off'): Figures {
  console.error(`[policy cost] integrator bench, policy ${policy}`);
  const out = execFileSync(tsx, [join(ROOT, 'bench', 'integrator.bench.ts'), '--messages', String(N), '--policy', policy, '--no-section'], {
    cwd: ROOT,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
    maxBuffer: 64 << 20,
  });
  const r = JSON.parse(out.slice(out.indexOf('{')));
  if (r.smpp.accepted !== N || r.http.sequential.accepted !== N || r.http.parallel4.accepted !== N)
    throw new Error(`policy ${policy}: not every message was taken (${JSON.stringify({ smpp: r.smpp.refused, http: r.http })})`);
  return { smpp: r.smpp.rate, http1: r.http.sequential.rate, http4: r.http.parallel4.rate };
}

const loadBefore = loadavg().map((l) => Number(l.toFixed(2)));
const on: Figures[] = [];
const off: Figures[] = [];
for (let i = 0; i < ROUNDS; i++) {
  off.push(run('off'));
  on.push(run('on'));
}
const loadAfter = loadavg().map((l) => Number(l.toFixed(2)));
const best = (xs: Figures[], k: keyof Figures) => Math.max(...xs.map((x) => x[k]));
const rows = (['smpp', 'http1', 'http4'] as const).map((k) => ({
  k,
  on: best(on, k),
  off: best(off, k),
  ratio: Number((best(on, k) / best(off, k)).toFixed(3)),
}));
const at = new Date().toISOString();
const label = {
  smpp: 'SMPP submit_sm, 4 binds × window 10',
  http1: 'HTTP /sms/send, 1,000 numbers a request, one at a time',
  http4: 'HTTP /sms/send, four at a time',
};
const lines = [
  '<!-- bench:policy:begin -->',
  `Measured ${at} with \`npx tsx bench/policy-cost.bench.ts --messages ${N} --rounds ${ROUNDS}\` (PGlite, in-process, 2 shared cores; load average ${loadBefore.join(', ')} before, ${loadAfter.join(', ')} after). Best of ${ROUNDS} alternating runs each way; every message taken in every run.`,
  '',
  '| door | messages/s, checks on | messages/s, checks off | on / off (target ≥ 0.9) |',
  '|---|---|---|---|',
  ...rows.map((r) => `| ${label[r.k]} | ${r.on.toLocaleString('en')} | ${r.off.toLocaleString('en')} | **${r.ratio}** |`),
  '<!-- bench:policy:end -->',
].join('\n');
const file = join(ROOT, 'BENCHMARKS.md');
const md = readFileSync(file, 'utf8');
writeFileSync(
  file,
  md.includes('<!-- bench:policy:begin -->')
    ? md.replace(/<!-- bench:policy:begin -->[\s\S]*?<!-- bench:policy:end -->/, () => lines)
    : `${md.trimEnd()}\n\n## Send policy checks on the integrator doors\n\n${lines}\n`,
);
console.log(JSON.stringify({ at, messages: N, rounds: ROUNDS, on, off, rows }, null, 2));
