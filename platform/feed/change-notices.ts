import type { FeedResource } from '../../contract/endpoints/feed.endpoints';
import type { LoopHandle } from '../core/background-loop';
import type { AppContext } from '../core/context';
import { prepared, type Queryable } from '../db/db';
import { sharedListen } from '../db/shared-listen';

export const CHANGES_CHANNEL = 'changes';

/** Tells every instance (LISTEN 'changes') that `resource` changed for these accounts; call after the commit.
 * Payload: {"resource": FeedResource, "cus_ids": string[]} (PostgreSQL caps a payload at 8000 bytes; cus_ids are few). */
export async function notifyChanged(q: Queryable, resource: FeedResource, cusIds: string[]): Promise<void> {
  await tell(q, [resource], cusIds);
}

/** Several resources at once, never failing the caller: a lost notice only delays a pull. */
export async function notifyAll(q: Queryable, resources: FeedResource[], cusIds: string[]): Promise<void> {
  await tell(q, resources, cusIds).catch(() => undefined);
}

/** A notice per resource, all in one statement. */
async function tell(q: Queryable, resources: FeedResource[], cusIds: string[]): Promise<void> {
  const cus_ids = [...new Set(cusIds)];
  if (cus_ids.length === 0 || resources.length === 0) return;
  const payloads = resources.map((resource) => JSON.stringify({ resource, cus_ids }));
  await q.query(prepared`select pg_notify($1, p) from unnest($2::text[]) as p`, [CHANGES_CHANNEL, payloads]);
}

/** Nudges `loop` on every change notice (a send stored, a report written, a template submitted; on any instance with
 * PostgreSQL): work the loop has to do comes with one. Without the notices the loop still finds it within its rest. */
export function nudgeOnChanges(ctx: AppContext, loop: LoopHandle): void {
  sharedListen(ctx, CHANGES_CHANNEL, () => loop.nudge())().catch((err) =>
    ctx.log.warn({ err }, 'change notices not heard'),
  );
}
