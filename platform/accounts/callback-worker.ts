import type { AppContext } from '../context';
import { postCallback, RefusedTargetError, type ResolveAll } from './callback-target';
import {
  ADDRESS_REFUSED,
  backoffMs,
  DELIVERY_FAILED,
  DELIVERY_HEADER,
  httpStatusError,
  MAX_ATTEMPTS,
  SIGNATURE_HEADER,
  signCallback,
  TIMESTAMP_HEADER,
} from './callbacks';
import { appSecretOf } from './secrets';

// The callback worker. Receivers belong to different customers, and one customer's receiver may be slow or silent
// (up to the post timeout per attempt): waiting for a whole claimed batch would make every other customer wait for
// it. So each customer has a few deliveries in flight at most, claims are taken round-robin across customers (each
// customer's oldest first, then each one's second...), and the worker claims again whenever a delivery ends, without
// waiting for the slow ones. A claim is a lease in the database, so several instances never post one row at once.

const LEASE_MS = 30_000;
/** deliveries of one customer in flight at once on this instance. */
export const PER_CUSTOMER_IN_FLIGHT = 4;
/** deliveries in flight at once on this instance. */
export const TOTAL_IN_FLIGHT = 64;

interface Claimed {
  id: string;
  cus_id: string;
  url: string;
  payload: unknown;
  attempts: number;
}

export interface CallbackWorkerOptions {
  /** first retry after this many ms, doubling per failed attempt. */
  retryBaseMs: () => number;
  resolve?: ResolveAll;
}

export interface CallbackWorker {
  /** claims what is due and fits the in-flight caps and starts posting it; answers how many it started. */
  pump: () => Promise<number>;
  /** deliveries in flight on this instance, per customer. */
  inFlight: () => ReadonlyMap<string, number>;
  /** stops claiming, cuts off the posts in flight (their rows are released to be tried again) and waits for them. */
  close: () => Promise<void>;
}

/** Claims up to `limit` due deliveries, at most `perCustomer` minus what a customer already has in flight, taking
 * the customers' oldest rows in turn. The window runs over unlocked due rows only; the rows it picks are then
 * locked with skip locked and the lease is checked again on the locked row, so a row another instance claimed in
 * between is left alone. */
async function claimFairly(ctx: AppContext, limit: number, busy: ReadonlyMap<string, number>): Promise<Claimed[]> {
  const now = ctx.now();
  return ctx.db.query<Claimed>(
    `update callback_deliveries d set locked_until = $2, attempts = d.attempts + 1
      where d.id in (
        select c.id from callback_deliveries c
         where c.id in (
           select r.id from (
             select id, cus_id, next_at, row_number() over (partition by cus_id order by next_at, id) as rn
               from callback_deliveries
              where status = 0 and next_at <= $1 and (locked_until is null or locked_until < $1)
           ) r
           left join unnest($5::text[], $6::int[]) as f(cus, n) on f.cus = r.cus_id
           where r.rn <= $3 - coalesce(f.n, 0)
           order by r.rn, r.next_at
           limit $4)
           and c.status = 0 and (c.locked_until is null or c.locked_until < $1)
         for update skip locked)
      returning d.id::text as id, d.cus_id, d.url, d.payload, d.attempts`,
    [now, new Date(now.getTime() + LEASE_MS), PER_CUSTOMER_IN_FLIGHT, limit, [...busy.keys()], [...busy.values()]],
  );
}

export function createCallbackWorker(ctx: AppContext, opts: CallbackWorkerOptions): CallbackWorker {
  const inFlight = new Map<string, number>();
  const running = new Set<Promise<void>>();
  const abort = new AbortController();
  let total = 0;
  let pumping: Promise<number> | null = null;
  let again = false;

  const claimAndStart = async (): Promise<number> => {
    const room = TOTAL_IN_FLIGHT - total;
    if (room <= 0 || abort.signal.aborted) return 0;
    const claimed = await claimFairly(ctx, room, inFlight);
    for (const d of claimed) {
      total += 1;
      inFlight.set(d.cus_id, (inFlight.get(d.cus_id) ?? 0) + 1);
      const p = deliverOne(ctx, d, opts, abort.signal)
        .catch((err) => ctx.log.warn({ err, delivery: d.id }, 'callback delivery could not be recorded'))
        .finally(() => {
          total -= 1;
          const n = (inFlight.get(d.cus_id) ?? 1) - 1;
          if (n > 0) inFlight.set(d.cus_id, n);
          else inFlight.delete(d.cus_id);
          running.delete(p);
          // a place is free: what waited behind the caps need not wait for the next poll
          if (!abort.signal.aborted) pump().catch((err) => ctx.log.warn({ err }, 'callback claim failed'));
        });
      running.add(p);
    }
    return claimed.length;
  };

  // one claim at a time per instance, or two could both see the same room under the caps; a call during a claim
  // asks for one more round after it
  const pump = (): Promise<number> => {
    if (pumping) {
      again = true;
      return pumping;
    }
    pumping = (async () => {
      let started = 0;
      do {
        again = false;
        started += await claimAndStart();
      } while (again && !abort.signal.aborted);
      return started;
    })().finally(() => {
      pumping = null;
    });
    return pumping;
  };

  return {
    pump,
    inFlight: () => inFlight,
    close: async () => {
      abort.abort();
      await pumping?.catch(() => undefined);
      await Promise.all([...running]);
    },
  };
}

async function deliverOne(ctx: AppContext, d: Claimed, opts: CallbackWorkerOptions, signal: AbortSignal): Promise<void> {
  let status: number | null = null;
  let error: string;
  try {
    const { secret } = await appSecretOf(ctx.db, d.cus_id);
    const body = JSON.stringify(d.payload);
    // taken at each attempt: a retry is signed afresh, so a receiver can refuse old timestamps (replays)
    const timestamp = String(Date.now());
    status = await postCallback(d.url, {
      allowPrivate: ctx.config.callbackAllowPrivate,
      resolve: opts.resolve,
      timeoutMs: ctx.config.callbackTimeoutMs,
      signal,
      body,
      headers: {
        'Content-Type': 'application/json',
        [TIMESTAMP_HEADER]: timestamp,
        [SIGNATURE_HEADER]: signCallback(secret, timestamp, body),
        [DELIVERY_HEADER]: d.id,
      },
    });
    if (status >= 200 && status < 300) {
      await ctx.db.query(
        'update callback_deliveries set status = 1, delivered_at = $2, last_status = $3, locked_until = null, last_error = null where id = $1',
        [d.id, ctx.now(), status],
      );
      return;
    }
    error = httpStatusError(status);
  } catch (err) {
    if (signal.aborted) {
      // shutting down: the attempt was cut off by this instance, not failed by the receiver; the row is due again
      await ctx.db.query('update callback_deliveries set locked_until = null where id = $1', [d.id]);
      return;
    }
    error = err instanceof RefusedTargetError ? ADDRESS_REFUSED : DELIVERY_FAILED;
    const cause = (err as { cause?: { code?: string } }).cause?.code ?? (err as { code?: string }).code;
    ctx.log.info(
      { delivery: d.id, cus_id: d.cus_id, url: d.url, err: err instanceof Error ? `${err.name}: ${err.message}` : String(err), code: cause },
      'callback delivery failed',
    );
  }
  const giveUp = d.attempts >= MAX_ATTEMPTS;
  await ctx.db.query('update callback_deliveries set status = $2, next_at = $3, last_error = $4, last_status = $5, locked_until = null where id = $1', [
    d.id,
    giveUp ? 2 : 0,
    new Date(ctx.now().getTime() + backoffMs(d.attempts, opts.retryBaseMs())),
    error,
    status,
  ]);
}
