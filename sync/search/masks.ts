import type { Columns } from './columns';
import { nextTask } from './idle-tasks';
import type { Plan } from './query-plan';

// A query's mask over the rows of a collection (one byte per row, 1 passes its filters): kept for the next pages of
// the same query, extended as rows arrive, built again when a row changes in place.

/** Rows of a mask built per macrotask in the background (about 1–2 ms of the worker at a time). */
export const MASK_SLICE = 65_536;

/** The query's mask over every row (1 passes its filters), kept for the next pages and extended as rows arrive;
 * built again when a row changed in place. Filled up to row `upTo`. */
export function maskOf(c: Columns, plan: Plan, upTo = c.n): Uint8Array {
  let e = c.masks.get(plan.key);
  if (e) {
    // most recently used last: the oldest is the one let go
    c.masks.delete(plan.key);
    c.masks.set(plan.key, e);
  }
  if (!e || e.epoch !== c.epoch || e.m.length < c.n) {
    const m = new Uint8Array(c.time.length);
    const kept = e && e.epoch === c.epoch ? e.rows : 0;
    if (e && kept) m.set(e.m.subarray(0, kept));
    if (!c.masks.has(plan.key) && c.masks.size >= 3) c.masks.delete(c.masks.keys().next().value!);
    e = { m, rows: kept, epoch: c.epoch };
    c.masks.set(plan.key, e);
  }
  if (e.rows < upTo) {
    e.m.fill(1, e.rows, upTo);
    for (const f of plan.filters) f.fill(e.m, e.rows, upTo);
    e.rows = upTo;
  }
  return e.m;
}

/** Builds the query's mask MASK_SLICE rows per macrotask; stops when a row changes in place or it is let go. */
export function maskLater(c: Columns, plan: Plan): void {
  maskOf(c, plan, 0);
  const epoch = c.epoch;
  const step = () => {
    const e = c.masks.get(plan.key);
    if (!e || e.epoch !== epoch || c.epoch !== epoch) return;
    maskOf(c, plan, Math.min(c.n, e.rows + MASK_SLICE));
    if (e.rows < c.n) nextTask(step);
  };
  nextTask(step);
}
