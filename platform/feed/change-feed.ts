import type { PullRequest } from '../../contract/endpoints/feed.endpoints';
import { safeChangeSeq } from '../db/change-seq';
import type { Queryable } from '../db/db';
import type { FeedSource } from './feed-source';

// The change feed over one resource, scoped to the caller's accounts. highWater is read first and
// bounds the pull, so a client that resumes from highWater never skips a row committed in between. It stays at or
// below the safe seq (db/change-seq.ts): a row with a lower seq whose transaction is still open on PostgreSQL would
// otherwise be passed over by a checkpoint set from a higher seq that committed first.
// Documents come back as JSON text (an array of contract documents) for the route to splice into its answer.

type Pull = Required<Pick<PullRequest, 'limit' | 'direction'>> &
  Pick<PullRequest, 'since'> & { checkpoint: { seq: number } | null };

export async function pullFeed(q: Queryable, s: FeedSource, req: Pull, scopeIds: string[]) {
  const safe = await safeChangeSeq(q);
  const top = await q.query<{ seq: number }>(
    `select ${s.alias}.seq from ${s.table} ${s.alias} where ${s.scope} = any($1::text[]) and ${s.alias}.seq <= $2 order by ${s.alias}.seq desc limit 1`,
    [scopeIds, safe],
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
  // The page's rows are picked from the table alone, walking the seq index, and joined afterwards: with the join
  // inside, the planner hash-joined every row below the checkpoint and sorted them (1M rows: seconds per page).
  // The count and the checkpoint come from the picked rows, so a row the join drops cannot end a backfill early.
  // PostgreSQL renders the page as JSON text: no per-row objects in Node, which is what keeps the feed fast.
  const base = `${s.table} ${s.alias}`;
  if (!s.from.startsWith(base)) throw new Error(`feed source ${s.table} must start from ${base}`);
  const [page] = await q.query<{ docs: string; n: number; last: number | null }>(
    `with picked as (select * from ${base} where ${s.scope} = any($1::text[]) and ${cond} order by ${s.alias}.seq ${order} limit $2)
     select (select count(*) from picked)::int8 as n, (select ${order === 'asc' ? 'max' : 'min'}(seq) from picked) as last,
            coalesce((select json_agg(d order by d.seq ${order}) from (select ${s.select} from picked ${s.alias}${s.from.slice(base.length)}) d)::text, '[]') as docs`,
    params,
  );
  return {
    documentsJson: page.docs,
    count: page.n,
    checkpoint: page.n === req.limit && page.last !== null ? { seq: page.last } : null,
    highWater,
  };
}
