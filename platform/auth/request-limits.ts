import type { Queryable } from '../db/db';
import { ApiError } from '../http/api-error';

// Fixed-window request counters in the database (rows of request_counters), so every instance counts against the same
// budget. A hit is counted by one atomic upsert that also answers the new count: parallel requests each see their own
// count, and the one over the limit is refused before any work it would cost is done.

export interface RequestLimit {
  key: string;
  max: number;
  windowS: number;
  /** the answer once `max` is used up, told how long until the window ends. */
  refuse: (retryAfterS: number) => ApiError;
}

/** Counts one hit on each limit in turn and throws the refusal of the first one over its max; the limits after it
 * are not counted, so a refused request does not use up anyone else's budget (a mobile's, or the global one). */
export async function takeHits(q: Queryable, limits: RequestLimit[], now: Date): Promise<void> {
  await q.query('delete from request_counters where window_ends_at <= $1', [now]);
  for (const limit of limits) {
    const [row] = await q.query<{ hits: number; window_ends_at: Date }>(
      `insert into request_counters as c (key, hits, window_ends_at) values ($1, 1, $3)
       on conflict (key) do update set
         hits = case when c.window_ends_at <= $2 then 1 else c.hits + 1 end,
         window_ends_at = case when c.window_ends_at <= $2 then $3 else c.window_ends_at end
       returning hits, window_ends_at`,
      [limit.key, now, new Date(now.getTime() + limit.windowS * 1000)],
    );
    if (row.hits > limit.max)
      throw limit.refuse(Math.max(1, Math.ceil((row.window_ends_at.getTime() - now.getTime()) / 1000)));
  }
}
