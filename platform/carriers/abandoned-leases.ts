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
  // the instances holding leases, one step of the partial index each; those without a fresh status are dead, and
  // only their rows are read
  const rows = await q.query<{ sn: string }>(
    `with recursive owners(id) as (
        select min(leased_by) from carrier_queue where leased
        union all
        select (select min(c.leased_by) from carrier_queue c where c.leased and c.leased_by > owners.id) from owners where owners.id is not null
      ),
      dead as (
        select o.id from owners o
         where o.id is not null and o.id <> $1
           and not exists (select 1 from carrier_status s where s.instance_id = o.id and s.updated_at > $3)
      )
      update carrier_queue c set due_at = $2 from dead
       where c.leased_by = dead.id and c.leased and c.due_at > $2
         and not exists (select 1 from carrier_parts p where p.sn = c.sn)
      returning c.sn`,
    [self, now, new Date(now.getTime() - DEAD_AFTER_MS)],
  );
  return rows.length;
}
