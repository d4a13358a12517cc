import { prepared, type Queryable } from '../db/db';
import type { Claimed, PartsOf } from './round-decision';

// carrier_queue, the records waiting for a carrier: claimed by a round (FOR UPDATE SKIP LOCKED, so instances sharing
// PostgreSQL never take the same one), leased while their parts are with a carrier, put back for later, dropped once
// ended. The round's decisions are carrier-dispatch.ts's; only the rows are here.

/** Up to `limit` records due at `now`, oldest due first, locked for this round. */
export async function claimDue(q: Queryable, now: Date, limit: number): Promise<Claimed[]> {
  return q.query<Claimed>(
    prepared`select m.sn, m.prod_type, m.cus_id, m.batch_id, m.mobile, m.content, m.mt_status, m.receive_time, m.country_code, m.country_name,
            m.secret, m.segments, a.ext_number, b.sender_id, c.leased, c.expires_at, c.tries, c.avoid
       from carrier_queue c join mt_records m on m.sn = c.sn join accounts a on a.cus_id = m.cus_id
       left join batches b on m.prod_type = 1 and b.batch_id = m.batch_id
      where c.due_at <= $1 order by c.due_at limit $2 for update of c skip locked`,
    [now, limit],
  );
}

/** The parts of these leased records, as their carriers answered them so far. */
export async function partsOfLeased(q: Queryable, sns: string[]): Promise<Map<string, PartsOf>> {
  const partsOf = new Map<string, PartsOf>();
  if (sns.length === 0) return partsOf;
  const parts = await q.query<{ sn: string } & PartsOf>(
    'select sn, array_agg(state order by part) as states, array_agg(err order by part) as errs from carrier_parts where sn = any($1) group by sn',
    [sns],
  );
  for (const p of parts) partsOf.set(p.sn, p);
  return partsOf;
}

/** Records that ended, or have nothing left to send, leave the queue. */
export async function dropQueued(q: Queryable, sns: string[]): Promise<void> {
  if (sns.length > 0) await q.query('delete from carrier_queue where sn = any($1)', [sns]);
}

/** Records no carrier could take are due again at `dueAt`, unleased. */
export async function requeue(q: Queryable, sns: string[], dueAt: Date, unlease = false): Promise<void> {
  if (sns.length === 0) return;
  if (unlease) await q.query('update carrier_queue set due_at = $2, leased = false where sn = any($1)', [sns, dueAt]);
  else await q.query('update carrier_queue set due_at = $2 where sn = any($1)', [sns, dueAt]);
}

/** Records on their way to a carrier are leased by this instance until their receipt deadline. */
export async function lease(q: Queryable, sns: string[], until: Date, instanceId: string): Promise<void> {
  if (sns.length > 0)
    await q.query(prepared`update carrier_queue set due_at = $2, leased = true, leased_by = $3 where sn = any($1)`, [
      sns,
      until,
      instanceId,
    ]);
}

/** Records refused for a temporary reason wait twice as long each time, from `baseS` up to `maxS`, never past their
 * own validity (they are then due to end expired, not to wait out the back-off); their attempts count one more. */
export async function backOff(q: Queryable, sns: string[], now: Date, baseS: number, maxS: number): Promise<void> {
  if (sns.length === 0) return;
  await q.query(
    `update carrier_queue set due_at = least($2::timestamptz + make_interval(secs => least($3::float8, $4::float8 * power(2, tries))), coalesce(expires_at, 'infinity')),
            tries = tries + 1, leased = false, avoid = '{}'
      where sn = any($1)`,
    [sns, now, maxS, baseS],
  );
}
