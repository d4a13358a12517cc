import { createHash, randomBytes } from 'node:crypto';
import { TOKEN_LIFETIME_S } from '../../contract/constants';
import type { Queryable } from '../db/db';

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Issues an opaque random token; only its hash is stored. */
export async function issueToken(
  q: Queryable,
  userId: number,
  now: Date,
): Promise<{ token: string; datetime: number; expiresInS: number }> {
  const token = randomBytes(32).toString('base64url');
  const expires = new Date(now.getTime() + TOKEN_LIFETIME_S * 1000);
  await q.query('insert into sessions(token_hash, user_id, issued_at, expires_at) values ($1, $2, $3, $4)', [
    hashToken(token),
    userId,
    now,
    expires,
  ]);
  return { token, datetime: now.getTime(), expiresInS: TOKEN_LIFETIME_S };
}

export function bearerOf(header: string | undefined): string | null {
  if (!header) return null;
  const m = /^Bearer\s+(\S+)$/i.exec(header.trim());
  return m ? m[1] : null;
}
