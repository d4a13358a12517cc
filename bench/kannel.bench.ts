// End to end beside Kannel on this machine: signed HTTP sends (100 numbers a request) -> gateway -> SMPP to the
// simulator SMSC (receipts after 50 ms) -> receipt -> HTTP callback to one sink, for the platform (its own process,
// PGlite and PostgreSQL with synchronous_commit on) and for Debian's Kannel (smsbox sendsms with dlr-mask 19: its
// final reports only, as the platform's callbacks are; a dlr-url to the same sink), alternating in one run. Measures
// recipients accepted/s, messages/s to the last final callback, callback latency from a request's answer to its
// numbers' final callbacks, and CPU seconds per 1,000 messages of the gateway's processes (PostgreSQL's counted
// beside the platform's).
// With --crash, the crash pair (bench/kannel-crash.ts) follows the rounds, on the same storages; --rounds 0 runs it alone.
// --pg-statements DIR: each PostgreSQL run of the platform writes where its database time went (bench/pg-statements.ts)
// to DIR; --perf-map: the platform runs with --perf-basic-prof, so that `perf record -a` names its JavaScript.
// Run: npx tsx bench/kannel.bench.ts [--messages N] [--rounds R] [--storage pglite|postgres|both] [--profile DIR] [--crash] [--report-batch N] [--pg-statements DIR] [--perf-map] [--warmup N]
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { callIntegrator } from '../tests/helpers/integrator-client';
import { createDatabase, startPgCluster, type PgCluster } from '../tests/helpers/postgres';
import { PG_STATEMENT_SETTINGS, resetStatements, writeStatements } from './pg-statements';
import { CRASH_NUMBERS, kannelCrash, platformCrash, writeCrashSection, type CrashResult } from './kannel-crash';
import {
  cpuOf,
  cpuOfTree,
  postmasterPid,
  startKannelGateway,
  startPlatformGateway,
  startSink,
  startSmsc,
  waitUntil,
  type Sink,
} from './kannel-sides';

const arg = (name: string, d: string) =>
  process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1] : d;
const N = Number(arg('--messages', '5000'));
const ROUNDS = Number(arg('--rounds', '1'));
const STORAGE = arg('--storage', 'both');
const PROFILE = arg('--profile', '');
const PG_STATEMENTS = arg('--pg-statements', '');
const PERF_MAP = process.argv.includes('--perf-map');
const CRASH = process.argv.includes('--crash');
/** with a size above 1, each storage is also run with the account taking its reports in groups of that many */
const REPORT_BATCH = Number(arg('--report-batch', '1'));
/** numbers each gateway takes and reports, untimed, before its timed run: a gateway in service is warm (the
 * platform's JavaScript compiled, its statements planned, both gateways' binds open); --warmup 0 measures from cold */
const DEFAULT_WARMUP = 2000;
const WARMUP = Number(arg('--warmup', String(DEFAULT_WARMUP)));
const PER_REQUEST = 100;
const LANES = 4;
const STALL_MS = 60_000;
const TEXT = 'Your verification code is 123456, valid for 5 minutes.';
const BENCHMARKS = join(import.meta.dirname, '..', 'BENCHMARKS.md');
const round = (x: number, d = 0) => Math.round(x * 10 ** d) / 10 ** d;
const quantile = (xs: number[], q: number) =>
  xs.length === 0 ? NaN : [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil(xs.length * q) - 1)];

export interface RunResult {
  side: string;
  acceptedPerS: number;
  msgPerS: number;
  p50S: number;
  p95S: number;
  cpuPer1000: number;
  dbCpuPer1000: number;
  /** the simulator SMSC's and this process's (the sink and the senders) CPU, the same parts for both gateways */
  peersCpuPer1000: number;
  finals: number;
  doubles: number;
  /** numbers whose final callback never came (the run stalled) */
  missing: number;
  /** requests answered 500 and sent again */
  failedRequests?: number;
}

let runNo = 0;
/** numbers unique over the whole invocation, so no gateway meets a number twice */
const numbersOfRun = (count = N) => {
  runNo += 1;
  return Array.from({ length: count }, (_, i) => `13${String(runNo).padStart(2, '0')}${String(i).padStart(7, '0')}`);
};

/** Sends `numbers` in requests of PER_REQUEST over LANES at once; answers when each number's request was answered. */
async function sendAll(numbers: string[], send: (chunk: string[]) => Promise<void>): Promise<Map<string, number>> {
  const chunks: string[][] = [];
  for (let i = 0; i < numbers.length; i += PER_REQUEST) chunks.push(numbers.slice(i, i + PER_REQUEST));
  const answered = new Map<string, number>();
  let next = 0;
  await Promise.all(
    Array.from({ length: LANES }, async () => {
      while (next < chunks.length) {
        const chunk = chunks[next++];
        await send(chunk);
        const at = Date.now();
        for (const n of chunk) answered.set(n, at);
      }
    }),
  );
  return answered;
}

async function drive(
  sink: Sink,
  numbers: string[],
  send: (chunk: string[]) => Promise<void>,
  cpu: () => number[],
  smscPid: number,
  warmedUp: () => Promise<void> = async () => {},
): Promise<Omit<RunResult, 'side'>> {
  if (WARMUP > 0) {
    sink.reset();
    const warm = numbersOfRun(WARMUP);
    await sendAll(warm, send);
    await waitUntil(() => warm.every((n) => sink.finals.has(n)), STALL_MS, 'the warm-up’s final callbacks');
    await warmedUp();
  }
  sink.reset();
  const peersCpu = () => {
    const own = process.cpuUsage();
    return cpuOf(smscPid) + (own.user + own.system) / 1e6;
  };
  const cpu0 = [...cpu(), peersCpu()];
  const t0 = Date.now();
  const answered = await sendAll(numbers, send);
  const tAccepted = Date.now();
  // a run whose callbacks stop coming for STALL_MS ends with what arrived; the rest count as missing
  let seen = 0;
  let progressAt = Date.now();
  await waitUntil(
    () => {
      if (sink.finals.size > seen) [seen, progressAt] = [sink.finals.size, Date.now()];
      return sink.finals.size >= numbers.length || Date.now() - progressAt > STALL_MS;
    },
    60 * 60_000,
    'every final callback',
  );
  const last = Math.max(...sink.finals.values());
  const answeredOnly = numbers.filter((n) => sink.finals.has(n));
  const cpu1 = [...cpu(), peersCpu()];
  const lat = answeredOnly.map((n) => (sink.finals.get(n)! - answered.get(n)!) / 1000);
  return {
    acceptedPerS: round((numbers.length * 1000) / (tAccepted - t0)),
    msgPerS: round((sink.finals.size * 1000) / (last - t0)),
    p50S: round(quantile(lat, 0.5), 2),
    p95S: round(quantile(lat, 0.95), 2),
    cpuPer1000: round(((cpu1[0] - cpu0[0]) * 1000) / numbers.length, 2),
    dbCpuPer1000: round(((cpu1[1] - cpu0[1]) * 1000) / numbers.length, 2),
    peersCpuPer1000: round(((cpu1[2] - cpu0[2]) * 1000) / numbers.length, 2),
    finals: sink.finals.size,
    missing: numbers.length - sink.finals.size,
    doubles: sink.doubles,
  };
}

async function platformRun(
  sink: Sink,
  storage: 'pglite' | 'postgres',
  cluster: PgCluster | null,
  reportBatch = 1,
): Promise<RunResult> {
  let failed = 0;
  const smsc = await startSmsc();
  const dataDir = mkdtempSync(join(tmpdir(), 'kannel-bench-platform-'));
  const databaseUrl = cluster ? await createDatabase(cluster.url(), `bench${Date.now()}`) : null;
  const pmPid = cluster ? postmasterPid(Number(new URL(cluster.url()).port)) : 0;
  const gw = await startPlatformGateway({
    smscPort: smsc.port,
    sinkUrl: sink.url,
    databaseUrl,
    dataDir,
    profileDir: PROFILE || undefined,
    perfMap: PERF_MAP,
    reportBatch,
  });
  try {
    const r = await drive(
      sink,
      numbersOfRun(),
      async (chunk) => {
        // a 500 (PostgreSQL chose the send as a deadlock victim more often than the send retries) rolled the send
        // back: sent again, and counted
        for (;;) {
          const res = await callIntegrator(gw.origin, {
            appId: 'SUB001',
            secret: gw.secret,
            path: '/sms/send',
            body: { text: TEXT, numbers: chunk },
          });
          if (res.status === 200) return;
          if (res.status !== 500)
            throw new Error(
              `/sms/send answered ${res.status} ${JSON.stringify(res.body).slice(0, 300)}\n${gw.output().slice(-3000)}`,
            );
          failed += 1;
        }
      },
      () => [cpuOf(gw.pid), pmPid ? cpuOfTree(pmPid) : 0],
      smsc.pid,
      async () => {
        if (databaseUrl && PG_STATEMENTS) await resetStatements(databaseUrl);
      },
    );
    if (databaseUrl && PG_STATEMENTS)
      await writeStatements(databaseUrl, join(PG_STATEMENTS, `statements-run${runNo}-batch${reportBatch}.json`));
    return {
      side: `platform ${storage}${reportBatch > 1 ? `, ${reportBatch} reports a callback` : ''}`,
      ...r,
      failedRequests: failed,
    };
  } finally {
    await gw.stop();
    await smsc.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function kannelRun(sink: Sink): Promise<RunResult> {
  const smsc = await startSmsc();
  const gw = await startKannelGateway(smsc.port);
  try {
    const dlrUrl = `${sink.url}/kannel?t=%d&p=%p&P=%P`;
    const r = await drive(
      sink,
      numbersOfRun(),
      async (chunk) => {
        const res = await fetch(gw.sendsmsUrl(chunk, dlrUrl));
        const text = await res.text();
        if (res.status !== 202 && res.status !== 200)
          throw new Error(`sendsms answered ${res.status} ${text.slice(0, 300)}`);
      },
      () => [gw.pids().reduce((s, p) => s + cpuOf(p), 0), 0],
      smsc.pid,
    );
    return { side: 'kannel', ...r };
  } finally {
    await gw.stop();
    await smsc.stop();
  }
}

async function main() {
  const sink = await startSink();
  const storages = STORAGE === 'both' ? (['pglite', 'postgres'] as const) : [STORAGE as 'pglite' | 'postgres'];
  let cluster: PgCluster | null = null;
  if (storages.includes('postgres')) {
    // a commit waits for its WAL on disk, as a deployment's does (given on the command line: the test cluster's own
    // fsync=off and synchronous_commit=off there would win over ALTER SYSTEM); BENCH_PG_SETTINGS adds server settings,
    // e.g. log_min_duration_statement=100 (--pg-statements loads pg_stat_statements itself)
    cluster = await startPgCluster({
      durable: true,
      settings: [
        ...(process.env.BENCH_PG_SETTINGS?.split(' ').filter(Boolean) ?? []),
        ...(PG_STATEMENTS ? PG_STATEMENT_SETTINGS : []),
      ],
    });
  }
  const load0 = loadavg();
  const results: RunResult[] = [];
  const crashes: CrashResult[] = [];
  try {
    for (let i = 0; i < ROUNDS; i++) {
      for (const storage of storages)
        for (const batch of REPORT_BATCH > 1 ? [1, REPORT_BATCH] : [1]) {
          const p = await platformRun(sink, storage, storage === 'postgres' ? cluster : null, batch);
          console.error(`[kannel bench] ${JSON.stringify(p)}`);
          const k = await kannelRun(sink);
          console.error(`[kannel bench] ${JSON.stringify(k)}`);
          results.push(p, k);
        }
    }
    for (const storage of CRASH ? storages : []) {
      crashes.push(
        await platformCrash(sink, numbersOfRun(CRASH_NUMBERS), storage, storage === 'postgres' ? cluster : null),
      );
      console.error(`[kannel crash] ${JSON.stringify(crashes.at(-1))}`);
      crashes.push(await kannelCrash(sink, numbersOfRun(CRASH_NUMBERS)));
      console.error(`[kannel crash] ${JSON.stringify(crashes.at(-1))}`);
    }
  } finally {
    await cluster?.stop();
    await sink.close();
  }
  const out = {
    at: new Date().toISOString(),
    messages: N,
    rounds: ROUNDS,
    loadBefore: load0.map((x) => round(x, 2)),
    loadAfter: loadavg().map((x) => round(x, 2)),
    results,
    crashes,
  };
  if (!PROFILE && results.length) writeSection(out);
  if (!PROFILE && crashes.length)
    writeCrashSection(BENCHMARKS, {
      ...out,
      command: `npx tsx ${process.argv
        .slice(1)
        .join(' ')
        .replace(/^\S*\/bench\//, 'bench/')}`,
    });
  console.log(JSON.stringify(out));
}

function writeSection(r: {
  at: string;
  messages: number;
  rounds: number;
  loadBefore: number[];
  loadAfter: number[];
  results: RunResult[];
}) {
  const file = BENCHMARKS;
  const pairs: string[] = [];
  for (let i = 0; i + 1 < r.results.length; i += 2) {
    const [p, k] = [r.results[i], r.results[i + 1]];
    pairs.push(
      `| ${p.side} | ${p.acceptedPerS} / ${k.acceptedPerS} | ${p.msgPerS} / ${k.msgPerS} | **${round(p.msgPerS / k.msgPerS, 2)}** | ${p.p50S} / ${p.p95S} | ${k.p50S} / ${k.p95S} | ${p.cpuPer1000} + ${p.dbCpuPer1000} | ${k.cpuPer1000} | ${p.peersCpuPer1000} / ${k.peersCpuPer1000} | ${p.doubles} / ${k.doubles} |`,
    );
  }
  const lines = [
    '<!-- bench:kannel:begin -->',
    `Measured ${r.at} with \`npx tsx bench/kannel.bench.ts --messages ${r.messages} --rounds ${r.rounds}${REPORT_BATCH > 1 ? ` --report-batch ${REPORT_BATCH}` : ''}${WARMUP !== DEFAULT_WARMUP ? ` --warmup ${WARMUP}` : ''}\` (2 shared cores; load average ${r.loadBefore.join(', ')} before, ${r.loadAfter.join(', ')} after). Each row is one platform run and the Kannel run right after it${WARMUP > 0 ? `, each timed after ${WARMUP.toLocaleString('en')} untimed messages through the same gateway and reported` : ', each from the gateway’s start'}.`,
    '',
    '| platform storage | accepted/s platform / Kannel | end-to-end msg/s platform / Kannel | ratio | platform callback p50 / p95 s | Kannel p50 / p95 s | CPU s per 1,000 platform + PostgreSQL | Kannel CPU s per 1,000 | simulator, sink and senders CPU s per 1,000 platform / Kannel | doubled callbacks platform / Kannel |',
    '|---|---|---|---|---|---|---|---|---|---|',
    ...pairs,
    '<!-- bench:kannel:end -->',
  ].join('\n');
  let md = readFileSync(file, 'utf8');
  md = md.includes('<!-- bench:kannel:begin -->')
    ? md.replace(/<!-- bench:kannel:begin -->[\s\S]*?<!-- bench:kannel:end -->/, lines)
    : `${md.trimEnd()}\n\n## End to end beside Kannel\n\n${lines}\n`;
  writeFileSync(file, md);
}

await main();
