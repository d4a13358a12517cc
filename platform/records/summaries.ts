import type { z } from 'zod';
import { batchListEndpoint, type DimeRow } from '../../contract/endpoints/records.endpoints';
import type { Queryable } from '../db/db';
import type { Where } from '../lists/list-query';
import { RECORD_SOURCES, unionSql } from './sources';

// Totals beside the record lists: the counts of the batches a filter matches, the replies to a send, and the
// per-account totals of the day statistics.

/** Receive, pending, sent and report counts over every batch w matches (batch source, alias b). */
export async function batchSummary(q: Queryable, w: Where) {
  const [summary] = await q.query<z.output<typeof batchListEndpoint.response>['summary']>(
    `select coalesce(sum(b.receive_count), 0)::int8 as receive, coalesce(sum(greatest(b.receive_count - b.sent_count, 0)), 0)::int8 as pending,
                coalesce(sum(b.sent_count), 0)::int8 as sent, coalesce(sum(b.success_count), 0)::int8 as success,
                coalesce(sum(b.failure_count), 0)::int8 as failure, coalesce(sum(b.unknown_count), 0)::int8 as unknown
           from ${RECORD_SOURCES.batch.from} where ${w.sql}`,
    w.params,
  );
  return summary;
}

/** The live uplinks answering a send of one of cusIds. */
export async function replyCount(q: Queryable, batchId: string, cusIds: string[]): Promise<number> {
  const [{ n }] = await q.query<{ n: number }>(
    'select count(*)::int8 as n from mo_records where batch_id = $1 and cus_id = any($2::text[]) and deleted = false',
    [batchId, cusIds],
  );
  return n;
}

/** The outcome columns of the per-account totals (client-status.ts has their withheld form). */
export const DIME_OUTCOME_COLS = `sum(s.success_count)::int8 as success_count, sum(s.failure_count)::int8 as failure_count,
            sum(s.unknown_count)::int8 as unknown_count, ${unionSql('sum(s.success_count)', 'sum(s.sent_count)')} as "successUnionStr",
            ${unionSql('sum(s.failure_count)', 'sum(s.sent_count)')} as "failureUnionStr",
            ${unionSql('sum(s.unknown_count)', 'sum(s.sent_count)')} as "unknownUnionStr"`;

/** Per-account totals of the day rows w matches (statistics source, alias s); `page` absent for every account. */
export async function dimeTotals(
  q: Queryable,
  w: Where,
  page?: { pageNumber: number; pageSize: number },
  outcome = DIME_OUTCOME_COLS,
) {
  const params = page ? [...w.params, page.pageSize, (page.pageNumber - 1) * page.pageSize] : w.params;
  const paging = page ? ` limit $${params.length - 1} offset $${params.length}` : '';
  const data = await q.query<DimeRow>(
    `select s.cus_id, a.cus_name, sum(s.sent_count)::int8 as sent_count, ${outcome}
       from ${RECORD_SOURCES.statistics.from} where ${w.sql} group by s.cus_id, a.cus_name order by s.cus_id${paging}`,
    params,
  );
  const [{ n }] = await q.query<{ n: number }>(
    `select count(distinct s.cus_id)::int8 as n from ${RECORD_SOURCES.statistics.from} where ${w.sql}`,
    w.params,
  );
  return { total: n, totalExact: true, data };
}
