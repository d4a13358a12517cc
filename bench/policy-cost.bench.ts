import { loadavg } from 'node:os';
import { alternate, runBenchForFigures, writeBenchSection } from './side-by-side';

// What the send policy's checks cost the integrator doors: the integrator bench (SMPP submit_sm over 4 binds, the
// signed HTTP API one and four requests at a time) run with the demo's policy (the duplicate window looks up and
// records every message) and with a policy that limits nothing (a send skips the checks), alternating, in one
// invocation. The carrier bench is not run both ways: the checks happen when a send is taken, never on the way to the
// carrier, and its one 20,000-number send is checked once (BENCHMARKS.md). Writes its BENCHMARKS.md section.
// Run: npx tsx bench/policy-cost.bench.ts [--messages N] [--rounds R]
const argOf = (name: string, fallback: number) =>
  process.argv.includes(name) ? Number(process.argv[process.argv.indexOf(name) + 1]) : fallback;
const N = argOf('--messages', 10_000);
const ROUNDS = argOf('--rounds', 2);

interface Figures {
  smpp: number;
  http1: number;
  http4: number;
}

function run(policy: 'on' | 'off'): Figures {
  console.error(`[policy cost] integrator bench, policy ${policy}`);
  const r = runBenchForFigures('integrator.bench.ts', ['--messages', String(N), '--policy', policy]);
  if (r.smpp.accepted !== N || r.http.sequential.accepted !== N || r.http.parallel4.accepted !== N)
    throw new Error(
      `policy ${policy}: not every message was taken (${JSON.stringify({ smpp: r.smpp.refused, http: r.http })})`,
    );
  return { smpp: r.smpp.rate, http1: r.http.sequential.rate, http4: r.http.parallel4.rate };
}

const loadBefore = loadavg().map((l) => Number(l.toFixed(2)));
const { on, off, rows } = alternate(ROUNDS, ['smpp', 'http1', 'http4'] as const, run);
const loadAfter = loadavg().map((l) => Number(l.toFixed(2)));
const at = new Date().toISOString();
const label = {
  smpp: 'SMPP submit_sm, 4 binds × window 10',
  http1: 'HTTP /sms/send, 1,000 numbers a request, one at a time',
  http4: 'HTTP /sms/send, four at a time',
};
writeBenchSection('policy', 'Send policy checks on the integrator doors', [
  `Measured ${at} with \`npx tsx bench/policy-cost.bench.ts --messages ${N} --rounds ${ROUNDS}\` (PGlite, in-process, 2 shared cores; load average ${loadBefore.join(', ')} before, ${loadAfter.join(', ')} after). Best of ${ROUNDS} alternating runs each way; every message taken in every run.`,
  '',
  '| door | messages/s, checks on | messages/s, checks off | on / off (target ≥ 0.9) |',
  '|---|---|---|---|',
  ...rows.map(
    (r) => `| ${label[r.k]} | ${r.on.toLocaleString('en')} | ${r.off.toLocaleString('en')} | **${r.ratio}** |`,
  ),
]);
console.log(JSON.stringify({ at, messages: N, rounds: ROUNDS, on, off, rows }, null, 2));
