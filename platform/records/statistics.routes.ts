import type { FastifyInstance } from 'fastify';
import {
  countryListEndpoint,
  dimeDownloadEndpoint,
  dimeListEndpoint,
  statisticsListEndpoint,
} from '../../contract/endpoints/records.endpoints';
import { STAT_KINDS } from '../../contract/records.schema';
import type { CurrentUser } from '../core/current-user';
import { scopeCusIds } from '../auth/scope';
import type { AppContext } from '../core/context';
import { authedRoute as route } from '../lists/read-route';
import { columnsFor, dimeOutcomeFor, recordSourceFor } from './client-status';
import { DIME_COLUMNS } from './columns';
import { pageOf, whereOf, type Filters } from '../lists/list-query';
import { RECORD_SOURCES } from './sources';
import { dimeTotals } from './summaries';
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
async function dimeRows(
  ctx: AppContext,
  body: StatBody,
  user: CurrentUser,
  page?: { pageNumber: number; pageSize: number },
) {
  const w = statWhere(body, user, 'day');
  return dimeTotals(ctx.db, w, page, dimeOutcomeFor(user));
}

export function registerStatisticsRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, statisticsListEndpoint, async ({ body, user }) =>
    pageOf(
      ctx.db,
      recordSourceFor(user, 'statistics'),
      statWhere(body, user, STAT_KINDS[body.dimension], body.dimension),
      body,
    ),
  );
  route(app, ctx, countryListEndpoint, async ({ body, user }) =>
    pageOf(ctx.db, recordSourceFor(user, 'statistics'), statWhere(body, user, 'country'), body),
  );
  route(app, ctx, dimeListEndpoint, async ({ body, user }) => dimeRows(ctx, body, user, body));
  route(app, ctx, dimeDownloadEndpoint, async ({ body, user, lang, reply }) => {
    const { data } = await dimeRows(ctx, body, user);
    await sendXlsx(
      reply,
      lang,
      'account-statistics',
      columnsFor(user, DIME_COLUMNS),
      (async function* () {
        yield* data;
      })(),
    );
  });
}
