import type { Queryable } from '../db/db';
import { ApiError } from '../http/api-error';

// Failed password logins are rows in login_failures, so every instance sees the same counts (DESIGN.md §3).
export const THROTTLE_WINDOW_S = 15 * 60;
export const MAX_FAILURES_PER_ACCOUNT = 5;
export const MAX_FAILURES_PER_ADDRESS = 20;

/** Throws 429 when the account or the address has used up its failures in the window. */
export async function assertNotThrottled(q: Queryable, username: string, address: string, now: Date): Promise<void> {
  const since = new Date(now.getTime() - THROTTLE_WINDOW_S * 1000);
  const [r] = await q.query<{ by_user: number; by_address: number; oldest_user: Date | null; oldest_address: Date | null }>(
    `select (select count(*)::int from login_failures where username = $1 and not forgiven and at > $3) as by_user,
            (select count(*)::int from login_failures where address = $2 and at > $3) as by_address,
            (select min(at) from (select at from login_failures where username = $1 and not forgiven and at > $3 order by at desc limit $4) t) as oldest_user,
            (select min(at) from (select at from login_failures where address = $2 and at > $3 order by at desc limit $5) t) as oldest_address`,
    [username.toLowerCase(), address, since, MAX_FAILURES_PER_ACCOUNT, MAX_FAILURES_PER_ADDRESS],
  );
  const blockedSince = [r.by_user >= MAX_FAILURES_PER_ACCOUNT && r.oldest_user, r.by_address >= MAX_FAILURES_PER_ADDRESS && r.oldest_address]
    .filter((d): d is Date => d instanceof Date)
    .map((d) => d.getTime());
  if (blockedSince.length === 0) return;
  // Unblocked when the oldest of the counted failures leaves the window.
  const waitS = Math.max(...blockedSince.map((t) => t + THROTTLE_WINDOW_S * 1000 - now.getTime())) / 1000;
  throw new ApiError(429, 'login.locked', { minutes: Math.max(1, Math.ceil(waitS / 60)) });
}

export async function recordFailure(q: Queryable, username: string, address: string, now: Date): Promise<void> {
  await q.query('insert into login_failures(username, address, at) values ($1, $2, $3)', [username.toLowerCase(), address, now]);
  // Old rows are no longer counted; drop them as we go.
  await q.query('delete from login_failures where at < $1', [new Date(now.getTime() - 2 * THROTTLE_WINDOW_S * 1000)]);
}

/** A successful login forgives the account's earlier failures (the address keeps its count). */
export async function clearAccountFailures(q: Queryable, username: string): Promise<void> {
  await q.query('update login_failures set forgiven = true where username = $1 and not forgiven', [username.toLowerCase()]);
}
