import type { TimeBatch } from '../contract/records.schema';
import type { EventDoc } from './local-db';

// The projection (DESIGN.md §2.3): pending events applied over pulled state, so a command shows at once, marked
// pending. Rejected events are simply no longer pending, so the screen rolls back to the pulled state by itself.

export type Projected<T> = T & { pending?: string };

const TIMED_EFFECT: Record<string, (b: TimeBatch, p: Record<string, unknown>) => Partial<TimeBatch>> = {
  'batch.pause': () => ({ send_status: 2 }),
  'batch.recover': () => ({ send_status: 0 }),
  'batch.intercept': () => ({ send_status: 3 }),
  'batch.edit': (_b, p) => ({ decodeContent: String(p.content ?? '') }),
};

export const timeBatchAggregate = (timeBatch: string) => `time_batch:${timeBatch}`;

export function projectTimeBatches<T extends TimeBatch>(rows: T[], pending: EventDoc[]): Projected<T>[] {
  if (pending.length === 0) return rows;
  const byAggregate = new Map<string, EventDoc[]>();
  for (const ev of pending) {
    if (ev.status !== 'pending' || !TIMED_EFFECT[ev.type]) continue;
    byAggregate.set(ev.aggregate, [...(byAggregate.get(ev.aggregate) ?? []), ev]);
  }
  return rows.map((row) => {
    const evs = byAggregate.get(timeBatchAggregate(row.time_batch));
    if (!evs) return row;
    return evs.reduce<Projected<T>>((r, ev) => ({ ...r, ...TIMED_EFFECT[ev.type](r, ev.payload), pending: ev.type }), row);
  });
}
