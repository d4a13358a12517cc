import type { Queryable } from '../db/db';

// Records an instance leased to send and then died with: their submits may or may not have reached the carrier, and
// no answer was written, so nobody can tell. They are never sent again; they end unknown (the dispatcher's rule for a
// leased record without parts). Left alone they would wait for the receipt deadline (hours), their sender without a
// report all that time. An instance is taken for dead once it has written no carrier status for DEAD_AFTER_MS (it
// writes every 2 s while alive; a stopped one deletes its rows, after its last round wrote its answers).

export const DEAD_AFTER_MS = 30_000;
/** how often the dispatcher looks for them: a dead instance's records are reported within this and DEAD_AFTER_MS */
export const ABANDONED_CHECK_MS = 10_000;

/** Makes the partless leased records of dead instances due now, so the next dispatch round ends them unknown; answers
 * how many. `self` is this instance's id, whose leases are its own to finish. */
export async function releaseAbandoned(q: Queryable, self: string, now: Date): Promise<number> {
  const rows = await q.query<{ sn: string }>(
    `update carrier_queue c set due_at = $2
      where c.leased and c.due_at > $2 and c.leased_by is not null and c.leased_by <> $1
        and not exists (select 1 from carrier_status s where s.instance_id = c.leased_by and s.updated_at > $3)
        and not exists (select 1 from carrier_parts p where p.sn = c.sn)
      returning c.sn`,
    [self, now, new Date(now.getTime() - DEAD_AFTER_MS)],
  );
  return rows.length;
}
