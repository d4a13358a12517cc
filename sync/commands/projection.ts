import type { TimeBatch } from '../../contract/records.schema';
import type { EventDoc } from '../store/local-db';

// The projection: pending events applied over pulled state, so a command shows at once, marked
// pending. Rejected events are simply no longer pending, so the screen rolls back to the pulled state by itself.

export type Projected<T> = T & { pending?: string };

const TIMED_EFFECT: Record<string, (b: TimeBatch, p: Record<string, unknown>) => Partial<TimeBatch>> = {
  'batch.pause': () => ({ send_status: 2 }),
  'batch.recover': () => ({ send_status: 0 }),
  'batch.intercept': () => ({ send_status: 3 }),
  'batch.edit': (_b, p) => ({
    decodeContent: String(p.content ?? ''),
    ...(typeof p.timing_time === 'number' ? { timing_time: p.timing_time } : {}),
  }),
};

export const timeBatchAggregate = (timeBatch: string) => `time_batch:${timeBatch}`;

/**
 * Pending events over the pulled rows, marked pending. `settling` are acknowledged events the rows on screen were read
 * before (the outbox writes an acknowledged effect into the local row, and the screen re-reads it a moment later):
 * their effect stays, unmarked, so a row never flicks back to its old state in between.
 */
export function projectTimeBatches<T extends TimeBatch>(
  rows: T[],
  pending: EventDoc[],
  settling: EventDoc[] = [],
): Projected<T>[] {
  if (pending.length === 0 && settling.length === 0) return rows;
  const byAggregate = new Map<string, { ev: EventDoc; mark: boolean }[]>();
  const add = (ev: EventDoc, mark: boolean) =>
    byAggregate.set(ev.aggregate, [...(byAggregate.get(ev.aggregate) ?? []), { ev, mark }]);
  // settled before anything still pending on the same aggregate: the outbox pushes one aggregate's events in order
  for (const ev of settling) if (ev.status === 'acked' && TIMED_EFFECT[ev.type]) add(ev, false);
  for (const ev of pending) if (ev.status === 'pending' && TIMED_EFFECT[ev.type]) add(ev, true);
  return rows.map((row) => {
    const evs = byAggregate.get(timeBatchAggregate(row.time_batch));
    if (!evs) return row;
    return evs.reduce<Projected<T>>(
      (r, { ev, mark }) => ({ ...r, ...TIMED_EFFECT[ev.type](r, ev.payload), ...(mark ? { pending: ev.type } : {}) }),
      row,
    );
  });
}
