import type { FeedResource, PullRequest } from '../../contract/endpoints/feed.endpoints';
import type { Queryable } from '../db/db';
import { SOURCES } from './sources';

// The change feed of DESIGN.md §2 over one resource, scoped to the caller's accounts. highWater is read first and
// bounds a forward pull, so a client that resumes from highWater never skips a row committed in between.

type Pull = Required<Pick<PullRequest, 'limit' | 'direction'>> & Pick<PullRequest, 'since'> & { checkpoint: { seq: number } | null };

export async function pullFeed(q: Queryable, resource: FeedResource, req: Pull, scopeIds: string[]) {
  const s = SOURCES[resource];
  const top = await q.query<{ seq: number }>(
    `select ${s.alias}.seq from ${s.table} ${s.alias} where ${s.scope} = any($1::text[]) order by ${s.alias}.seq desc limit 1`,
    [scopeIds],
  );
  const highWater = top[0]?.seq ?? 0;
  const params: unknown[] = [scopeIds, req.limit];
  const bind = (v: unknown) => `$${params.push(v)}`;
  let cond: string;
  let order: string;
  if (req.direction === 'forward') {
    cond = `${s.alias}.seq > ${bind(req.checkpoint?.seq ?? 0)} and ${s.alias}.seq <= ${bind(highWater)}`;
    order = 'asc';
  } else {
    cond = `${s.alias}.seq ${req.checkpoint ? `< ${bind(req.checkpoint.seq)}` : `<= ${bind(highWater)}`}`;
    if (req.since !== undefined) cond += ` and ${s.horizon} >= ${bind(new Date(req.since))}`;
    order = 'desc';
  }
  const documents = await q.query<{ seq: number }>(
    `select ${s.select} from ${s.from} where ${s.scope} = any($1::text[]) and ${cond} order by ${s.alias}.seq ${order} limit $2`,
    params,
  );
  const last = documents[documents.length - 1];
  return { documents, checkpoint: documents.length === req.limit && last ? { seq: last.seq } : null, highWater };
}
