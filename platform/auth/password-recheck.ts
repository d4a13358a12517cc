import type { Db } from '../db/db';
import type { ApiError } from '../http/api-error';
import type { CurrentUser } from '../core/current-user';
import { clearAccountFailures, countFailedAttempt, recordFailure, reserveAttempt } from './login-throttle';
import { verifyPassword } from './password';

/**
 * The login password asked again behind a session (showing or rotating the API secret, changing a password) is a
 * login of that user from this address to the throttle (login-throttle.ts): counted before it is checked, a wrong one
 * is a failure, a right one forgives. Otherwise a stolen session would let anyone guess the password without limit.
 * `refusal` is thrown for a wrong password; when the command runs in a transaction that the refusal rolls back (an
 * idempotent command), its count is made again after the rollback, so a fresh Idempotency-Key per guess wins nothing.
 */
export async function recheckPassword(
  db: Db,
  user: CurrentUser,
  address: string,
  password: string,
  now: Date,
  refusal: () => ApiError,
): Promise<void> {
  await reserveAttempt(db, user.username, address, now);
  const [u] = await db.query<{ password_hash: string }>('select password_hash from users where id = $1', [user.id]);
  if (u && (await verifyPassword(password, u.password_hash))) {
    await clearAccountFailures(db, user.username, address);
    return;
  }
  await recordFailure(db, user.username, address, now);
  const err = refusal();
  err.afterRollback = async () => {
    await countFailedAttempt(db, user.username, address, now);
    await recordFailure(db, user.username, address, now);
  };
  throw err;
}
