import { Subject } from 'rxjs';
import type { Endpoint } from '../contract/endpoint';
import { uploadLogsEndpoint } from '../contract/endpoints/log.endpoints';
import { timeBatchEditEndpoint, timeBatchOperationEndpoint } from '../contract/endpoints/timed.endpoints';
import { ApiCallError, type HttpClient } from './http-client';
import type { EventDoc, LocalDb } from './local-db';
import { recordStoreOf } from './record-store';
import { applySendResult, SEND_COMMANDS } from './send-commands';
import { ACCOUNT_COMMANDS } from './account-commands';
import { TOOLS_COMMANDS } from './tools-commands';
import { LIBRARY_COMMANDS } from './library-commands';

// The outbox (DESIGN.md §2.3): pushes pending events in order per aggregate with Idempotency-Key = event id, so a
// retry after a lost answer is answered from the platform's stored response and nothing happens twice. Retryable
// failures (network, timeout, 5xx, 409, 429) stay pending with backoff; any other rejection marks the event rejected
// with the platform's message.

export interface Command {
  endpoint: Endpoint;
  body: (payload: Record<string, unknown>) => unknown;
}

export const COMMANDS: Record<string, Command> = {
  'batch.pause': { endpoint: timeBatchOperationEndpoint, body: (p) => ({ time_batch: p.time_batch, operation: 'pause' }) },
  'batch.recover': { endpoint: timeBatchOperationEndpoint, body: (p) => ({ time_batch: p.time_batch, operation: 'recover' }) },
  'batch.intercept': { endpoint: timeBatchOperationEndpoint, body: (p) => ({ time_batch: p.time_batch, operation: 'intercept' }) },
  'batch.edit': { endpoint: timeBatchEditEndpoint, body: (p) => ({ time_batch: p.time_batch, content: p.content }) },
  'log.upload': { endpoint: uploadLogsEndpoint, body: (p) => p.entries },
  ...SEND_COMMANDS,
  ...ACCOUNT_COMMANDS,
  ...TOOLS_COMMANDS,
  ...LIBRARY_COMMANDS,
};

export interface OutboxOptions {
  db: LocalDb;
  client: HttpClient;
  now?: () => number;
  /** first retry delay; doubles per attempt up to maxBackoffMs. */
  backoffMs?: number;
  maxBackoffMs?: number;
  /** aggregates pushed side by side. */
  concurrency?: number;
}

export interface Outbox {
  /** pushes what is due now; resolves when this round is done. */
  flush(): Promise<void>;
  /** flushes whenever an event is recorded, and every `intervalMs`. */
  start(intervalMs?: number): void;
  stop(): void;
  /** acknowledged and rejected events, as they settle. */
  settled$: Subject<EventDoc>;
}

export function createOutbox(o: OutboxOptions): Outbox {
  const now = o.now ?? Date.now;
  const backoff = o.backoffMs ?? 1000;
  const maxBackoff = o.maxBackoffMs ?? 60_000;
  const concurrency = o.concurrency ?? 4;
  const settled$ = new Subject<EventDoc>();
  let round: Promise<void> | null = null;
  let again = false;
  let timer: ReturnType<typeof setInterval> | null = null;
  let sub: { unsubscribe(): void } | null = null;
  const store = recordStoreOf(o.db);

  async function patch(ev: EventDoc, change: Partial<EventDoc>): Promise<EventDoc> {
    const doc = await o.db.events.findOne(ev.id).exec();
    const next = await doc!.incrementalPatch(change);
    return next.toJSON() as EventDoc;
  }

  /** after an ack, the pulled state will follow; write the platform's answer locally so the screen does not flicker back. */
  async function applyResult(ev: EventDoc, result: Record<string, unknown>) {
    if (ev.type.startsWith('send.') && result) return applySendResult(store, ev, result as never, now());
    if (ev.type.startsWith('batch.') && typeof result?.time_batch === 'string') {
      // the row's new seq goes with it: a forward pull still carrying the state before this command is older, and
      // the replication keeps this copy over it (no flick back to the old state). Read and written in one
      // transaction: the pull's own check-and-write (putNewer, in the worker) cannot fall between the two.
      await store.update('time_batches', result.time_batch, (cur) => ({
        ...cur,
        ...(typeof result.send_status === 'number' ? { send_status: result.send_status } : {}),
        ...(ev.type === 'batch.edit' ? { decodeContent: String(ev.payload.content ?? '') } : {}),
        ...(typeof result.seq === 'number' ? { seq: Math.max(Number(cur.seq ?? 0), result.seq) } : {}),
      }));
    }
  }

  async function push(ev: EventDoc): Promise<'done' | 'blocked'> {
    const cmd = COMMANDS[ev.type];
    if (!cmd) {
      settled$.next(await patch(ev, { status: 'rejected', last_error: `unknown command ${ev.type}`, attempts: ev.attempts + 1 }));
      return 'done';
    }
    try {
      const result = await o.client.call(cmd.endpoint, cmd.body(ev.payload) as never, { idempotencyKey: ev.id, silent: true });
      await applyResult(ev, result as Record<string, unknown>);
      settled$.next(await patch(ev, { status: 'acked', result: result ?? null, attempts: ev.attempts + 1, last_error: null }));
      return 'done';
    } catch (e) {
      const err = e as ApiCallError;
      const retry = !(err instanceof ApiCallError) || err.retryable || err.kind === 'unauthorized';
      const attempts = ev.attempts + 1;
      if (retry) {
        await patch(ev, { attempts, last_error: err.message, next_attempt_at: now() + Math.min(maxBackoff, backoff * 2 ** (attempts - 1)) });
        return 'blocked';
      }
      settled$.next(await patch(ev, { status: 'rejected', attempts, last_error: err.message }));
      return 'done';
    }
  }

  /** Events of one aggregate go one after another, in order; different aggregates go side by side (a few at a time),
   * so a backlog built up offline drains quickly without ever reordering what one thing saw. */
  async function runRound() {
    const pending = (await o.db.events.find({ selector: { status: 'pending' }, sort: [{ status: 'asc' }, { id: 'asc' }] }).exec()).map((d) => d.toJSON() as EventDoc);
    const byAggregate = new Map<string, EventDoc[]>();
    for (const ev of pending) {
      const q = byAggregate.get(ev.aggregate);
      if (q) q.push(ev);
      else byAggregate.set(ev.aggregate, [ev]);
    }
    const queues = [...byAggregate.values()];
    const drain = async () => {
      for (let q = queues.shift(); q; q = queues.shift()) {
        for (const ev of q) {
          // an event waiting out its backoff holds back the later events of its aggregate
          if (ev.next_attempt_at > now() || (await push(ev)) === 'blocked') break;
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(concurrency, queues.length) }, drain));
  }

  async function flush(): Promise<void> {
    if (round) {
      again = true;
      return round;
    }
    round = (async () => {
      do {
        again = false;
        await runRound();
      } while (again);
    })().finally(() => (round = null));
    return round;
  }

  return {
    flush,
    settled$,
    start(intervalMs = 5000) {
      sub = o.db.events.insert$.subscribe(() => void flush().catch(() => undefined));
      timer = setInterval(() => void flush().catch(() => undefined), intervalMs);
      void flush().catch(() => undefined);
    },
    stop() {
      sub?.unsubscribe();
      if (timer) clearInterval(timer);
    },
  };
}
