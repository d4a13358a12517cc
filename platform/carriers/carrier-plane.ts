import { randomBytes, randomUUID } from 'node:crypto';
import type { CarrierStatus } from '../../contract/endpoints/carrier.endpoints';
import type { AppContext } from '../core/context';
import type { ShortMessagePdu } from '../smpp-wire/pdu-types';
import { carriersFileSchema, readCarriersFile, type CarrierConfig, type CarriersFile } from './carrier-config';
import { AnswerWaits } from './answer-waits';
import { applyCarrierSet, type ApplyHooks, type LiveCarriers } from './carrier-apply';
import { CarrierLink } from './carrier-link';
import { carrierVersion, loadCarrierSet, seedCarriers } from './carrier-store';
import { Router } from './routing';
import { loadCostBook } from './carrier-cost';
import { CarrierQuality, MIN_SAMPLES, type Figures } from './carrier-quality';
import { breakerChanged } from './breaker-audit';
import { startSimulatorCarrier, type SimulatorCarrier } from './simulator-carrier';
import { MinuteCounts } from './minute-counts';
import { pruneMinutes, writeMinutes } from './carrier-history';

// The platform's side of its carriers: a link per stored carrier, the routes over them, both following the operator's
// changes, and every few seconds this instance's view of each link written to carrier_status for the console, with
// its figures of the current minute to carrier_minutes for the operator's chart of the last hour.

export interface CarrierPlane extends LiveCarriers {
  /** this instance's id, in carrier_status and on the records it leases to send */
  instanceId: string;
  /** how long a message may wait for a carrier, and a part for its receipt */
  timing: Pick<CarriersFile, 'validityS' | 'receiptWaitS'>;
  /** ids the carriers answered whose answers this instance has yet to write: their receipts wait for the write. */
  answers: AnswerWaits;
  /** a final receipt: its latency (submit accepted to final receipt) for the status list, and whether it said
   * delivered, for the carrier's measured quality. */
  noteReceipt(carrier: string, latencyMs: number, delivered: boolean): void;
  quality: CarrierQuality;
  /** reads the stored carriers and routes now if they changed (the poll does it every CONFIG_POLL_MS). */
  refresh(): Promise<void>;
  stop(): Promise<void>;
}

/** The one carrier of the default set-up: the simulator on the wire, taking every message. */
export const SIMULATOR_CARRIER = 'simulator';
const STATUS_EVERY_MS = 2000;
/** how often an instance asks whether carriers or routes changed: a change applies everywhere within 2 s. */
const CONFIG_POLL_MS = 1000;
/** the simulator stands for the in-process simulator, which never limited how many messages were out at once: its
 * window is deep enough that the bind is not what limits the pipeline. */
const SIMULATOR_WINDOW = 1000;
/** the status list's receipt latency: the last minute of the carrier's quality window (carrier-quality.ts). */
const LATENCY_WINDOW_MS = 60_000;

/** Binds to the stored carriers (seeded from the carriers file, or with the simulator SMSC this process starts on
 * loopback, when none is stored yet) and follows their changes; null when messages stay in process. */
export async function startCarrierPlane(
  ctx: AppContext,
  onDeliver: (carrier: string, pdu: ShortMessagePdu) => Promise<number>,
): Promise<CarrierPlane | null> {
  const source = ctx.config.carriers;
  if (source.source === 'in-process') return null;
  let smsc: SimulatorCarrier | null = null;
  let file: CarriersFile;
  if (source.source === 'file') file = readCarriersFile(source.file);
  else {
    const password = randomBytes(6).toString('base64url').slice(0, 8);
    smsc = await startSimulatorCarrier({
      simulator: ctx.config.simulator,
      systemId: 'platform',
      password,
      windowSize: SIMULATOR_WINDOW,
      log: ctx.log,
    });
    file = simulatorFile(ctx.config.simulator.reportMs, smsc.port, password);
  }
  const seededBy = source.source === 'file' ? 'CARRIERS_FILE' : 'simulator';
  const seeded = await ctx.db.tx((q) => seedCarriers(q, ctx.now(), file, seededBy));
  const set = await loadCarrierSet(ctx.db);
  // one rule, said at every start: the database wins once it holds carriers; a file only fills an empty one
  ctx.log.info(
    {
      carriers: set.carriers.length,
      routes: set.routes.length,
      version: set.version,
      file: source.source === 'file' ? source.file : null,
    },
    seeded
      ? `carriers seeded from ${seededBy}`
      : 'carriers from the database (it wins over CARRIERS_FILE once it holds carriers)',
  );
  const local = smsc
    ? simulatorFile(ctx.config.simulator.reportMs, smsc.port, file.carriers[0].password).carriers[0]
    : null;
  const quality = new CarrierQuality();
  const hooks: ApplyHooks = {
    quality,
    makeLink: (config) => new CarrierLink(config, { onDeliver, log: ctx.log, onAnswer: ctx.metrics.carrierAnswer }),
    // the stored simulator carrier binds to this instance's own simulator, wherever another instance's listens
    bindingOf: (config) =>
      local && config.name === SIMULATOR_CARRIER
        ? { ...config, host: local.host, port: local.port, systemId: local.systemId, password: local.password }
        : config,
    log: ctx.log,
  };
  const live: LiveCarriers = { links: new Map(), router: new Router([]), version: -1, made: new Map() };
  applyCarrierSet(live, set, { ...hooks, costs: await loadCostBook(ctx.db) });
  ctx.metrics.watchCarriers(() => [...live.links.values()].map((l) => l.stats()));
  const instanceId = randomUUID();
  const lastAccepted = new Map<string, { at: number; accepted: number }>();
  const writeStatus = async () => {
    const now = Date.now();
    const rows = [...live.links.values()].map((link) =>
      statusOf(link, now, lastAccepted, quality.figures(link.name), quality.figures(link.name, LATENCY_WINDOW_MS)),
    );
    await ctx.db.query(
      `insert into carrier_status (instance_id, carrier, stats, updated_at)
       select $1, s->>'name', s, $2 from jsonb_array_elements($3::jsonb) as s
       on conflict (instance_id, carrier) do update set stats = excluded.stats, updated_at = excluded.updated_at`,
      [instanceId, ctx.now(), JSON.stringify(rows)],
    );
    await writeMinuteFigures().catch((err) => ctx.log.warn({ err }, 'carrier minutes not written'));
  };
  const minutes = new MinuteCounts();
  // one write at a time: a write of older totals landing after a newer one would take figures off the minute
  let minuteWrite: Promise<void> = Promise.resolve();
  const writeMinuteFigures = () => (minuteWrite = minuteWrite.catch(() => undefined).then(writeMinuteRows));
  const writeMinuteRows = async () => {
    const at = ctx.now();
    minutes.noteLinks(
      at.getTime(),
      [...live.links.values()].map((link) => ({ key: link, counters: link.stats() })),
    );
    const rows = minutes.take();
    try {
      await writeMinutes(ctx.db, instanceId, rows);
    } catch (err) {
      minutes.notWritten();
      throw err;
    }
    if (minutes.written(at.getTime())) await pruneMinutes(ctx.db, at);
  };
  // written before the first round leases anything: another instance takes leases whose owner wrote no fresh status
  // for abandoned (abandoned-leases.ts)
  await writeStatus().catch((err) => ctx.log.warn({ err }, 'carrier status not written'));
  const timer = setInterval(() => {
    writeStatus().catch((err) => ctx.log.warn({ err }, 'carrier status not written'));
  }, STATUS_EVERY_MS);
  const retiring = new Set<Promise<void>>();
  let refreshing: Promise<void> | null = null;
  const refresh = () =>
    (refreshing ??= (async () => {
      try {
        if ((await carrierVersion(ctx.db)) === live.version) return;
        const [set, costs] = await Promise.all([loadCarrierSet(ctx.db), loadCostBook(ctx.db)]);
        const applied = applyCarrierSet(plane, set, { ...hooks, costs });
        for (const r of applied.retiring) {
          retiring.add(r);
          void r.finally(() => retiring.delete(r));
        }
      } finally {
        refreshing = null;
      }
    })());
  const poll = setInterval(() => {
    refresh().catch((err) => ctx.log.warn({ err }, 'carrier changes not read'));
  }, CONFIG_POLL_MS);
  const plane: CarrierPlane = Object.assign(live, {
    instanceId,
    timing: { validityS: file.validityS, receiptWaitS: file.receiptWaitS },
    answers: new AnswerWaits(),
    refresh,
    quality,
    noteReceipt(carrier: string, measured: number, delivered: boolean) {
      // a receipt read before its submit's acceptance was written (a fast carrier on a busy instance) measures below
      // zero; as zero it still counts, where a negative latency made the status row unreadable and the carrier "broken"
      const ms = Math.max(0, measured);
      ctx.metrics.receiptLatency(carrier, ms);
      minutes.noteReceipt(ctx.now().getTime(), carrier, ms, delivered);
      const change = quality.note(carrier, delivered, ms);
      if (change)
        breakerChanged(ctx, change).catch((err) => ctx.log.warn({ err }, 'carrier breaker change not recorded'));
    },
    async stop() {
      clearInterval(timer);
      clearInterval(poll);
      await refreshing?.catch(() => undefined);
      await Promise.all([...live.links.values()].map((l) => l.stop()));
      await Promise.all(retiring);
      // the last figures counted, so the chart's current minute holds this instance's whole share of it
      await writeMinuteFigures().catch((err) => ctx.log.warn({ err }, 'carrier minutes not written'));
      await smsc?.close();
      await ctx.db.query('delete from carrier_status where instance_id = $1', [instanceId]).catch(() => undefined);
    },
  });
  return plane;
}

/** The simulator as the one carrier every message routes to. Its receipts come after the report delay, so a part
 * without one after twice that and 10 s (a busy machine answers late) is one the simulator timed out. */
export function simulatorFile(
  reportMs: number,
  port: number,
  password: string,
  extra: Partial<CarrierConfig> = {},
): CarriersFile {
  return carriersFileSchema.parse({
    carriers: [
      {
        name: SIMULATOR_CARRIER,
        host: '127.0.0.1',
        port,
        systemId: 'platform',
        password,
        window: SIMULATOR_WINDOW,
        rate: 100_000,
        ...extra,
      },
    ],
    routes: [{ carriers: [SIMULATOR_CARRIER] }],
    receiptWaitS: (2 * reportMs + 10_000) / 1000,
  });
}

function statusOf(
  link: CarrierLink,
  now: number,
  lastAccepted: Map<string, { at: number; accepted: number }>,
  q: Figures,
  lastMinute: Figures,
): Omit<CarrierStatus, 'instances'> {
  const s = link.stats();
  const before = lastAccepted.get(s.name);
  lastAccepted.set(s.name, { at: now, accepted: s.accepted });
  const rate = before && now > before.at ? ((s.accepted - before.accepted) * 1000) / (now - before.at) : 0;
  return {
    name: s.name,
    bound: s.bound,
    wanted: s.wanted,
    inFlight: s.inFlight,
    window: s.window,
    rate: Math.round(rate * 10) / 10,
    submitted: s.submitted,
    accepted: s.accepted,
    throttled: s.throttled,
    errors: Object.entries(s.errors)
      .map(([code, count]) => ({ code, count }))
      .sort((a, b) => b.count - a.count)
      .slice(0, 64),
    receiptP50Ms: lastMinute.p50Ms,
    receiptP95Ms: lastMinute.p95Ms,
    successRatio: q.samples >= MIN_SAMPLES ? q.ratio : null,
    breaker: q.breaker,
  };
}
