import type { Queryable } from '../db/db';

// A send honours the caller's Idempotency-Key: the key is claimed in the transaction that charges, so a rerun of the
// same request answers the first run's result and is charged once.

/** Claims a caller's key for a send in its charging transaction: null when claimed now, else the answer of the run
 * that claimed it first (a rerun after that run was cut short; on PostgreSQL a concurrent one waits for its commit). */
export async function claimSendKey<T>(q: Queryable, userId: number, key: string, answer: T): Promise<T | null> {
  const claimed = await q.query(
    'insert into send_requests (user_id, idem_key, answer) values ($1, $2, $3) on conflict do nothing returning user_id',
    [userId, key, JSON.stringify(answer)],
  );
  if (claimed.length > 0) return null;
  const [row] = await q.query<{ answer: T }>('select answer from send_requests where user_id = $1 and idem_key = $2', [
    userId,
    key,
  ]);
  return row.answer;
}

/** Replaces the answer a key was claimed with in the same transaction (a send's count changed after its claim). */
export async function updateSendKey<T>(q: Queryable, userId: number, key: string, answer: T): Promise<void> {
  await q.query('update send_requests set answer = $3 where user_id = $1 and idem_key = $2', [
    userId,
    key,
    JSON.stringify(answer),
  ]);
}
