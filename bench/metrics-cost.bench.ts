import { loadavg } from 'node:os';
import { alternate, runBenchForFigures, writeBenchSection } from './side-by-side';

// What the Prometheus metrics cost the message paths: the integrator bench (SMPP submit_sm over 4 binds, the signed
// HTTP API one and four requests at a time) and the carrier bench (a group send through the in-process simulator and
// through the SMPP client to the simulator SMSC, to every record's final state), each run with metrics on (every
// series counted, the metrics port open and scraped every second) and off (METRICS_PORT=0: nothing counted),
// alternating, in one invocation. Writes its BENCHMARKS.md section.
// Run: npx tsx bench/metrics-cost.bench.ts [--messages N] [--rounds R]
const argOf = (name: string, fallback: number) =>
  process.argv.includes(name) ? Number(process.argv[process.argv.indexOf(name) + 1]) : fallback;
const N = argOf('--messages', 10_000);
const ROUNDS = argOf('--rounds', 2);

const KEYS = ['smpp', 'http1', 'http4', 'carrierInProcess', 'carrierSmpp'] as const;
type Figures = Record<(typeof KEYS)[number], number>;

function run(metrics: 'on' | 'off'): Figures {
  console.error(`[metrics cost] integrator and carrier benches, metrics ${metrics}`);
  const i = runBenchForFigures('integrator.bench.ts', ['--messages', String(N)], { BENCH_METRICS: metrics });
  if (i.smpp.accepted !== N || i.http.sequential.accepted !== N || i.http.parallel4.accepted !== N)
    throw new Error(
      `metrics ${metrics}: not every message was taken (${JSON.stringify({ smpp: i.smpp.refused, http: i.http })})`,
    );
  const c = runBenchForFigures('carrier.bench.ts', ['--messages', String(N), '--rounds', '1'], {
    BENCH_METRICS: metrics,
  });
  return {
    smpp: i.smpp.rate,
    http1: i.http.sequential.rate,
    http4: i.http.parallel4.rate,
    carrierInProcess: c.inProcess[0],
    carrierSmpp: c.smpp[0],
  };
}

const loadBefore = loadavg().map((l) => Number(l.toFixed(2)));
const { on, off, rows } = alternate(ROUNDS, KEYS, run);
const loadAfter = loadavg().map((l) => Number(l.toFixed(2)));
const at = new Date().toISOString();
const label: Record<keyof Figures, string> = {
  smpp: 'Integrator: SMPP submit_sm, 4 binds × window 10',
  http1: 'Integrator: HTTP /sms/send, 1,000 numbers a request, one at a time',
  http4: 'Integrator: HTTP /sms/send, four at a time',
  carrierInProcess: 'Carrier: group send to final state, in-process simulator',
  carrierSmpp: 'Carrier: group send to final state, SMPP client → simulator SMSC → receipts',
};
writeBenchSection('metrics', 'What the metrics cost', [
  `Measured ${at} with \`npx tsx bench/metrics-cost.bench.ts --messages ${N} --rounds ${ROUNDS}\` (PGlite, in-process, 2 shared cores; load average ${loadBefore.join(', ')} before, ${loadAfter.join(', ')} after). Metrics on: every series counted, the metrics port open and read every second. Off: \`METRICS_PORT=0\`, nothing counted. Best of ${ROUNDS} alternating runs each way; every message taken in every run.`,
  '',
  '| path | messages/s, metrics on | messages/s, metrics off | on / off (target ≥ 0.95) |',
  '|---|---|---|---|',
  ...rows.map(
    (r) => `| ${label[r.k]} | ${r.on.toLocaleString('en')} | ${r.off.toLocaleString('en')} | **${r.ratio}** |`,
  ),
]);
console.log(JSON.stringify({ at, messages: N, rounds: ROUNDS, on, off, rows }, null, 2));
