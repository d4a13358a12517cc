import type { FeedResource } from '../../contract/endpoints/feed.endpoints';
import type { Queryable } from '../db/db';

export const CHANGES_CHANNEL = 'changes';

/** Tells every instance (LISTEN 'changes') that `resource` changed for these accounts; call after the commit.
 * Payload: {"resource": FeedResource, "cus_ids": string[]} (PostgreSQL caps a payload at 8000 bytes; cus_ids are few). */
export async function notifyChanged(q: Queryable, resource: FeedResource, cusIds: string[]): Promise<void> {
  const cus_ids = [...new Set(cusIds)];
  if (cus_ids.length === 0) return;
  await q.query('select pg_notify($1, $2)', [CHANGES_CHANNEL, JSON.stringify({ resource, cus_ids })]);
}

/** Several resources at once, never failing the caller: a lost notice only delays a pull. */
export async function notifyAll(q: Queryable, resources: FeedResource[], cusIds: string[]): Promise<void> {
  for (const r of resources) await notifyChanged(q, r, cusIds).catch(() => undefined);
}
