import type { Queryable } from '../db/db';
import type { CarrierPlane } from './carrier-plane';
import type { Routable, Route } from './routing';

// A message a carrier refused for a temporary reason goes to the next carrier of its route that has not refused it in
// this round of attempts, at once and under the same record (the customer's one message id, charged once). Only
// when every available carrier of the route has refused it does it wait, with a doubling back-off, and then try them
// all again, until its validity ends. One instance holds a queued message at a time (its lease), and each attempt
// goes to one carrier, so a number never reaches two carriers at once, nor one carrier twice for one attempt.

const available = (plane: CarrierPlane) => (c: string) => plane.links.get(c)?.available ?? false;

/** The carrier for a message's next attempt, and the route that gave it: one not in `avoid` if the route has one up,
 * else any that is up. */
export function pickCarrier(
  plane: CarrierPlane,
  m: Routable,
  avoid: readonly string[],
): { carrier: string; route: Route } | null {
  const up = available(plane);
  if (avoid.length > 0) {
    const other = plane.router.choose(m, (c) => up(c) && !avoid.includes(c));
    if (other !== null) return other;
  }
  return plane.router.choose(m, up);
}

/** Whether a carrier other than those in `avoid` could take the message now (its next attempt then goes at once). */
export function hasOtherCarrier(plane: CarrierPlane, m: Routable, avoid: readonly string[]): boolean {
  const up = available(plane);
  return plane.router.explain(m, (c) => up(c) && !avoid.includes(c)).carrier !== null;
}

export interface Attempt {
  sn: string;
  attempt: number;
  carrier: string;
  answer: string;
}

/** Sends the messages again at once, each passing over the carrier that just refused it. */
export async function rerouteNow(
  q: Queryable,
  now: Date,
  moves: Array<{ sn: string; carrier: string }>,
): Promise<void> {
  if (moves.length === 0) return;
  await q.query(
    `update carrier_queue c set due_at = $3, leased = false, tries = c.tries + 1, avoid = array_append(c.avoid, t.carrier)
       from unnest($1::text[], $2::text[]) as t(sn, carrier) where c.sn = t.sn`,
    [moves.map((m) => m.sn), moves.map((m) => m.carrier), now],
  );
}

export async function recordAttempts(q: Queryable, now: Date, attempts: Attempt[]): Promise<void> {
  if (attempts.length === 0) return;
  await q.query(
    `insert into carrier_attempts (sn, attempt, carrier, at, answer)
     select t.sn, t.attempt, t.carrier, $5, t.answer from unnest($1::text[], $2::smallint[], $3::text[], $4::text[]) as t(sn, attempt, carrier, answer)
     on conflict (sn, attempt) do nothing`,
    [
      attempts.map((a) => a.sn),
      attempts.map((a) => a.attempt),
      attempts.map((a) => a.carrier),
      attempts.map((a) => a.answer),
      now,
    ],
  );
}
