import type { Queryable } from '../db/db';
import { ApiError } from '../http/api-error';

// Containing password guessing without handing out lockouts (README "Login protection"). Three counters, shared by
// every instance (rows of login_guards):
// - per account and client address: 5 attempts, then a lock on that pair only, growing 1, 2, 4, 8, 15 minutes.
//   Someone guessing from one address cannot lock the real user out from another.
// - per client address across accounts: 20 attempts in 15 minutes, then that address waits (password spraying).
// - per account across addresses: after 3 failures the captcha is required even where it is switched off.
// An attempt is counted by one atomic upsert *before* the password is checked, so parallel guesses cannot all be
// checked before the first failure is counted.
export const WINDOW_S = 15 * 60;
export const PAIR_ATTEMPTS = 5;
export const ADDRESS_ATTEMPTS = 20;
export const CAPTCHA_AFTER_FAILURES = 3;
const FIRST_LOCK_S = 60;
const MAX_LOCK_S = 15 * 60;

const pairKey = (username: string, address: string) => `pair:${username.toLowerCase()}|${address}`;
const addressKey = (address: string) => `addr:${address}`;
const userKey = (username: string) => `user:${username.toLowerCase()}`;

interface Guard {
  failures: number;
  locked_until: Date | null;
}

/** Counts one attempt on `key` unless it is locked; a window older than WINDOW_S starts again. */
async function count(q: Queryable, key: string, now: Date): Promise<Guard> {
  const [row] = await q.query<Guard>(
    `insert into login_guards as g (key, failures, window_start) values ($1, 1, $2)
     on conflict (key) do update set
       failures = case when g.locked_until > $2 then g.failures when g.window_start < $3 then 1 else g.failures + 1 end,
       window_start = case when g.locked_until > $2 or g.window_start >= $3 then g.window_start else $2 end
     returning failures, locked_until`,
    [key, now, new Date(now.getTime() - WINDOW_S * 1000)],
  );
  return row;
}

const lockedError = (until: Date, now: Date) =>
  new ApiError(429, 'login.locked', { minutes: Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 60_000)) });

/** Counts this attempt for the pair and the address; throws 429 when either is locked or used up. */
export async function reserveAttempt(q: Queryable, username: string, address: string, now: Date): Promise<void> {
  for (const [key, limit] of [
    [pairKey(username, address), PAIR_ATTEMPTS],
    [addressKey(address), ADDRESS_ATTEMPTS],
  ] as const) {
    const g = await count(q, key, now);
    if (g.locked_until && g.locked_until > now) throw lockedError(g.locked_until, now);
    if (g.failures > limit) throw lockedError(new Date(now.getTime() + FIRST_LOCK_S * 1000), now);
  }
}

/** Counts an attempt on the pair and the address without refusing it: the attempt of a refusal whose transaction
 * rolled back its first count (password-recheck.ts). */
export async function countFailedAttempt(q: Queryable, username: string, address: string, now: Date): Promise<void> {
  await count(q, pairKey(username, address), now);
  await count(q, addressKey(address), now);
}

/** A checked password was wrong: lock a pair or address whose attempts are used up, each lock twice the last. */
export async function recordFailure(q: Queryable, username: string, address: string, now: Date): Promise<void> {
  await count(q, userKey(username), now);
  for (const [key, limit] of [
    [pairKey(username, address), PAIR_ATTEMPTS],
    [addressKey(address), ADDRESS_ATTEMPTS],
  ] as const) {
    await q.query(
      `update login_guards set failures = 0, window_start = $2, lock_level = lock_level + 1,
              locked_until = $2::timestamptz + make_interval(secs => least($4::int, $5::int * power(2, lock_level)::int))
        where key = $1 and failures >= $3 and (locked_until is null or locked_until <= $2)`,
      [key, now, limit, MAX_LOCK_S, FIRST_LOCK_S],
    );
  }
}

/** Whether this account has failed often enough lately that its next login must carry a captcha. */
export async function captchaRequired(q: Queryable, username: string, now: Date): Promise<boolean> {
  const [g] = await q.query<{ failures: number }>(
    'select failures from login_guards where key = $1 and window_start >= $2',
    [userKey(username), new Date(now.getTime() - WINDOW_S * 1000)],
  );
  return (g?.failures ?? 0) >= CAPTCHA_AFTER_FAILURES;
}

/** A successful login forgives the account (from this address, and its captcha requirement), and gives the address
 * back the attempt it reserved: only failures use up an address's budget, so a busy office is never locked out. */
export async function clearAccountFailures(q: Queryable, username: string, address: string): Promise<void> {
  await q.query('delete from login_guards where key = any($1::text[])', [
    [pairKey(username, address), userKey(username)],
  ]);
  await q.query('update login_guards set failures = greatest(failures - 1, 0) where key = $1', [addressKey(address)]);
}
