import type { EventDoc } from '../../sync/store/local-db';

// Pending commands shown over a table's rows, and the acknowledged ones held until the rows are re-read. The outbox
// writes an acknowledged effect into the local row before it marks the event acknowledged; a read already under way
// then may predate the write, the one after it cannot. So an event is held until two reads have completed since it
// left the pending list, and the row never flicks back to its old state.

/** An acknowledged event and the count of local reads when it left the pending list. */
export interface Settling {
  ev: EventDoc;
  reads: number;
}

/** The pending events and the acknowledged ones held, as one state: an event leaves the one and joins the other in the
 * same update, so no frame shows the row without its effect. */
export interface PendingAndSettling {
  pending: EventDoc[];
  settling: Settling[];
}

/** The events still held after a local read. */
export function settlingAfter(settling: Settling[], reads: number): Settling[] {
  const kept = settling.filter((s) => reads - s.reads < 2);
  return kept.length === settling.length ? settling : kept;
}

/** A new pending list: the events that left it are held, as acknowledged, from the local read count `reads`. */
export function pendingChanged(cur: PendingAndSettling, next: EventDoc[], reads: number): PendingAndSettling {
  if (cur.pending === next) return cur;
  const gone = cur.pending.filter((p) => !next.some((e) => e.id === p.id));
  const held = gone.map((ev) => ({ ev: { ...ev, status: 'acked' as const }, reads }));
  return { pending: next, settling: held.length ? [...cur.settling, ...held] : cur.settling };
}
