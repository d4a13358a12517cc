import type { AppContext } from '../core/context';
import { drawTokens } from '../messaging/rate-bucket';

// An account's max speed is one bucket for every door and instance: the row the HTTP API draws from
// (messaging/rate-bucket.ts). A submit_sm must be admitted without waiting for the database, so an instance reserves
// the account's tokens from that row a quarter second's worth at a time and hands them out here; a new draw starts
// when half of that is used. What an instance holds in reserve and does not use (at most a quarter second of rate) is
// lost to the other doors: the price of keeping the database off the path of every submit.

/** Seconds of an account's rate drawn at once. */
const CHUNK_S = 0.25;

interface Held {
  tokens: number;
  drawing: Promise<void> | null;
}

export class RateReserve {
  private readonly held = new Map<string, Held>();

  constructor(private readonly ctx: AppContext) {}

  /** Takes `cost` of the account's reserved tokens at `rate` a second; false (throttled) when too few are held. A
   * draw for more starts whenever the reserve runs low. */
  take(cusId: string, rate: number, cost: number): boolean {
    const h = this.entry(cusId);
    const ok = h.tokens >= cost;
    if (ok) h.tokens -= cost;
    if (h.tokens < chunkOf(rate) / 2 || !ok) void this.refill(cusId, rate, ok ? 0 : cost);
    return ok;
  }

  /** Reserves a first chunk (at bind), so the first submits need not wait for a draw. */
  prime(cusId: string, rate: number): Promise<void> {
    if (rate <= 0 || this.entry(cusId).tokens >= chunkOf(rate) / 2) return Promise.resolve();
    return this.refill(cusId, rate, 0);
  }

  private entry(cusId: string): Held {
    let h = this.held.get(cusId);
    if (!h) {
      h = { tokens: 0, drawing: null };
      this.held.set(cusId, h);
    }
    return h;
  }

  private refill(cusId: string, rate: number, need: number): Promise<void> {
    const h = this.entry(cusId);
    if (h.drawing) return h.drawing;
    const amount = Math.max(chunkOf(rate), need);
    h.drawing = drawTokens(this.ctx.db, cusId, rate, amount, this.ctx.now())
      .then((waitMs) => {
        if (waitMs === 0) h.tokens += amount;
      })
      .catch((err: Error) => this.ctx.log.warn({ cusId, err: err.message }, 'smpp rate tokens not drawn'))
      .finally(() => (h.drawing = null));
    return h.drawing;
  }
}

function chunkOf(rate: number): number {
  return Math.max(1, rate * CHUNK_S);
}
