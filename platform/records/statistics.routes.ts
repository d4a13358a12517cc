import type { FastifyInstance } from 'fastify';
import { countryListEndpoint, dimeDownloadEndpoint, dimeListEndpoint, statisticsListEndpoint, type DimeRow } from '../../contract/endpoints/records.endpoints';
import { STAT_KINDS } from '../../contract/records.schema';
import type { CurrentUser } from '../auth/current-user';
import { scopeCusIds } from '../auth/scope';
import type { AppContext } from '../context';
import { authedRoute as route } from '../lists/read-route';
import { DIME_COLUMNS } from './columns';
import { pageOf, whereOf, type Filters } from '../lists/list-query';
import { RECORD_SOURCES, unionSql } from './sources';
import { labelOf } from './tenant-time';
import { sendXlsx } from '../lists/xlsx-export';

// Statistics tables, read from stat_rows (kept incrementally by the send pipeline and computed
// set-based by the record seeder), never by scanning mt_records. The time range selects gathering_time labels.

interface StatBody {
  cus_id?: string;
  prod_type?: number;
  countryCode?: string;
  startTime?: number;
  endTime?: number;
}

const statFilters: Filters<Record<string, unknown>> = {
  kind: { op: 'eq', column: 's.kind' },
  prod_type: { op: 'eq', column: 's.prod_type' },
  countryCode: { op: 'eq', column: 's.country_code' },
  fromLabel: { op: 'gte', column: 's.gathering_time' },
  toLabel: { op: 'lte', column: 's.gathering_time' },
};

/** The stat_rows filter of a request: the kind, and the range as labels of that kind's granularity. */
function statWhere(body: StatBody, user: CurrentUser, kind: (typeof STAT_KINDS)[number], dimension = 0) {
  const query = {
    kind,
    prod_type: kind === 'country' ? undefined : body.prod_type,
    countryCode: body.countryCode,
    fromLabel: body.startTime !== undefined ? labelOf(dimension, body.startTime) : undefined,
    toLabel: body.endTime !== undefined ? labelOf(dimension, body.endTime) : undefined,
  };
  return whereOf(RECORD_SOURCES.statistics, statFilters, query, user, scopeCusIds(user, body.cus_id));
}

/** Per-account totals of day rows over the range. */
async function dimeRows(ctx: AppContext, body: StatBody, user: CurrentUser, page?: { pageNumber: number; pageSize: number }) {
  const w = statWhere(body, user, 'day');
  const params = page ? [...w.params, page.pageSize, (page.pageNumber - 1) * page.pageSize] : w.params;
  const paging = page ? ` limit $${params.length - 1} offset $${params.length}` : '';
  const data = await ctx.db.query<DimeRow>(
    `select s.cus_id, a.cus_name, sum(s.sent_count)::int8 as sent_count, sum(s.success_count)::int8 as success_count,
            sum(s.failure_count)::int8 as failure_count, sum(s.unknown_count)::int8 as unknown_count,
            ${unionSql('sum(s.success_count)', 'sum(s.sent_count)')} as "successUnionStr",
            ${unionSql('sum(s.failure_count)', 'sum(s.sent_count)')} as "failureUnionStr",
            ${unionSql('sum(s.unknown_count)', 'sum(s.sent_count)')} as "unknownUnionStr"
       from ${RECORD_SOURCES.statistics.from} where ${w.sql} group by s.cus_id, a.cus_name order by s.cus_id${paging}`,
    params,
  );
  const [{ n }] = await ctx.db.query<{ n: number }>(
    `select count(distinct s.cus_id)::int8 as n from ${RECORD_SOURCES.statistics.from} where ${w.sql}`,
    w.params,
  );
  return { total: n, totalExact: true, data };
}

export function registerStatisticsRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, statisticsListEndpoint, async ({ body, user }) =>
    pageOf(ctx.db, RECORD_SOURCES.statistics, statWhere(body, user, STAT_KINDS[body.dimension], body.dimension), body),
  );
  route(app, ctx, countryListEndpoint, async ({ body, user }) => pageOf(ctx.db, RECORD_SOURCES.statistics, statWhere(body, user, 'country'), body));
  route(app, ctx, dimeListEndpoint, async ({ body, user }) => dimeRows(ctx, body, user, body));
  route(app, ctx, dimeDownloadEndpoint, async ({ body, user, lang, reply }) => {
    const { data } = await dimeRows(ctx, body, user);
    await sendXlsx(
      reply,
      lang,
      'account-statistics',
      DIME_COLUMNS,
      (async function* () {
        yield* data;
      })(),
    );
  });
}
