// The crash pair of bench/kannel.bench.ts: each gateway is sent 20,000 numbers, killed with SIGKILL once 10,000 are
// accepted, and restarted on the same storage (the platform on its database, Kannel on its store file); requests the
// kill cut short are sent again once it answers. Counted: numbers the simulator SMSC received more than once, numbers
// whose final callback never came (60 s without a callback ends the wait), and callbacks that came twice, told apart
// by the platform's X-Sms-Delivery-Id (seen before, or new for a number already reported). Receipts the SMSC could not
// hand over while a gateway was down are offered again until a bind takes them.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { INTEGRATOR_HEADERS } from '../contract/endpoints/integrator.endpoints';
import { callIntegrator } from '../tests/helpers/integrator-client';
import { createDatabase, type PgCluster } from '../tests/helpers/postgres';
import type { SubmitCounts } from '../platform/carriers/simulator-process';
import {
  startKannelGateway,
  startPlatformGateway,
  startSmsc,
  waitUntil,
  type Gateway,
  type KannelGateway,
  type PlatformGateway,
  type Sink,
} from './kannel-sides';

export const CRASH_NUMBERS = 20_000;
export const CRASH_AFTER = 10_000;
const PER_REQUEST = 100;
const LANES = 4;
const STALL_MS = 60_000;
const QUIET_MS = 3000;
/** the simulator SMSC offers a receipt no bind took again this often, as a carrier's SMSC keeps it for the next bind:
 * what a gateway misses after its restart is then its own loss, not the simulator's */
const RECEIPT_RETRY_MS = 1000;
const TEXT = 'Your verification code is 123456, valid for 5 minutes.';

export interface CrashResult {
  side: string;
  numbers: number;
  /** numbers the gateway answered as taken, each once however often its request was sent */
  accepted: number;
  /** numbers the simulator SMSC received more than once */
  sentTwice: number;
  submits: number;
  /** numbers whose final callback never came */
  missing: number;
  /** of those, numbers whose receipt the SMSC had while the gateway was down (the simulator does not send it again) */
  missingReceiptDropped: number;
  /** callbacks again under a delivery id already seen (platform), or again for a number (Kannel: it has no id) */
  doubledSameId: number;
  /** platform callbacks for a number already reported, under a new delivery id */
  doubledNewId: number;
  /** requests the kill cut short, sent again after the restart */
  resent: number;
  /** requests answered 500 (a deadlock victim rolled back) and sent again */
  answered500: number;
  /** receipts the SMSC had for the gateway while it was down: the simulator does not send them again */
  receiptsLost: number;
  /** from the kill to the restarted gateway listening */
  restartS: number;
  /** seconds from the first request to the last final callback */
  elapsedS: number;
}

type Attempt = 'again' | Error;

/** Waits until none of `pids` runs (a killed child is reaped by node; a zombie counts as gone). */
async function gone(pids: number[]): Promise<void> {
  const alive = (pid: number) => {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
    } catch {
      return false;
    }
  };
  await waitUntil(() => !pids.some(alive), 30_000, 'the killed gateway to exit');
}

async function crashDrive<G extends Gateway>(
  sink: Sink,
  numbers: string[],
  start: () => Promise<G>,
  send: (gw: G, chunk: string[]) => Promise<{ taken: number } | 'again'>,
): Promise<
  Omit<CrashResult, 'side' | 'sentTwice' | 'submits' | 'receiptsLost' | 'missingReceiptDropped'> & {
    missingNumbers: string[];
  }
> {
  sink.reset();
  const chunks: string[][] = [];
  for (let i = 0; i < numbers.length; i += PER_REQUEST) chunks.push(numbers.slice(i, i + PER_REQUEST));
  let current = { gw: await start(), gen: 0 };
  let killedGen = -1;
  let restart: Promise<void> | null = null;
  let restartMs = 0;
  let [answered, accepted, resent, answered500, next] = [0, 0, 0, 0, 0];
  const crash = async () => {
    const t = Date.now();
    killedGen = current.gen;
    current.gw.kill();
    await gone(current.gw.pids());
    current = { gw: await start(), gen: current.gen + 1 };
    restartMs = Date.now() - t;
    restart = null;
  };
  const t0 = Date.now();
  await Promise.all(
    Array.from({ length: LANES }, async () => {
      while (next < chunks.length) {
        const chunk = chunks[next++];
        for (;;) {
          if (restart) await restart;
          const { gw, gen } = current;
          const r: { taken: number } | Attempt = await send(gw, chunk).catch((e: unknown) =>
            e instanceof Error ? e : new Error(String(e)),
          );
          if (typeof r === 'object' && !(r instanceof Error)) {
            accepted += r.taken;
            break;
          }
          // the gateway this went to was killed under it (refused, reset, or answered by the half that outlived it)
          if (gen <= killedGen) resent += 1;
          else if (r === 'again') answered500 += 1;
          else throw r;
        }
        answered += chunk.length;
        if (killedGen < 0 && !restart && answered >= CRASH_AFTER) restart = crash();
      }
    }),
  );
  // every number reported and the sink quiet for QUIET_MS (a callback that comes twice may trail the last final), or
  // STALL_MS without a new final
  let [seen, requests] = [0, 0];
  let [progressAt, requestAt] = [Date.now(), Date.now()];
  await waitUntil(
    () => {
      if (sink.finals.size > seen) [seen, progressAt] = [sink.finals.size, Date.now()];
      if (sink.requests > requests) [requests, requestAt] = [sink.requests, Date.now()];
      return (
        (sink.finals.size >= numbers.length && Date.now() - requestAt > QUIET_MS) || Date.now() - progressAt > STALL_MS
      );
    },
    60 * 60_000,
    'every final callback',
  );
  const last = sink.finals.size ? Math.max(...sink.finals.values()) : Date.now();
  return {
    numbers: numbers.length,
    accepted,
    missing: numbers.length - sink.finals.size,
    missingNumbers: numbers.filter((n) => !sink.finals.has(n)),
    doubledSameId: sink.doubles,
    doubledNewId: sink.doublesNewId,
    resent,
    answered500,
    restartS: Math.round(restartMs / 100) / 10,
    elapsedS: Math.round((last - t0) / 100) / 10,
  };
}

export async function platformCrash(
  sink: Sink,
  numbers: string[],
  storage: 'pglite' | 'postgres',
  cluster: PgCluster | null,
): Promise<CrashResult> {
  const smsc = await startSmsc({ countSubmits: true, receiptRetryMs: RECEIPT_RETRY_MS });
  const dataDir = mkdtempSync(join(tmpdir(), 'kannel-crash-platform-'));
  const databaseUrl = cluster ? await createDatabase(cluster.url(), `crash${Date.now()}`) : null;
  const started: PlatformGateway[] = [];
  // the restart is the same command on the same database and data directory: the child seeds only what is missing
  const start = async () => {
    const g = await startPlatformGateway({ smscPort: smsc.port, sinkUrl: sink.url, databaseUrl, dataDir });
    started.push(g);
    return g;
  };
  try {
    const r = await crashDrive(sink, numbers, start, async (g, chunk) => {
      // the key makes a request the kill cut short safe to send again: its first run either committed and is
      // answered again, or was rolled back and runs now
      const res = await callIntegrator(g.origin, {
        appId: 'SUB001',
        secret: g.secret,
        path: '/sms/send',
        body: { text: TEXT, numbers: chunk },
        headers: { [INTEGRATOR_HEADERS.idempotencyKey]: `crash-${chunk[0]}` },
      });
      if (res.status === 500) return 'again';
      if (res.status !== 200)
        throw new Error(`/sms/send answered ${res.status} ${JSON.stringify(res.body).slice(0, 300)}`);
      return { taken: (res.body.results as Array<{ accepted: boolean }>).filter((x) => x.accepted).length };
    });
    const c = await smsc.counts();
    const side = `platform ${storage}`;
    const { counted, unexplained } = tally(r, c);
    logFindings(side, c, unexplained, started.map((g) => g.output()).join('\n--- restarted ---\n'));
    // what the restarted platform holds for a few numbers that got no callback though the SMSC dropped no receipt
    const last = started[started.length - 1];
    for (const n of new Set([...unexplained.slice(0, 2), ...unexplained.slice(-3)])) {
      const res = await callIntegrator(last.origin, {
        appId: 'SUB001',
        secret: last.secret,
        path: '/sms',
        query: { number: n },
      });
      console.error(`[kannel crash] ${side}: ${n} ${res.status} ${JSON.stringify(res.body).slice(0, 600)}`);
    }
    return { side, ...counted };
  } finally {
    for (const g of started) await g.stop();
    await smsc.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function kannelCrash(sink: Sink, numbers: string[]): Promise<CrashResult> {
  const smsc = await startSmsc({ countSubmits: true, receiptRetryMs: RECEIPT_RETRY_MS });
  const storeDir = mkdtempSync(join(tmpdir(), 'kannel-crash-store-'));
  // what a production bearerbox keeps: its queue in a file, written and flushed per message and per acknowledgement
  const started: KannelGateway[] = [];
  const start = async () => {
    const g = await startKannelGateway(smsc.port, { storeFile: join(storeDir, 'bearerbox.store') });
    started.push(g);
    return g;
  };
  const dlrUrl = `${sink.url}/kannel?t=%d&p=%p&P=%P`;
  try {
    const r = await crashDrive(sink, numbers, start, async (g, chunk) => {
      const res = await fetch(g.sendsmsUrl(chunk, dlrUrl));
      const text = await res.text();
      if (res.status !== 202 && res.status !== 200)
        throw new Error(`sendsms answered ${res.status} ${text.slice(0, 300)}`);
      return { taken: chunk.length };
    });
    const c = await smsc.counts();
    const { counted, unexplained } = tally(r, c);
    logFindings('kannel', c, unexplained, '');
    return { side: 'kannel', ...counted, doubledNewId: 0 };
  } finally {
    for (const g of started) await g.stop();
    await smsc.stop();
    rmSync(storeDir, { recursive: true, force: true });
  }
}

/** The SMSC's destinations in the numbers' form: the platform submits domestic numbers with the country code. */
const asSent = (d: string) => (d.length === 13 && d.startsWith('86') ? d.slice(2) : d);

function tally(r: Awaited<ReturnType<typeof crashDrive>>, c: SubmitCounts) {
  const { missingNumbers, ...rest } = r;
  const dropped = new Set(c.lost.map(asSent));
  const unexplained = missingNumbers.filter((n) => !dropped.has(n));
  const counted = {
    ...rest,
    missingReceiptDropped: missingNumbers.length - unexplained.length,
    sentTwice: c.twice.length,
    submits: c.submits,
    receiptsLost: c.lost.length,
  };
  return { counted, unexplained };
}

function logFindings(side: string, c: SubmitCounts, unexplained: string[], output: string) {
  const some = (xs: string[]) => xs.slice(0, 20).join(' ');
  if (c.twice.length) console.error(`[kannel crash] ${side}: sent twice at the SMSC, e.g. ${some(c.twice)}`);
  if (c.lost.length) console.error(`[kannel crash] ${side}: receipts no bind took, e.g. ${some(c.lost)}`);
  if (unexplained.length)
    console.error(`[kannel crash] ${side}: no callback, receipt not dropped by the SMSC, e.g. ${some(unexplained)}`);
  if (output.trim()) console.error(`[kannel crash] ${side}: the platform's output:\n${output.slice(-4000)}`);
}

/** The crash pair's table between its markers, at the end of the "End to end beside Kannel" section. */
export function writeCrashSection(
  file: string,
  r: { at: string; command: string; loadBefore: number[]; loadAfter: number[]; crashes: CrashResult[] },
): void {
  const rows = r.crashes.map(
    (c) =>
      `| ${c.side} | ${c.accepted} / ${c.numbers} | **${c.sentTwice}** (${c.submits} submits) | **${c.missing}** (${c.missingReceiptDropped}) | ${c.side === 'kannel' ? `${c.doubledSameId} by number (no id)` : `${c.doubledSameId} / ${c.doubledNewId}`} | ${c.resent} (+${c.answered500} answered 500) | ${c.receiptsLost} | ${c.restartS} | ${c.elapsedS} |`,
  );
  const lines = [
    '<!-- bench:kannel-crash:begin -->',
    `Measured ${r.at} with \`${r.command}\` (2 shared cores; load average ${r.loadBefore.join(', ')} before, ${r.loadAfter.join(', ')} after). Each side: ${CRASH_NUMBERS.toLocaleString('en')} numbers, its gateway killed with SIGKILL once ${CRASH_AFTER.toLocaleString('en')} were accepted, then restarted on the same storage.`,
    '',
    '| side | numbers accepted | numbers sent twice at the SMSC | final callbacks missing (of them, receipt dropped by the SMSC) | callbacks doubled: same id / new id | requests re-sent | receipts no bind took | restart s | s to last callback |',
    '|---|---|---|---|---|---|---|---|---|',
    ...rows,
    '<!-- bench:kannel-crash:end -->',
  ].join('\n');
  let md = readFileSync(file, 'utf8');
  if (md.includes('<!-- bench:kannel-crash:begin -->'))
    md = md.replace(/<!-- bench:kannel-crash:begin -->[\s\S]*?<!-- bench:kannel-crash:end -->/, lines);
  else {
    // at the end of the "End to end beside Kannel" section, before the next one
    const at = md.indexOf('## End to end beside Kannel');
    const nextSection = at < 0 ? -1 : md.indexOf('\n## ', at + 1);
    const block = `### Crash pair\n\n${lines}\n`;
    md =
      nextSection < 0
        ? `${md.trimEnd()}\n\n${block}`
        : `${md.slice(0, nextSection + 1)}${block}\n${md.slice(nextSection + 1)}`;
  }
  writeFileSync(file, md);
}
