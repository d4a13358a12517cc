import { createHash, randomBytes } from 'node:crypto';
import { STREAM_TICKET_TTL_S } from '../../contract/endpoints/feed.endpoints';
import type { Queryable } from '../db/db';

// A stream is opened with a short-lived single-use ticket rather than the bearer token, which an EventSource would
// have to carry in its URL. Only the ticket's hash is stored.

const sha256 = (v: string) => createHash('sha256').update(v).digest('hex');

/** A new ticket for the session of `tokenHash`; expired tickets go first. */
export async function issueStreamTicket(q: Queryable, tokenHash: string, now: Date): Promise<string> {
  const ticket = randomBytes(32).toString('base64url');
  await q.query('delete from stream_tickets where expires_at < $1', [now]);
  await q.query('insert into stream_tickets(ticket_hash, token_hash, expires_at) values ($1, $2, $3)', [
    sha256(ticket),
    tokenHash,
    new Date(now.getTime() + STREAM_TICKET_TTL_S * 1000),
  ]);
  return ticket;
}

/** The session's token hash a ticket was issued for, or null when unknown or expired. Single use: the ticket row goes
 * as it is read. */
export async function redeemStreamTicket(q: Queryable, ticket: string, now: Date): Promise<string | null> {
  const [t] = await q.query<{ token_hash: string; expires_at: Date }>(
    'delete from stream_tickets where ticket_hash = $1 returning token_hash, expires_at',
    [sha256(ticket)],
  );
  return t && t.expires_at.getTime() > now.getTime() ? t.token_hash : null;
}
