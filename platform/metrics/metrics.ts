import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Db } from '../db/db';
import { statusHex } from '../smpp-wire/command-status';
import { queueDepths, type QueueDepth } from './queue-depths';

// The platform's Prometheus series, one registry per platform instance (several run in one test process). Traffic is
// counted in memory as it passes (an increment per message, no database write); queue depths, binds, carrier windows
// and the database pool are read when the series are scraped. Every label takes values from a bounded set: a door, a
// reason or status code, a carrier or account id, a route pattern; never a number or a text a client typed.

/** Where a message came into the platform. */
export type Door = 'console' | 'smpp' | 'http';

/** How a carrier answered one submit_sm, as the carrier link saw it. */
export type CarrierAnswer = { kind: 'accepted' } | { kind: 'refused'; status: number } | { kind: 'unanswered' };

/** What a carrier link shows at a scrape. */
export interface CarrierWindow {
  name: string;
  bound: number;
  wanted: number;
  inFlight: number;
  window: number;
}

/** One live SMPP bind of this instance. */
export interface LiveSmppBind {
  accountId: string;
  bindType: string;
}

export interface Metrics {
  readonly registry: Registry;
  accepted(door: Door, n?: number): void;
  refused(door: Door, reason: string, n?: number): void;
  carrierAnswer(carrier: string, answer: CarrierAnswer): void;
  /** a final (or intermediate) receipt from a carrier, by the state it gives its part. */
  carrierReceipt(carrier: string, state: string): void;
  /** submit accepted to final receipt, for the receipt latency histogram. */
  receiptLatency(carrier: string, ms: number): void;
  httpRequest(method: string, route: string, status: number, seconds: number): void;
  /** one round of a background loop and how long it took: how often each loop runs, idle or busy, and its slow rounds. */
  loopRound(loop: string, seconds: number): void;
  /** where the carrier links are read at a scrape (set once the carriers are bound). */
  watchCarriers(read: () => CarrierWindow[]): void;
  /** where this instance's live SMPP binds are read at a scrape (set once the SMPP server listens). */
  watchSmppBinds(read: () => LiveSmppBind[]): void;
  /** whether the instance would answer /ready with 200 now (the load balancer's view, as a series). */
  watchReady(read: () => Promise<boolean>): void;
}

/** Distinct values one label may take per series; beyond it a new value is counted under `other` (a carrier answering
 * with ever new command_status values cannot grow the series without end). */
const LABEL_VALUES = 200;

/** A label's value as kept: the value itself while the label has room, else `other`. */
function bounded(): (key: string, value: string) => string {
  const seen = new Map<string, Set<string>>();
  return (key, value) => {
    let set = seen.get(key);
    if (!set) seen.set(key, (set = new Set()));
    if (set.has(value)) return value;
    if (set.size >= LABEL_VALUES) return 'other';
    set.add(value);
    return value;
  };
}

export function createMetrics(db: Pick<Db, 'query' | 'activity' | 'pool'>, now: () => Date): Metrics {
  const registry = new Registry();
  const registers = [registry];
  const keep = bounded();
  collectDefaultMetrics({ register: registry });

  const accepted = new Counter({
    name: 'sms_messages_accepted_total',
    help: 'Messages accepted, by door.',
    labelNames: ['door'],
    registers,
  });
  const refused = new Counter({
    name: 'sms_messages_refused_total',
    help: 'Messages (or whole sends) refused, by door and reason code.',
    labelNames: ['door', 'reason'],
    registers,
  });
  const submits = new Counter({
    name: 'sms_carrier_submits_total',
    help: 'submit_sm sent to a carrier.',
    labelNames: ['carrier'],
    registers,
  });
  const answers = new Counter({
    name: 'sms_carrier_answers_total',
    help: 'Answers to submit_sm by carrier and status (ok, a command_status in hex, or unanswered).',
    labelNames: ['carrier', 'status'],
    registers,
  });
  const receipts = new Counter({
    name: 'sms_carrier_receipts_total',
    help: 'Delivery receipts from carriers, by the state they give the part.',
    labelNames: ['carrier', 'status'],
    registers,
  });
  const latency = new Histogram({
    name: 'sms_carrier_receipt_latency_seconds',
    help: 'Time from a submit the carrier accepted to its final receipt.',
    labelNames: ['carrier'],
    buckets: [0.5, 1, 2, 5, 10, 30, 60, 120, 300, 600, 1800, 3600],
    registers,
  });
  const http = new Histogram({
    name: 'sms_http_request_duration_seconds',
    help: 'HTTP request duration by method, route pattern and status.',
    labelNames: ['method', 'route', 'status'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers,
  });

  let carriers: () => CarrierWindow[] = () => [];
  let binds: () => LiveSmppBind[] = () => [];
  let ready: () => Promise<boolean> = async () => false;
  const loops = new Histogram({
    name: 'sms_loop_round_duration_seconds',
    help: 'Rounds of each background loop (dispatch, receipts, callbacks, reviews...) and how long they took; an idle loop rests up to a second between rounds.',
    labelNames: ['loop'],
    buckets: [0.001, 0.005, 0.02, 0.1, 0.5, 2, 10],
    registers,
  });
  new Gauge({
    name: 'sms_ready',
    help: 'Whether this instance answers /ready with 200 (1) or is draining or without its database (0).',
    registers,
    async collect() {
      this.set((await ready()) ? 1 : 0);
    },
  });
  const carrierGauge = (name: string, help: string, pick: (w: CarrierWindow) => number) =>
    new Gauge({
      name,
      help,
      labelNames: ['carrier'],
      registers,
      collect() {
        this.reset();
        for (const w of carriers()) this.set({ carrier: w.name }, pick(w));
      },
    });
  carrierGauge(
    'sms_carrier_window_in_use',
    'submit_sm outstanding towards a carrier, over all its binds.',
    (w) => w.inFlight,
  );
  carrierGauge(
    'sms_carrier_window_size',
    'submit_sm a carrier lets be outstanding over its bound transmitting binds.',
    (w) => w.window,
  );
  carrierGauge('sms_carrier_binds_bound', 'Binds to a carrier that are up.', (w) => w.bound);
  carrierGauge('sms_carrier_binds_wanted', 'Binds to a carrier the carriers file asks for.', (w) => w.wanted);

  new Gauge({
    name: 'sms_smpp_binds',
    help: 'Live SMPP binds on this instance, by account and bind type.',
    labelNames: ['account', 'bind_type'],
    registers,
    collect() {
      this.reset();
      const counts = new Map<string, { account: string; bind_type: string; n: number }>();
      for (const b of binds()) {
        const k = `${b.accountId}\n${b.bindType}`;
        const c = counts.get(k) ?? { account: b.accountId, bind_type: b.bindType, n: 0 };
        c.n++;
        counts.set(k, c);
      }
      for (const c of counts.values()) this.set({ account: c.account, bind_type: c.bind_type }, c.n);
    },
  });

  // both queue gauges are read by one query: the first gauge's collect runs it, the second reuses the answer
  let depths: { at: number; rows: Promise<QueueDepth[]> } | null = null;
  const readDepths = () => {
    const t = performance.now();
    if (!depths || t - depths.at > 1000) depths = { at: t, rows: queueDepths(db, now()) };
    return depths.rows;
  };
  new Gauge({
    name: 'sms_queue_depth',
    help: 'Items waiting: carrier (records for a carrier), smpp_outbox (receipts for SMPP clients), callbacks, timed_batches (due).',
    labelNames: ['queue'],
    registers,
    async collect() {
      for (const d of await readDepths()) this.set({ queue: d.queue }, d.depth);
    },
  });
  new Gauge({
    name: 'sms_queue_oldest_age_seconds',
    help: "Age of each queue's oldest waiting item (0 when empty).",
    labelNames: ['queue'],
    registers,
    async collect() {
      for (const d of await readDepths()) this.set({ queue: d.queue }, d.oldestAgeS);
    },
  });
  new Gauge({
    name: 'sms_db_pool_connections',
    help: 'Database connections by state (PostgreSQL pool: total, idle, waiting clients; PGlite: its one connection, busy or idle, and queries waiting for it).',
    labelNames: ['state'],
    registers,
    collect() {
      const p = db.pool?.() ?? pgliteUse(db);
      if (!p) return;
      this.set({ state: 'total' }, p.total);
      this.set({ state: 'idle' }, p.idle);
      this.set({ state: 'waiting' }, p.waiting);
    },
  });

  return {
    registry,
    accepted: (door, n = 1) => n > 0 && accepted.inc({ door }, n),
    refused: (door, reason, n = 1) => n > 0 && refused.inc({ door, reason: keep('reason', reason) }, n),
    carrierAnswer(carrier, answer) {
      submits.inc({ carrier });
      const status =
        answer.kind === 'accepted'
          ? 'ok'
          : answer.kind === 'refused'
            ? keep('answer', statusHex(answer.status))
            : 'unanswered';
      answers.inc({ carrier, status });
    },
    carrierReceipt: (carrier, state) => receipts.inc({ carrier, status: state }),
    receiptLatency: (carrier, ms) => latency.observe({ carrier }, Math.max(0, ms) / 1000),
    httpRequest: (method, route, status, seconds) =>
      http.observe({ method, route: keep('route', route), status: String(status) }, seconds),
    loopRound: (loop, seconds) => loops.observe({ loop }, seconds),
    watchCarriers: (read) => void (carriers = read),
    watchSmppBinds: (read) => void (binds = read),
    watchReady: (read) => void (ready = read),
  };
}

/** PGlite's one connection as a pool: busy while a query runs, the others waiting their turn. */
function pgliteUse(db: Pick<Db, 'activity'>): { total: number; idle: number; waiting: number } | null {
  const a = db.activity?.();
  if (!a) return null;
  return { total: 1, idle: a.inFlight === 0 ? 1 : 0, waiting: Math.max(0, a.inFlight - 1) };
}
