import type { CarrierMinute } from '../../contract/endpoints/carrier-history.endpoints';

// A carrier's figures per minute, as one instance counts them between its status writes and as the operator's chart
// reads them summed over the instances. The instance keeps only the minutes it has yet to write for the last time:
// the current one, and the one that just ended until its final figures are written.

export const MINUTE_MS = 60_000;
/** the minutes the chart shows, the current one last */
export const HISTORY_MINUTES = 60;

/** The start of the minute `ms` falls in (minutes of the epoch, as PostgreSQL's date_trunc gives them in UTC). */
export const minuteOf = (ms: number): number => Math.floor(ms / MINUTE_MS) * MINUTE_MS;

export interface MinuteFigures {
  submitted: number;
  accepted: number;
  receipts: number;
  delivered: number;
  /** the receipts' latencies summed, in ms */
  latencyMs: number;
}

const empty = (): MinuteFigures => ({ submitted: 0, accepted: 0, receipts: 0, delivered: 0, latencyMs: 0 });

/** A link's running counters (they only grow, and start again at zero with a new link object). */
export interface LinkCounters {
  name: string;
  submitted: number;
  accepted: number;
}

export interface MinuteRow extends MinuteFigures {
  minute: number;
  carrier: string;
}

/** One instance's figures per carrier and minute, from the links' running counters and the receipts it matches. */
export class MinuteCounts {
  private readonly minutes = new Map<number, Map<string, MinuteFigures>>();
  /** what each link's counters said at the last look, by link object: a link replaced by a changed carrier's new one
   * counts from zero again without taking the old one's figures off */
  private readonly seen = new WeakMap<object, { submitted: number; accepted: number }>();
  private changed = false;

  private at(ms: number, carrier: string): MinuteFigures {
    const minute = minuteOf(ms);
    const carriers = this.minutes.get(minute) ?? new Map<string, MinuteFigures>();
    this.minutes.set(minute, carriers);
    const f = carriers.get(carrier) ?? empty();
    carriers.set(carrier, f);
    return f;
  }

  /** What the links submitted and had accepted since the last look, counted in the minute of `ms`. */
  noteLinks(ms: number, links: Iterable<{ key: object; counters: LinkCounters }>): void {
    for (const { key, counters } of links) {
      const before = this.seen.get(key) ?? { submitted: 0, accepted: 0 };
      this.seen.set(key, { submitted: counters.submitted, accepted: counters.accepted });
      const submitted = counters.submitted - before.submitted;
      const accepted = counters.accepted - before.accepted;
      if (submitted <= 0 && accepted <= 0) continue;
      const f = this.at(ms, counters.name);
      f.submitted += Math.max(0, submitted);
      f.accepted += Math.max(0, accepted);
      this.changed = true;
    }
  }

  /** A final receipt matched at `ms`. */
  noteReceipt(ms: number, carrier: string, latencyMs: number, delivered: boolean): void {
    const f = this.at(ms, carrier);
    f.receipts++;
    if (delivered) f.delivered++;
    f.latencyMs += Math.max(0, Math.round(latencyMs));
    this.changed = true;
  }

  /** The figures to write (every minute held, as totals so far), or none when nothing was counted since they were
   * last taken; what is counted from here on is taken by the next call. */
  take(): MinuteRow[] {
    if (!this.changed) return [];
    this.changed = false;
    return [...this.minutes].flatMap(([minute, carriers]) =>
      [...carriers].map(([carrier, f]) => ({ minute, carrier, ...f })),
    );
  }

  /** The write of what take() answered failed: the next take answers it again. */
  notWritten(): void {
    this.changed = true;
  }

  /** After a write of what take() answered at `ms`: the minutes before that one are final and are let go (a note is
   * never dated before the write it follows). Answers whether a minute ended: the time to prune the old ones. */
  written(ms: number): boolean {
    const current = minuteOf(ms);
    let ended = false;
    for (const minute of [...this.minutes.keys()])
      if (minute < current) {
        this.minutes.delete(minute);
        ended = true;
      }
    return ended;
  }
}

/** The last HISTORY_MINUTES minutes up to the one of `nowMs`, oldest first, for every carrier named in `rows` or
 * `carriers`: the rows of the same carrier and minute (several instances') summed, minutes without a row as zero. */
export function historyOf(
  rows: MinuteRow[],
  carriers: string[],
  nowMs: number,
  minutes = HISTORY_MINUTES,
): Map<string, CarrierMinute[]> {
  const last = minuteOf(nowMs);
  const first = last - (minutes - 1) * MINUTE_MS;
  const out = new Map<string, CarrierMinute[]>();
  const series = (carrier: string) => {
    let s = out.get(carrier);
    if (!s) {
      s = Array.from({ length: minutes }, (_, i) => ({
        minute: new Date(first + i * MINUTE_MS).toISOString(),
        ...empty(),
        latencyMs: null,
      }));
      out.set(carrier, s);
    }
    return s;
  };
  for (const c of carriers) series(c);
  const latency = new Map<CarrierMinute, number>();
  for (const r of rows) {
    const m = minuteOf(r.minute);
    if (m < first || m > last) continue;
    const p = series(r.carrier)[(m - first) / MINUTE_MS];
    p.submitted += r.submitted;
    p.accepted += r.accepted;
    p.receipts += r.receipts;
    p.delivered += r.delivered;
    latency.set(p, (latency.get(p) ?? 0) + r.latencyMs);
  }
  // the mean over every instance's receipts of the minute: each instance's sum over all their count
  for (const [p, sum] of latency) p.latencyMs = p.receipts > 0 ? Math.round(sum / p.receipts) : null;
  return out;
}
