// The integrator paths on an in-process platform (PGlite), the throughput and latency figures each beside a raw
// INSERT of the same rows in the same run: SMPP submit_sm persisted per second over 4 transmitter binds (window 10
// each), submit_sm_resp latency at a paced 500/s, recipients per second through the signed HTTP API (/sms/send, 1,000
// numbers a request, one and four at a time); then receipt latency from a record's final state to its deliver_sm, on
// a second platform whose carrier reports quickly. Writes its BENCHMARKS.md section.
// The demo's send policy holds (the duplicate window looks up and records every message); what it costs is
// bench/policy-cost.bench.ts's subject.
// Run: npx tsx bench/integrator.bench.ts [--messages N] [--no-section]
// --no-section: the figures are printed only (bench/metrics-cost.bench.ts runs it with metrics on and off).
import { appSecretOf } from '../platform/accounts/secrets';
import type { Db } from '../platform/db/db';
import { monthIn } from '../platform/messaging/timing';
import { HTTP_PER_REQUEST, clearPhase, httpSend, startIntegratorPlatform } from './integrator-phases';
import { writeIntegratorSection } from './integrator-section';
import { BenchEsme, TEXT, mobileOf, quantile, round1, sleep, submitPaced, submitWindowed } from './integrator-smpp';

const arg = process.argv.indexOf('--messages');
const N = arg > 0 ? Number(process.argv[arg + 1]) : 20_000;
const WRITE_SECTION = !process.argv.includes('--no-section');
const BINDS = 4;
const WINDOW = 10;
const RAW_CHUNK = 1000;
const PACED_RATE = 500;
/** 10 s at 500/s, fewer for a small run */
const PACED_COUNT = Math.min(PACED_RATE * 10, N);
/** messages whose receipts are timed */
const RECEIPTS = Math.min(N, 1000);
const SIM_FAST_MS = 50;
/** the carrier's delays while it is to stay idle */
const IDLE_MS = 1e9;

/** `count` rows as the send writes a one-number batch each, multi-row INSERTs of RAW_CHUNK; answers the ms taken. */
async function rawInsert(db: Db, count: number, source: string): Promise<number> {
  const t0 = performance.now();
  const now = new Date();
  // not due, as the send's records are with the carrier idle: the dispatcher leaves them alone
  const nextAt = new Date(now.getTime() + IDLE_MS);
  const month = monthIn('Asia/Shanghai', now);
  for (let start = 0; start < count; start += RAW_CHUNK) {
    const params: unknown[] = [];
    const values: string[] = [];
    for (let i = start; i < Math.min(count, start + RAW_CHUNK); i++) {
      const batch = `RAW${String(i).padStart(10, '0')}`;
      params.push(
        `${batch}000001`,
        batch,
        0,
        'SUB001',
        TEXT,
        500,
        'mt',
        now,
        month,
        null,
        null,
        nextAt,
        mobileOf(i),
        1,
        0.05,
        null,
        null,
        source,
      );
      const o = params.length - 18;
      values.push(`(${Array.from({ length: 18 }, (_, k) => `$${o + k + 1}`).join(', ')})`);
    }
    await db.query(
      `insert into mt_records (sn, batch_id, prod_type, cus_id, content, mt_status, table_name, receive_time, month, title, receive_content, next_at,
                               mobile, segments, price, country_code, country_name, source)
       values ${values.join(', ')}`,
      params,
    );
  }
  return performance.now() - t0;
}

/** The same single row inserted one at a time at `perSecond`: each INSERT's ms. */
async function rawPaced(db: Db, perSecond: number, count: number): Promise<number[]> {
  const out: number[] = [];
  const now = new Date();
  const nextAt = new Date(now.getTime() + IDLE_MS);
  const month = monthIn('Asia/Shanghai', now);
  const t0 = performance.now();
  for (let i = 0; i < count; i++) {
    const wait = t0 + (i * 1000) / perSecond - performance.now();
    if (wait > 1) await sleep(wait);
    const batch = `RAWP${String(i).padStart(10, '0')}`;
    const s = performance.now();
    await db.query(
      `insert into mt_records (sn, batch_id, prod_type, cus_id, content, mt_status, table_name, receive_time, month, next_at, mobile, segments, price, source)
       values ($1, $2, 0, 'SUB001', $3, 500, 'mt', $4, $5, $7, $6, 1, 0.05, 'smpp')`,
      [`${batch}000001`, batch, TEXT, now, month, mobileOf(i), nextAt],
    );
    out.push(performance.now() - s);
  }
  return out;
}

const countOf = async (db: Db, source: string) =>
  Number((await db.query<{ n: string }>('select count(*)::int as n from mt_records where source = $1', [source]))[0].n);

const rate = (count: number, ms: number) => Math.round(count / (ms / 1000));

async function main() {
  // parts 1-3: the carrier idle, so every figure is the taking-in path alone
  const a = await startIntegratorPlatform(IDLE_MS);
  const port = a.platform.smppPort();
  if (!port) throw new Error('SMPP did not listen');

  // 1. submit_sm throughput; raw before and after, its best time counts
  const raw1 = await rawInsert(a.db, N, 'smpp');
  await clearPhase(a.db);
  const tx = await Promise.all(Array.from({ length: BINDS }, () => BenchEsme.bind(port, 'bind_transmitter')));
  const sub = await submitWindowed(tx, WINDOW, 0, N);
  const stored = await countOf(a.db, 'smpp');
  await clearPhase(a.db);
  const rawSmppMs = Math.min(raw1, await rawInsert(a.db, N, 'smpp'));
  await clearPhase(a.db);
  console.error(
    `[integrator] smpp ${sub.ok}/${N} ok in ${Math.round(sub.ms)} ms, ${stored} stored; raw ${Math.round(rawSmppMs)} ms`,
  );

  // 2. submit_sm_resp latency at a steady rate, beside one-row INSERTs at the same rate
  const paced = await submitPaced(tx, PACED_RATE, N, PACED_COUNT);
  await clearPhase(a.db);
  const rawLat = await rawPaced(a.db, PACED_RATE, PACED_COUNT);
  await clearPhase(a.db);
  await Promise.all(tx.map((t) => t.close()));

  // 3. the signed HTTP API, one request at a time and four at a time
  const secret = (await appSecretOf(a.db, 'SUB001')).secret;
  // numbers no earlier phase used: the same text to the same number within the duplicate window is refused
  const seq = await httpSend(a.origin, secret, 1, 2 * N, N);
  const httpStored = await countOf(a.db, 'http');
  await clearPhase(a.db);
  const par = await httpSend(a.origin, secret, 4, 3 * N, N);
  await clearPhase(a.db);
  const rawHttpMs = await rawInsert(a.db, N, 'http');
  await a.platform.close();

  // 4. receipts: the carrier reports within SIM_FAST_MS; a receiver bound before the submits
  const b = await startIntegratorPlatform(SIM_FAST_MS);
  const bPort = b.platform.smppPort()!;
  const rx = await BenchEsme.bind(bPort, 'bind_receiver');
  const btx = await Promise.all(Array.from({ length: BINDS }, () => BenchEsme.bind(bPort, 'bind_transmitter')));
  const sent = await submitWindowed(btx, WINDOW, 0, RECEIPTS, 1);
  for (const end = Date.now() + 60_000; Date.now() < end && rx.receipts.size < sent.ids.length;) await sleep(50);
  const finals = await b.db.query<{ message_id: string; updated_at: Date }>(
    'select s.message_id, m.updated_at from smpp_messages s join mt_records m on m.sn = s.sn where m.next_at is null and s.message_id = any($1)',
    [sent.ids],
  );
  const receiptMs = finals.flatMap((f) => {
    const at = rx.receipts.get(f.message_id);
    return at === undefined ? [] : [at - new Date(f.updated_at).getTime()];
  });
  await Promise.all([...btx, rx].map((t) => t.close()));
  await b.platform.close();

  const result = {
    bench: 'integrator',
    at: new Date().toISOString(),
    storage: 'pglite',
    messages: N,
    smpp: {
      binds: BINDS,
      window: WINDOW,
      accepted: sub.ok,
      refused: sub.refused,
      stored,
      storedAll: stored === N,
      ms: Math.round(sub.ms),
      rate: rate(sub.ok, sub.ms),
      rawMs: Math.round(rawSmppMs),
      rawRate: rate(N, rawSmppMs),
      ratio: Number((rate(sub.ok, sub.ms) / rate(N, rawSmppMs)).toFixed(3)),
      target: 1000,
    },
    latency: {
      perSecond: PACED_RATE,
      submits: PACED_COUNT,
      refused: paced.refused,
      p50ms: round1(quantile(paced.latencies, 0.5)),
      p99ms: round1(quantile(paced.latencies, 0.99)),
      rawP50ms: round1(quantile(rawLat, 0.5)),
      rawP99ms: round1(quantile(rawLat, 0.99)),
      ratioP99: Number((quantile(paced.latencies, 0.99) / quantile(rawLat, 0.99)).toFixed(1)),
      targetP99ms: 50,
    },
    http: {
      perRequest: HTTP_PER_REQUEST,
      recipients: N,
      storedSequential: httpStored,
      sequential: { accepted: seq.accepted, ms: Math.round(seq.ms), rate: rate(seq.accepted, seq.ms) },
      parallel4: { accepted: par.accepted, ms: Math.round(par.ms), rate: rate(par.accepted, par.ms) },
      rawMs: Math.round(rawHttpMs),
      rawRate: rate(N, rawHttpMs),
      ratioSequential: Number((rate(seq.accepted, seq.ms) / rate(N, rawHttpMs)).toFixed(3)),
      ratioParallel4: Number((rate(par.accepted, par.ms) / rate(N, rawHttpMs)).toFixed(3)),
      target: 500,
    },
    receipts: {
      simulatorMs: SIM_FAST_MS,
      submitted: sent.ok,
      received: rx.receipts.size,
      timed: receiptMs.length,
      p50ms: Math.round(quantile(receiptMs, 0.5)),
      p95ms: Math.round(quantile(receiptMs, 0.95)),
      maxMs: Math.round(Math.max(...receiptMs)),
      targetP95ms: 1000,
    },
  };
  if (WRITE_SECTION) writeIntegratorSection(result);
  console.log(JSON.stringify(result, null, 2));
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
