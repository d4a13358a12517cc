import type { Queryable } from '../db/db';

// An account's max speed, one for every door (the HTTP API draws here, the SMPP server through smpp/rate-reserve.ts):
// a token bucket per account in recipients per second, with a burst of BURST_S seconds' worth, held in one row so that
// every instance sharing the database draws from it. A draw is one statement (the row lock orders concurrent draws); a
// request above the whole burst goes through on a full bucket, taking it into debt, so that a 1,000-number request is
// never refused for ever under a low max speed.

export const BURST_S = 2;

/** Takes `cost` recipients at `rate` per second; answers 0 when taken, else the milliseconds until they would be. */
export async function drawTokens(q: Queryable, cusId: string, rate: number, cost: number, now: Date): Promise<number> {
  const cap = Math.max(1, rate * BURST_S);
  const [taken] = await q.query<{ tokens: number }>(
    `insert into http_rate_buckets as b (cus_id, tokens, at) values ($1, $3::float8 - $4::float8, $5)
     on conflict (cus_id) do update
       set tokens = least($3::float8, b.tokens + greatest(0, extract(epoch from ($5 - b.at))) * $2::float8) - $4::float8, at = greatest(b.at, $5)
       where least($3::float8, b.tokens + greatest(0, extract(epoch from ($5 - b.at))) * $2::float8) >= least($4::float8, $3::float8)
     returning tokens`,
    [cusId, rate, cap, cost, now],
  );
  if (taken) return 0;
  const [row] = await q.query<{ tokens: number }>(
    'select least($2::float8, tokens + greatest(0, extract(epoch from ($3 - at))) * $4::float8) as tokens from http_rate_buckets where cus_id = $1',
    [cusId, cap, now, rate],
  );
  const need = Math.min(cost, cap) - Number(row?.tokens ?? cap);
  return Math.max(1, Math.ceil((need / rate) * 1000));
}
