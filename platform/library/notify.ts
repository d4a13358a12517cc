import type { Queryable } from '../db/db';
import { CHANGES_CHANNEL } from '../feed/change-notices';

/** The "changed" notice of feed/change-notices.ts for a library feed (contract LIBRARY_FEEDS); never fails the caller. */
export async function notifyLibrary(q: Queryable, resource: string, cusIds: string[]): Promise<void> {
  const cus_ids = [...new Set(cusIds)];
  if (cus_ids.length === 0) return;
  await q
    .query('select pg_notify($1, $2)', [CHANGES_CHANNEL, JSON.stringify({ resource, cus_ids })])
    .catch(() => undefined);
}
