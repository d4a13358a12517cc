// Each carrier's delivery quality as this instance measures it from its receipts: the share delivered and the receipt
// latency over a rolling window. A `quality` pool weights its carriers by it, and a circuit breaker takes a carrier
// out of such a pool when it falls below the success floor or above the latency ceiling, then lets a trickle through
// to probe it and brings it back when the probes come back good. A pool whose carriers are all out still sends, to
// all of them: traffic is never stranded by a measurement.

export const QUALITY_WINDOW_MS = 5 * 60_000;
/** receipts a window needs before it says anything: fewer leave the carrier as it is */
export const MIN_SAMPLES = 20;
export const SUCCESS_FLOOR = 0.7;
export const LATENCY_CEILING_MS = 10 * 60_000;
/** how long a carrier stays out before probes go to it, and how many of a pool's picks it then gets */
export const OPEN_MS = 60_000;
export const PROBE_EVERY = 20;
/** probe receipts that decide whether it comes back */
export const PROBE_SAMPLES = 10;
const KEEP = 10_000;

interface Sample {
  at: number;
  ok: boolean;
  ms: number;
}

type Breaker = { state: 'open'; since: number } | { state: 'probing'; picks: number };

export interface BreakerChange {
  carrier: string;
  change: 'opened' | 'closed';
  ratio: number;
  p95Ms: number;
}

export interface Figures {
  samples: number;
  ratio: number | null;
  p50Ms: number | null;
  p95Ms: number | null;
  breaker: 'closed' | 'open' | 'probing';
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];

/** One carrier's receipts in the window, oldest first from `head`, with the delivered and over-the-ceiling ones
 * counted as they come and go: a receipt's decision reads the counts, never sorts the window. Receipts that leave it
 * only move `head`; the array sheds them in one cut once they are as many as those kept, so a receipt at a full
 * window costs no copy of the other ten thousand. */
interface Window {
  list: Sample[];
  head: number;
  ok: number;
  slow: number;
}

const emptyWindow = (): Window => ({ list: [], head: 0, ok: 0, slow: 0 });

/** how long a quality pool's weights keep the figures they were read from (a pick must not sort the window) */
const WEIGHT_FRESH_MS = 1000;

export class CarrierQuality {
  private readonly windows = new Map<string, Window>();
  private readonly breakers = new Map<string, Breaker>();
  private readonly weights = new Map<string, { at: number; weight: number }>();

  constructor(private readonly now: () => number = Date.now) {}

  private fresh(carrier: string): Window {
    const w = this.windows.get(carrier) ?? emptyWindow();
    this.windows.set(carrier, w);
    const from = this.now() - QUALITY_WINDOW_MS;
    while (w.head < w.list.length && (w.list[w.head].at <= from || w.list.length - w.head > KEEP)) {
      if (w.list[w.head].ok) w.ok--;
      if (w.list[w.head].ms > LATENCY_CEILING_MS) w.slow--;
      w.head++;
    }
    if (w.head > 0 && w.head >= w.list.length - w.head) {
      w.list.splice(0, w.head);
      w.head = 0;
    }
    return w;
  }

  /** The carrier's figures over the quality window, or over the last `windowMs` of it (the status list's minute). */
  figures(carrier: string, windowMs = QUALITY_WINDOW_MS): Figures {
    const from = this.now() - windowMs;
    const w = this.fresh(carrier);
    const list = w.list.slice(w.head).filter((s) => s.at > from);
    const b = this.breakers.get(carrier);
    if (list.length === 0) return { samples: 0, ratio: null, p50Ms: null, p95Ms: null, breaker: b?.state ?? 'closed' };
    const sorted = list.map((s) => s.ms).sort((x, y) => x - y);
    return {
      samples: list.length,
      ratio: list.filter((s) => s.ok).length / list.length,
      p50Ms: percentile(sorted, 0.5),
      p95Ms: percentile(sorted, 0.95),
      breaker: b?.state ?? 'closed',
    };
  }

  /** A final receipt; answers the breaker's change it caused, if any. */
  note(carrier: string, ok: boolean, ms: number): BreakerChange | null {
    const w = this.fresh(carrier);
    w.list.push({ at: this.now(), ok, ms });
    if (ok) w.ok++;
    if (ms > LATENCY_CEILING_MS) w.slow++;
    const n = w.list.length - w.head;
    // the p95 is over the ceiling exactly when the receipts over it are at least those above the 95th place
    const bad = w.ok / n < SUCCESS_FLOOR || w.slow >= n - Math.floor(0.95 * n);
    const b = this.breakers.get(carrier);
    const change = (to: 'opened' | 'closed'): BreakerChange => {
      const f = this.figures(carrier);
      return { carrier, change: to, ratio: f.ratio!, p95Ms: f.p95Ms! };
    };
    if (!b && n >= MIN_SAMPLES && bad) return this.open(carrier, change('opened'));
    if (b?.state === 'probing' && n >= PROBE_SAMPLES) {
      if (bad) return this.open(carrier, change('opened'));
      this.breakers.delete(carrier);
      return change('closed');
    }
    return null;
  }

  /** Out of rotation; what it measured so far is forgotten, so its probes alone decide its way back. */
  private open(carrier: string, c: BreakerChange): BreakerChange {
    this.breakers.set(carrier, { state: 'open', since: this.now() });
    this.windows.set(carrier, emptyWindow());
    return c;
  }

  /** Whether a quality pool may give it the message it is choosing for: always when closed, never while open, one
   * pick in PROBE_EVERY while probing. */
  admits(carrier: string): boolean {
    const b = this.breakers.get(carrier);
    if (!b) return true;
    if (b.state === 'open') {
      if (this.now() - b.since < OPEN_MS) return false;
      this.breakers.set(carrier, { state: 'probing', picks: 0 });
      return this.admits(carrier);
    }
    b.picks++;
    return b.picks % PROBE_EVERY === 1;
  }

  /** Whether admits() would let it through now, without counting a probe (the route test asks). */
  admitsNow(carrier: string): boolean {
    const b = this.breakers.get(carrier);
    return !b || b.state === 'probing' || this.now() - b.since >= OPEN_MS;
  }

  /** Its weight in a quality pool: its success ratio weighs most (a carrier at half the success of another gets a
   * sixteenth of its share), a slow one less; an unmeasured one as a perfect one. Read again at most once a second. */
  weight(carrier: string): number {
    const kept = this.weights.get(carrier);
    if (kept && this.now() - kept.at < WEIGHT_FRESH_MS) return kept.weight;
    const f = this.figures(carrier);
    const slow = f.p95Ms === null ? 1 : Math.min(1, LATENCY_CEILING_MS / 4 / Math.max(1, f.p95Ms));
    const weight =
      f.samples < MIN_SAMPLES || f.ratio === null
        ? 1000
        : Math.max(1, Math.round(1000 * f.ratio ** 4 * Math.max(0.25, slow)));
    this.weights.set(carrier, { at: this.now(), weight });
    return weight;
  }
}
