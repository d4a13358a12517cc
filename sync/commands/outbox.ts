import { Subject } from 'rxjs';
import type { Command, CommandTable } from './command';
import { ApiCallError, type HttpClient } from '../http/http-client';
import type { EventDoc, LocalDb } from '../store/local-db';
import { recordStoreOf } from '../store/record-store';

// The outbox pushes pending events in order per aggregate with Idempotency-Key = event id, so a retry after a lost
// answer is answered from the platform's stored response and nothing happens twice. Retryable failures (network,
// timeout, 5xx, 409, 429) stay pending with backoff; any other rejection marks the event rejected with the platform's
// message. It knows no command by itself: whoever creates it hands it the table of the commands it may push.

export interface OutboxOptions {
  db: LocalDb;
  client: HttpClient;
  /** the commands this outbox pushes, by event type; an event of any other type is rejected as unknown. */
  commands: CommandTable;
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
  /** the network is back: pushes every pending event now, the ones waiting out a backoff included. */
  nudge(): Promise<void>;
  /** flushes whenever an event is recorded, and every `intervalMs`. */
  start(intervalMs?: number): void;
  stop(): void;
  /** acknowledged and rejected events, as they settle. */
  settled$: Subject<EventDoc>;
}

export function createOutbox(o: OutboxOptions): Outbox {
  // without its tables every pending event would be rejected as unknown, and a rejection is final
  if (Object.keys(o.commands).length === 0) throw new Error('an outbox needs the commands it pushes');
  const commands = new Map<string, Command>(Object.entries(o.commands));
  const now = o.now ?? Date.now;
  const backoff = o.backoffMs ?? 1000;
  const maxBackoff = o.maxBackoffMs ?? 60_000;
  const concurrency = o.concurrency ?? 4;
  const settled$ = new Subject<EventDoc>();
  let round: Promise<void> | null = null;
  let again = false;
  /** the next round pushes what waits out a backoff too: the failures it waits on were the network's */
  let dueNow = false;
  let timer: ReturnType<typeof setInterval> | null = null;
  let sub: { unsubscribe(): void } | null = null;
  const store = recordStoreOf(o.db);

  async function patch(ev: EventDoc, change: Partial<EventDoc>): Promise<EventDoc> {
    const doc = await o.db.events.findOne(ev.id).exec();
    const next = await doc!.incrementalPatch(change);
    return next.toJSON() as EventDoc;
  }

  async function push(ev: EventDoc): Promise<'done' | 'blocked'> {
    const cmd = commands.get(ev.type);
    if (!cmd) {
      settled$.next(
        await patch(ev, { status: 'rejected', last_error: `unknown command ${ev.type}`, attempts: ev.attempts + 1 }),
      );
      return 'done';
    }
    try {
      const result = await o.client.call(cmd.endpoint, cmd.body(ev.payload) as never, {
        idempotencyKey: ev.id,
        silent: true,
      });
      if (result && cmd.applyResult) await cmd.applyResult(store, ev, result as Record<string, unknown>, now());
      settled$.next(
        await patch(ev, { status: 'acked', result: result ?? null, attempts: ev.attempts + 1, last_error: null }),
      );
      return 'done';
    } catch (e) {
      const err = e as ApiCallError;
      const retry = !(err instanceof ApiCallError) || err.retryable || err.kind === 'unauthorized';
      const attempts = ev.attempts + 1;
      if (retry) {
        await patch(ev, {
          attempts,
          last_error: err.message,
          next_attempt_at: now() + Math.min(maxBackoff, backoff * 2 ** (attempts - 1)),
        });
        return 'blocked';
      }
      settled$.next(await patch(ev, { status: 'rejected', attempts, last_error: err.message }));
      return 'done';
    }
  }

  /** Events of one aggregate go one after another, in order; different aggregates go side by side (a few at a time),
   * so a backlog built up offline drains quickly without ever reordering what one thing saw. */
  async function runRound() {
    const ignoreBackoff = dueNow;
    dueNow = false;
    const pending = (
      await o.db.events.find({ selector: { status: 'pending' }, sort: [{ status: 'asc' }, { id: 'asc' }] }).exec()
    ).map((d) => d.toJSON() as EventDoc);
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
          if ((!ignoreBackoff && ev.next_attempt_at > now()) || (await push(ev)) === 'blocked') break;
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
    nudge() {
      dueNow = true;
      return flush();
    },
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
