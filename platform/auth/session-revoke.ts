import type { AppContext } from '../core/context';
import type { Queryable } from '../db/db';

// Ending sessions: the session rows go, and every instance is told (NOTIFY), so event streams opened with those
// sessions close at once wherever they are connected (platform/feed/feed.routes.ts).

export const SESSIONS_ENDED_CHANNEL = 'sessions_ended';
/** Token hashes are 64 hex characters; PostgreSQL caps a payload at 8000 bytes. */
const HASHES_PER_NOTICE = 100;

async function announce(q: Queryable, tokenHashes: string[]): Promise<void> {
  for (let i = 0; i < tokenHashes.length; i += HASHES_PER_NOTICE) {
    await q.query('select pg_notify($1, $2)', [
      SESSIONS_ENDED_CHANNEL,
      JSON.stringify(tokenHashes.slice(i, i + HASHES_PER_NOTICE)),
    ]);
  }
}

/** Logout: ends one session. */
export async function revokeSession(ctx: AppContext, tokenHash: string): Promise<void> {
  const rows = await ctx.db.query<{ token_hash: string }>(
    'delete from sessions where token_hash = $1 returning token_hash',
    [tokenHash],
  );
  await announce(
    ctx.db,
    rows.map((r) => r.token_hash),
  );
}

/** Ends every session of a user (password changed, account closed), except the one with `exceptTokenHash`. */
export async function revokeUserSessions(ctx: AppContext, userId: number, exceptTokenHash?: string): Promise<void> {
  const rows = await ctx.db.query<{ token_hash: string }>(
    'delete from sessions where user_id = $1 and token_hash <> $2 returning token_hash',
    [userId, exceptTokenHash ?? ''],
  );
  await announce(
    ctx.db,
    rows.map((r) => r.token_hash),
  );
}
