import { setMaxListeners } from 'node:events';
import type { AppContext } from '../core/context';
import { MAX_POSTS_IN_FLIGHT, postCallback, RefusedTargetError, type ResolveAll } from './callback-target';
import {
  ADDRESS_REFUSED,
  backoffMs,
  DELIVERY_FAILED,
  DELIVERY_HEADER,
  httpStatusError,
  MAX_ATTEMPTS,
  SIGNATURE_HEADER,
  signCallback,
  reportBatchOf,
  TIMESTAMP_HEADER,
} from './callbacks';
import { appSecretOf, decryptSecret } from './secrets';
import { claimDue, outcomeWriter, type Claimed, type Outcome } from './callback-claim';

// The callback worker. Receivers belong to different customers, and one customer's receiver may be slow or silent
// (up to the post timeout per attempt): waiting for a whole claimed batch would make every other customer wait for
// it. So each customer has a share of deliveries in flight, claims are taken round-robin across customers (each
// customer's oldest first, then each one's second...), and the worker claims again whenever a delivery ends, without
// waiting for the slow ones. A share starts small and grows while the customer's receiver answers quickly, and halves
// when it fails or times out, so a fast receiver gets its reports at the rate it takes them while a silent one holds
// no more than the starting share. Grown shares never take the last RESERVED places, which stay for customers at
// their starting share. A claim is a lease in the database, so several instances never post one row at once.

/** deliveries of one customer in flight at once on this instance, to start with and after failures. */
export const PER_CUSTOMER_IN_FLIGHT = 4;
/** what a customer whose receiver keeps answering quickly may grow to. */
export const MAX_PER_CUSTOMER_IN_FLIGHT = 128;
/** deliveries in flight at once on this instance. */
export const TOTAL_IN_FLIGHT = MAX_POSTS_IN_FLIGHT;
/** places only starting shares may take. */
const RESERVED = 64;
/** an answer within this many ms counts as quick: the customer's share grows by one. */
const QUICK_MS = 1000;
/** how long a stopping instance lets the posts it has in flight finish before it cuts them off: a post cut off may
 * already have reached the receiver, and its row, released, is then posted again by another instance. */
const CLOSE_GRACE_MS = 5000;

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
  /** each customer's current share, for those not at the starting share. */
  shares: () => ReadonlyMap<string, number>;
  /** stops claiming, lets the posts in flight finish for a few seconds, then cuts off the rest (their rows are
   * released to be tried again) and waits for them. */
  close: () => Promise<void>;
}

export function createCallbackWorker(ctx: AppContext, opts: CallbackWorkerOptions): CallbackWorker {
  const inFlight = new Map<string, number>();
  const share = new Map<string, number>();
  const running = new Set<Promise<void>>();
  const abort = new AbortController();
  // every post in flight listens on it: up to TOTAL_IN_FLIGHT at once
  setMaxListeners(TOTAL_IN_FLIGHT + 16, abort.signal);
  const finish = outcomeWriter(ctx.db);
  const secrets = new Map<string, { enc: string; secret: string }>();
  let total = 0;
  let pumping: Promise<number> | null = null;
  let again = false;
  let closing = false;

  const shareOf = (cus: string) => share.get(cus) ?? PER_CUSTOMER_IN_FLIGHT;
  /** reports per post each customer asked for, as its last claimed rows said */
  const grouping = new Map<string, number>();
  /** rows a customer may have in flight: its share of posts, each of up to its group size, within a grown share's
   * rows (a customer posting groups holds no more rows than one posting them singly may) */
  const rowsOf = (cus: string, posts: number) =>
    Math.min(posts * (grouping.get(cus) ?? 1), Math.max(posts, MAX_PER_CUSTOMER_IN_FLIGHT));
  const adapt = (cus: string, quick: boolean) => {
    const next = quick
      ? Math.min(MAX_PER_CUSTOMER_IN_FLIGHT, shareOf(cus) + 1)
      : Math.max(PER_CUSTOMER_IN_FLIGHT, Math.floor(shareOf(cus) / 2));
    if (next === PER_CUSTOMER_IN_FLIGHT) share.delete(cus);
    else share.set(cus, next);
  };
  /** what each customer already busy or grown may still start; everyone else may start the starting share */
  const allowances = (): Map<string, number> => {
    const crowded = total >= TOTAL_IN_FLIGHT - RESERVED;
    const out = new Map<string, number>();
    for (const cus of new Set([...inFlight.keys(), ...share.keys(), ...grouping.keys()])) {
      const cap = rowsOf(cus, crowded ? Math.min(PER_CUSTOMER_IN_FLIGHT, shareOf(cus)) : shareOf(cus));
      out.set(cus, Math.max(0, cap - (inFlight.get(cus) ?? 0)));
    }
    return out;
  };
  const secretOf = async (d: Claimed): Promise<string> => {
    if (d.secret_enc === null) return (await appSecretOf(ctx.db, d.cus_id)).secret;
    const known = secrets.get(d.cus_id);
    if (known?.enc === d.secret_enc) return known.secret;
    const secret = await decryptSecret(ctx.db, d.secret_enc);
    secrets.set(d.cus_id, { enc: d.secret_enc, secret });
    return secret;
  };

  const claimAndStart = async (): Promise<number> => {
    const room = TOTAL_IN_FLIGHT - total;
    if (room <= 0 || closing) return 0;
    const claimed = await claimDue(ctx.db, ctx.now(), room, PER_CUSTOMER_IN_FLIGHT, allowances());
    for (const d of claimed) {
      const n = reportBatchOf({ reportBatch: d.report_batch });
      if (n > 1) grouping.set(d.cus_id, n);
      else grouping.delete(d.cus_id);
    }
    for (const rows of postsOf(claimed, (cus) => grouping.get(cus) ?? 1)) {
      const cus = rows[0].cus_id;
      // an account that takes groups gets its reports as arrays, even one alone; replies and cap warnings stay objects
      const grouped = grouping.has(cus) && rows[0].kind === 'report';
      total += rows.length;
      inFlight.set(cus, (inFlight.get(cus) ?? 0) + rows.length);
      const p = deliverPost(ctx, rows, grouped, opts, abort.signal, secretOf)
        .then(async ({ outcomes, quick }) => {
          if (outcomes[0].kind !== 'released') adapt(cus, quick);
          await Promise.all(outcomes.map((o) => finish(o)));
        })
        .catch((err) =>
          ctx.log.warn({ err, deliveries: rows.map((d) => d.id) }, 'callback delivery could not be recorded'),
        )
        .finally(() => {
          total -= rows.length;
          const n = (inFlight.get(cus) ?? rows.length) - rows.length;
          if (n > 0) inFlight.set(cus, n);
          else inFlight.delete(cus);
          running.delete(p);
          // places are free: what waited behind the caps need not wait for the next poll. Claimed once half the
          // customer's share has ended rather than at every end, so a claim takes many rows at once.
          if (!closing && n <= Math.floor(rowsOf(cus, shareOf(cus)) / 2))
            pump().catch((err) => ctx.log.warn({ err }, 'callback claim failed'));
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
      } while (again && !closing);
      return started;
    })().finally(() => {
      pumping = null;
    });
    return pumping;
  };

  return {
    pump,
    inFlight: () => inFlight,
    shares: () => share,
    close: async () => {
      closing = true;
      await pumping?.catch(() => undefined);
      const settled = Promise.all([...running]);
      let grace: NodeJS.Timeout | undefined;
      await Promise.race([
        settled,
        new Promise((r) => (grace = setTimeout(r, Math.min(CLOSE_GRACE_MS, ctx.config.callbackTimeoutMs)))),
      ]);
      clearTimeout(grace);
      abort.abort();
      await settled;
    },
  };
}

/** What a callback is about: its message, under the field every log line about that message uses, or a cap warning's
 * account and day. */
const refOf = (d: Claimed) =>
  d.kind === 'report' ? { msgId: d.ref } : d.kind === 'cap' ? { capDay: d.ref } : { moId: d.ref };

/** The posts a claim makes: a customer's reports to one address in groups of up to what it asked for, every other
 * delivery on its own. */
export function postsOf(claimed: Claimed[], groupOf: (cus: string) => number): Claimed[][] {
  const posts: Claimed[][] = [];
  const open = new Map<string, Claimed[]>();
  for (const d of claimed) {
    const size = d.kind === 'report' ? groupOf(d.cus_id) : 1;
    if (size <= 1) {
      posts.push([d]);
      continue;
    }
    const key = `${d.cus_id} ${d.url}`;
    let group = open.get(key);
    if (!group || group.length >= size) {
      group = [];
      open.set(key, group);
      posts.push(group);
    }
    group.push(d);
  }
  return posts;
}

/** A post's body: one delivery's payload as it is, or a group's as an array, each with its delivery id (a receiver
 * that sees a report twice, after a retry regrouped it, knows it by that id). */
export const postBody = (rows: Claimed[], grouped: boolean) =>
  JSON.stringify(grouped ? rows.map((d) => ({ ...(d.payload as object), deliveryId: d.id })) : rows[0].payload);

/** Posts one delivery, or a customer's group of reports, and answers how each ended (all alike: one answer covers the
 * post), and whether the receiver answered quickly. */
async function deliverPost(
  ctx: AppContext,
  rows: Claimed[],
  grouped: boolean,
  opts: CallbackWorkerOptions,
  signal: AbortSignal,
  secretOf: (d: Claimed) => Promise<string>,
): Promise<{ outcomes: Outcome[]; quick: boolean }> {
  const d = rows[0];
  const all = (o: (id: string) => Outcome) => rows.map((r) => o(r.id));
  let status: number | null = null;
  let error: string;
  const started = performance.now();
  try {
    const secret = await secretOf(d);
    const body = postBody(rows, grouped);
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
        [DELIVERY_HEADER]: rows.map((r) => r.id).join(','),
      },
    });
    if (status >= 200 && status < 300) {
      for (const r of rows) ctx.log.debug({ delivery: r.id, ...refOf(r), status }, 'callback delivered');
      const at = ctx.now();
      return {
        outcomes: all((id) => ({ id, kind: 'delivered', at, status: status! })),
        quick: performance.now() - started < QUICK_MS,
      };
    }
    error = httpStatusError(status);
  } catch (err) {
    // shutting down: the attempt was cut off by this instance, not failed by the receiver; the rows are due again
    if (signal.aborted) return { outcomes: all((id) => ({ id, kind: 'released' })), quick: false };
    error = err instanceof RefusedTargetError ? ADDRESS_REFUSED : DELIVERY_FAILED;
    const cause = (err as { cause?: { code?: string } }).cause?.code ?? (err as { code?: string }).code;
    ctx.log.info(
      {
        delivery: rows.map((r) => r.id).join(','),
        ...(rows.length === 1 ? refOf(d) : {}),
        cus_id: d.cus_id,
        url: d.url,
        err: err instanceof Error ? `${err.name}: ${err.message}` : String(err),
        code: cause,
      },
      'callback delivery failed',
    );
  }
  const now = ctx.now().getTime();
  const failed = (r: Claimed): Outcome => ({
    id: r.id,
    kind: 'failed',
    giveUp: r.attempts >= MAX_ATTEMPTS,
    nextAt: new Date(now + backoffMs(r.attempts, opts.retryBaseMs())),
    error,
    status,
  });
  return { outcomes: rows.map(failed), quick: false };
}
