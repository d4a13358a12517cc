import type { Queryable } from '../db/db';

// The platform's queues as a scrape sees them: how many items wait and how long the oldest has waited. One statement
// per scrape; each part reads an index (carrier_queue's key, the partial index of pending callbacks, the due time
// batches) or a table that stays small while its consumers keep up (smpp_outbox).

export interface QueueDepth {
  queue: 'carrier' | 'smpp_outbox' | 'callbacks' | 'timed_batches';
  depth: number;
  oldestAgeS: number;
}

export async function queueDepths(db: Pick<Queryable, 'query'>, now: Date): Promise<QueueDepth[]> {
  // a record's wait is counted from when it was taken (its due time moves each time no carrier could take it);
  // leased rows are with a carrier already, waiting for their receipts, and are not counted
  const rows = await db.query<{ queue: QueueDepth['queue']; n: number; oldest: Date | null }>(
    `select 'carrier' as queue, count(*)::int as n, min(m.receive_time) as oldest
       from carrier_queue c join mt_records m on m.sn = c.sn where not c.leased
     union all
     select 'smpp_outbox', count(*)::int, min(created_at) from smpp_outbox
     union all
     select 'callbacks', count(*)::int, min(created_at) from callback_deliveries where status = 0
     union all
     select 'timed_batches', count(*)::int, min(timing_time) from time_batches where send_status = 0 and timing_time <= $1`,
    [now],
  );
  return rows.map((r) => ({
    queue: r.queue,
    depth: Number(r.n),
    oldestAgeS: r.oldest ? Math.max(0, (now.getTime() - new Date(r.oldest).getTime()) / 1000) : 0,
  }));
}
