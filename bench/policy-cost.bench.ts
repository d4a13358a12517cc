import { loadavg } from 'node:os';
import { appSecretOf } from '../platform/accounts/secrets';
import { clearPhase, httpSend, setBenchPolicy, startIntegratorPlatform } from './integrator-phases';
import { BenchEsme, quantile, submitWindowed } from './integrator-smpp';
import { writeBenchSection } from './side-by-side';

// What the send policy's checks cost the integrator doors: the integrator bench's three sending phases (SMPP
// submit_sm over 4 binds with a window of 10, the signed HTTP API one and four requests of 1,000 numbers at a time),
// each run with the demo's policy (the duplicate window looks up and records every message) and with a policy that
// limits nothing (a send skips the checks), back to back on one in-process platform: off, on, on, off in a round, the
// reverse in the next.
// A phase of a few seconds run in separate processes moves with the machine (the integrator bench's raw INSERT of the
// same rows varied by a third between such runs), and the first phase after another door's ran slower whichever side
// it was (so an untimed phase opens each door's round): each round makes one ratio of its four phases, and the figure
// is the median of the rounds' ratios. The carrier bench is not run both ways: the checks happen when a send is
// taken, never on the way to the carrier (BENCHMARKS.md). Writes its BENCHMARKS.md section.
// Run: npx tsx bench/policy-cost.bench.ts [--messages N] [--http-messages M] [--rounds R]
const argOf = (name: string, fallback: number) =>
  process.argv.includes(name) ? Number(process.argv[process.argv.indexOf(name) + 1]) : fallback;
const N = argOf('--messages', 20_000);
/** numbers of an HTTP door's phase: at 1,000 numbers a request the SMPP phase's count takes about two seconds, less
 * than the machine's own swings of speed last */
const HTTP_N = argOf('--http-messages', 3 * N);
const ROUNDS = argOf('--rounds', 3);
const BINDS = 4;
const WINDOW = 10;
/** the carrier's delays: it stays idle, so every figure is the taking-in path alone */
const IDLE_MS = 1e9;
/** messages of the untimed phase that opens each door's round */
const WARM_UP = 2_000;

type Door = 'smpp' | 'http1' | 'http4';
type Mode = 'on' | 'off';
const DOORS: Door[] = ['smpp', 'http1', 'http4'];
const label: Record<Door, string> = {
  smpp: 'SMPP submit_sm, 4 binds × window 10',
  http1: 'HTTP /sms/send, 1,000 numbers a request, one at a time',
  http4: 'HTTP /sms/send, four at a time',
};

interface Phase {
  rate: number;
  /** CPU seconds of this process (platform, PGlite and the bench's clients) per 1,000 messages */
  cpuPer1000: number;
}

/** two phases of one side as one: messages over their summed time, CPU per message averaged */
const both = ([x, y]: Phase[]): Phase => ({
  rate: Math.round(2 / (1 / x.rate + 1 / y.rate)),
  cpuPer1000: Number(((x.cpuPer1000 + y.cpuPer1000) / 2).toFixed(3)),
});
const median = (xs: number[]) => quantile(xs, 0.5);
const r3 = (x: number) => Number(x.toFixed(3));

async function main() {
  const { platform, db, origin } = await startIntegratorPlatform(IDLE_MS);
  const secret = (await appSecretOf(db, 'SUB001')).secret;
  const port = platform.smppPort();
  if (!port) throw new Error('SMPP did not listen');
  const binds = await Promise.all(Array.from({ length: BINDS }, () => BenchEsme.bind(port, 'bind_transmitter')));

  // numbers never sent before in this run: the same text to the same number within the window is refused
  let offset = 0;
  const phase = async (door: Door, mode: Mode, n = door === 'smpp' ? N : HTTP_N): Promise<Phase> => {
    await setBenchPolicy(db, mode);
    await clearPhase(db);
    const from = offset;
    offset += n;
    const cpu0 = process.cpuUsage();
    let taken: number;
    let ms: number;
    if (door === 'smpp') {
      const r = await submitWindowed(binds, WINDOW, from, n);
      if (r.ok !== n) throw new Error(`policy ${mode}: SMPP refused ${JSON.stringify(r.refused)}`);
      ({ ok: taken, ms } = r);
    } else {
      ({ accepted: taken, ms } = await httpSend(origin, secret, door === 'http1' ? 1 : 4, from, n));
      if (taken !== n) throw new Error(`policy ${mode}: ${door} took ${taken} of ${n}`);
    }
    const cpu = process.cpuUsage(cpu0);
    const p = { rate: Math.round(taken / (ms / 1000)), cpuPer1000: Math.round((cpu.user + cpu.system) / n) / 1000 };
    console.error(`[policy cost] ${door} ${mode}: ${p.rate} msg/s, ${p.cpuPer1000} s CPU per 1,000`);
    return p;
  };

  const loadBefore = loadavg().map((l) => Number(l.toFixed(2)));
  const runs: Record<Door, Array<Record<Mode, Phase>>> = { smpp: [], http1: [], http4: [] };
  for (let round = 0; round < ROUNDS; round++)
    for (const door of DOORS) {
      // ABBA: each side runs once before and once after the other, so what a phase leaves behind for the next one
      // and the machine's drift weigh on both alike
      const [a, b]: Mode[] = round % 2 === 0 ? ['off', 'on'] : ['on', 'off'];
      // untimed: the first phase after another door's ran slower whichever side it was
      await phase(door, 'off', WARM_UP);
      const phases: Record<Mode, Phase[]> = { on: [], off: [] };
      for (const mode of [a, b, b, a]) phases[mode].push(await phase(door, mode));
      runs[door].push({ on: both(phases.on), off: both(phases.off) });
    }
  const loadAfter = loadavg().map((l) => Number(l.toFixed(2)));
  await Promise.all(binds.map((b) => b.close()));
  await platform.close();

  const rows = DOORS.map((door) => {
    const ratios = runs[door].map((p) => p.on.rate / p.off.rate);
    return {
      door,
      on: median(runs[door].map((p) => p.on.rate)),
      off: median(runs[door].map((p) => p.off.rate)),
      cpuOn: r3(median(runs[door].map((p) => p.on.cpuPer1000))),
      cpuOff: r3(median(runs[door].map((p) => p.off.cpuPer1000))),
      ratio: r3(median(ratios)),
      low: r3(Math.min(...ratios)),
      high: r3(Math.max(...ratios)),
    };
  });
  const at = new Date().toISOString();
  writeBenchSection('policy', 'Send policy checks on the integrator doors', [
    `Measured ${at} with \`npx tsx bench/policy-cost.bench.ts --messages ${N} --http-messages ${HTTP_N} --rounds ${ROUNDS}\` (PGlite, in-process, 2 shared cores; load average ${loadBefore.join(', ')} before, ${loadAfter.join(', ')} after). ${ROUNDS} rounds; in each, every door sent new numbers (SMPP ${N.toLocaleString('en')}, each HTTP door ${HTTP_N.toLocaleString('en')}) four times on one platform, back to back, with the checks off, on, on, off (on, off, off, on the next round), after an untimed ${WARM_UP.toLocaleString('en')}; every message taken in every phase. Rates and CPU (this process: platform, PGlite and the bench's clients, per 1,000 messages) are medians over the rounds of each side's two phases together; on / off is the median of the rounds' ratios, with their range.`,
    '',
    '| door | messages/s, checks on | checks off | CPU s per 1,000, on / off | on / off (target ≥ 0.9) | ratio in each round |',
    '|---|---|---|---|---|---|',
    ...rows.map(
      (r) =>
        `| ${label[r.door]} | ${r.on.toLocaleString('en')} | ${r.off.toLocaleString('en')} | ${r.cpuOn} / ${r.cpuOff} | **${r.ratio}** | ${r.low}–${r.high} |`,
    ),
  ]);
  console.log(JSON.stringify({ at, messages: N, httpMessages: HTTP_N, rounds: ROUNDS, rows, runs }, null, 2));
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
