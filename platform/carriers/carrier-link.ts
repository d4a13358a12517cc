import { statusHex } from '../smpp-wire/command-status';
import type { ShortMessagePdu } from '../smpp-wire/pdu-types';
import { TokenBucket } from '../smpp/token-bucket';
import type { CarrierConfig } from './carrier-config';
import { THROTTLES } from './part-states';
import { BindError, EsmeSession, type BindMode, type SubmitAnswer, type SubmitFields } from './esme-session';

// All the binds to one carrier: opened at start, each reopened after it drops with a backoff that doubles from
// reconnectMinS to reconnectMaxS (reset by a bind that holds). Submits go to the bound transmitting session with the
// fewest outstanding, at the carrier's rate; a throttle or queue-full answer pauses the link (doubling, up to 5 s,
// reset by an accepted submit) and the message goes back to the caller to send again later.

export interface CarrierLinkHooks {
  onDeliver(carrier: string, pdu: ShortMessagePdu): Promise<number> | number;
  log: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };
  /** each submit_sm written to the carrier, with its answer (for the metrics); `unsent` ones never reach it. */
  onAnswer?(carrier: string, answer: Exclude<SubmitAnswer, { kind: 'unsent' }>): void;
  /** the clock and the wait of the rate limit and the throttle pause (tests give a fake pair). */
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
}

export interface CarrierStats {
  name: string;
  /** sessions bound now, and those the file asks for. */
  bound: number;
  wanted: number;
  /** submit_sm outstanding over every bind, and the room there is. */
  inFlight: number;
  window: number;
  submitted: number;
  accepted: number;
  throttled: number;
  /** refusals and failures by command_status (hex), plus `unanswered`. */
  errors: Record<string, number>;
}

const MAX_PAUSE_MS = 5000;
const realSleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

interface Slot {
  mode: BindMode;
  session: EsmeSession | null;
  backoffMs: number;
  timer: NodeJS.Timeout | null;
}

export class CarrierLink {
  private readonly slots: Slot[] = [];
  private readonly bucket: TokenBucket;
  private stopped = true;
  private pausedUntil = 0;
  private pauseMs = 0;
  private readonly counts = { submitted: 0, accepted: 0, throttled: 0 };
  private readonly errors: Record<string, number> = {};
  private readonly now: () => number;
  private readonly sleep: (ms: number) => Promise<void>;
  /** the operator's switch: a disabled link takes no new message, while its binds stay up for the receipts. */
  enabled = true;
  /** its share in a weighted pool whose route gives no weights of its own. */
  weight = 1;

  constructor(
    readonly config: CarrierConfig,
    private readonly hooks: CarrierLinkHooks,
  ) {
    this.now = hooks.now ?? Date.now;
    this.sleep = hooks.sleep ?? realSleep;
    this.bucket = new TokenBucket({ ratePerSecond: config.rate, burstSeconds: 1, now: this.now });
    const modes: BindMode[] = config.bindMode === 'transceiver' ? ['transceiver'] : ['transmitter', 'receiver'];
    for (let i = 0; i < config.binds; i++)
      for (const mode of modes)
        this.slots.push({ mode, session: null, backoffMs: config.reconnectMinS * 1000, timer: null });
  }

  get name(): string {
    return this.config.name;
  }

  /** A bound session that can submit. */
  get healthy(): boolean {
    return this.slots.some((s) => s.mode !== 'receiver' && s.session?.bound);
  }

  /** Whether routing may give it a message now: enabled, with a bound session that can submit. */
  get available(): boolean {
    return this.enabled && this.healthy;
  }

  start(): void {
    this.stopped = false;
    for (const slot of this.slots) void this.connect(slot);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    for (const slot of this.slots) if (slot.timer) clearTimeout(slot.timer);
    await Promise.all(this.slots.map((s) => s.session?.unbind(1000)));
  }

  /** Sends one submit_sm at the carrier's rate; `unsent` when no bind can take it now (the caller keeps it queued),
   * or when `until` (the message's validity, epoch ms) passed while it waited for a throttle pause or the rate. */
  async submit(fields: SubmitFields, until = Infinity): Promise<SubmitAnswer> {
    while (this.pausedUntil > this.now()) await this.sleep(this.pausedUntil - this.now());
    if (this.now() >= until) return { kind: 'unsent' };
    while (!this.bucket.tryTake(1)) await this.sleep(Math.max(1, this.bucket.waitMs(1)));
    if (this.now() >= until) return { kind: 'unsent' };
    const session = this.pick();
    if (!session) return { kind: 'unsent' };
    this.counts.submitted++;
    const answer = await session.submit(fields);
    if (answer.kind !== 'unsent') this.hooks.onAnswer?.(this.name, answer);
    if (answer.kind === 'accepted') {
      this.counts.accepted++;
      this.pauseMs = 0;
    } else if (answer.kind === 'refused') {
      const code = statusHex(answer.status);
      this.errors[code] = (this.errors[code] ?? 0) + 1;
      if (THROTTLES.has(answer.status)) {
        this.counts.throttled++;
        this.pauseMs = Math.min(MAX_PAUSE_MS, Math.max(100, this.pauseMs * 2));
        this.pausedUntil = this.now() + this.pauseMs;
      }
    } else if (answer.kind === 'unanswered') this.errors.unanswered = (this.errors.unanswered ?? 0) + 1;
    return answer;
  }

  /** Stops once the submits it has out are answered (or their answer's deadline passed): a link replaced by one with
   * new settings leaves nothing unanswered behind. */
  async retire(): Promise<void> {
    this.enabled = false;
    const deadline = Date.now() + this.config.responseTimeoutS * 1000 + 1000;
    while (this.stats().inFlight > 0 && Date.now() < deadline) await realSleep(50);
    await this.stop();
  }

  /** Counts `n` failures under `code` in the carrier's errors (what the link does not see itself, such as receipts
   * dropped unmatched). */
  count(code: string, n = 1): void {
    this.errors[code] = (this.errors[code] ?? 0) + n;
  }

  stats(): CarrierStats {
    const live = this.slots.filter((s) => s.session?.bound);
    return {
      name: this.name,
      bound: live.length,
      wanted: this.slots.length,
      inFlight: live.reduce((sum, s) => sum + (s.session?.inFlight ?? 0), 0),
      window: live.filter((s) => s.mode !== 'receiver').length * this.config.window,
      ...this.counts,
      errors: { ...this.errors },
    };
  }

  private pick(): EsmeSession | null {
    let best: EsmeSession | null = null;
    for (const s of this.slots) {
      if (s.mode === 'receiver' || !s.session?.bound) continue;
      if (!best || s.session.inFlight < best.inFlight) best = s.session;
    }
    return best;
  }

  private async connect(slot: Slot): Promise<void> {
    slot.timer = null;
    if (this.stopped) return;
    const c = this.config;
    try {
      const session = await EsmeSession.open({
        host: c.host,
        port: c.port,
        systemId: c.systemId,
        password: c.password,
        systemType: c.systemType,
        bindMode: slot.mode,
        window: c.window,
        responseTimeoutMs: c.responseTimeoutS * 1000,
        enquireLinkMs: c.enquireLinkS * 1000,
        bindTimeoutMs: c.responseTimeoutS * 1000,
        onDeliver: (pdu) => this.hooks.onDeliver(c.name, pdu),
      });
      if (this.stopped) {
        await session.unbind(1000);
        return;
      }
      slot.session = session;
      slot.backoffMs = c.reconnectMinS * 1000;
      this.hooks.log.info({ carrier: c.name, mode: slot.mode }, 'carrier bound');
      session.onClosed((reason) => {
        slot.session = null;
        if (this.stopped) return;
        this.hooks.log.warn({ carrier: c.name, mode: slot.mode, reason }, 'carrier link closed');
        this.retry(slot);
      });
    } catch (err) {
      const status = err instanceof BindError ? err.status : null;
      this.hooks.log.warn(
        { carrier: c.name, mode: slot.mode, status, err: (err as Error).message },
        'carrier bind failed',
      );
      this.retry(slot);
    }
  }

  private retry(slot: Slot): void {
    if (this.stopped || slot.timer) return;
    const wait = slot.backoffMs;
    slot.backoffMs = Math.min(this.config.reconnectMaxS * 1000, slot.backoffMs * 2);
    slot.timer = setTimeout(() => void this.connect(slot), wait);
  }
}
