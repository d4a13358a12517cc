import type { FastifyInstance } from 'fastify';
import type { Endpoint } from '../../contract/endpoint';
import {
  batchDownloadEndpoint,
  batchListEndpoint,
  batchMobileDownloadEndpoint,
  moRecordDownloadEndpoint,
  moRecordListEndpoint,
  mtRecordDownloadEndpoint,
  mtRecordListEndpoint,
  newMtRecordDownloadEndpoint,
  newMtRecordListEndpoint,
  queryReplyCountEndpoint,
} from '../../contract/endpoints/records.endpoints';
import {
  timeBatchListEndpoint,
  timeBatchMobileDownloadEndpoint,
  timeMtMessageListEndpoint,
} from '../../contract/endpoints/timed.endpoints';
import type { Batch, MtRecord } from '../../contract/records.schema';
import type { CurrentUser } from '../core/current-user';
import { readableCusIds, scopeCusIds } from '../auth/scope';
import type { AppContext } from '../core/context';
import { authedRoute as route } from '../lists/read-route';
import { batchColumns, MO_COLUMNS, mtColumns, TIME_MT_COLUMNS } from './columns';
import { columnsFor, outcomeTotals, recordSourceFor, refuseStatusFilter } from './client-status';
import { pageOf, rowsOf, textKeysOf, whereOf, type Filters } from '../lists/list-query';
import type { RecordFeed } from './sources';
import { batchSummary, replyCount } from './summaries';
import { sendXlsx, type Column } from '../lists/xlsx-export';

// Record lists and their downloads. Each list is a source plus a filter map; its download takes
// the same filters and streams the same rows. Visibility: scopeCusIds keeps cus_id to what the caller may see; a caller
// who may not see delivery outcomes is answered the withheld sources and columns of client-status.ts.

type AnyBody = Record<string, unknown> & { cus_id?: string };

export const mtFilters: Filters<AnyBody> = {
  prod_type: { op: 'eq', column: 'm.prod_type' },
  batch_id: { op: 'eq', column: 'm.batch_id' },
  decodeMobile: { op: 'prefix', column: 'm.mobile' },
  decodeContent: {
    op: 'contains',
    column: 'm.content',
    contentSearch: true,
    texts: { table: 'mt_contents', rows: 'mt_records', rowKey: 'content_key', key: 'm.content_key' },
  },
  mt_status: { op: 'eq', column: 'm.mt_status' },
  source: { op: 'eq', column: 'm.source' },
  month: { op: 'eq', column: 'm.month' },
  startTime: { op: 'from', column: 'm.receive_time' },
  endTime: { op: 'to', column: 'm.receive_time' },
};
export const moFilters: Filters<AnyBody> = {
  prod_type: { op: 'eq', column: 'o.prod_type' },
  src_calling_number: { op: 'prefix', column: 'o.src_calling_number' },
  decodeMobile: { op: 'prefix', column: 'o.mobile' },
  decodeContent: { op: 'contains', column: 'o.content', contentSearch: true },
  startTime: { op: 'from', column: 'o.deliver_time' },
  endTime: { op: 'to', column: 'o.deliver_time' },
};
const timeMtFilters: Filters<AnyBody> = {
  time_batch: { op: 'eq', column: 'tm.time_batch' },
  decodeMobile: { op: 'prefix', column: 'tm.mobile' },
  send_status: { op: 'eq', column: 'tm.send_status' },
  startTime: { op: 'from', column: 'tm.create_time' },
  endTime: { op: 'to', column: 'tm.create_time' },
};
const timeBatchFilters: Filters<AnyBody> = {
  send_status: { op: 'eq', column: 'tb.send_status' },
  time_batch: { op: 'eq', column: 'tb.time_batch' },
  decodeContent: { op: 'contains', column: 'tb.content', contentSearch: true },
  startTime: { op: 'from', column: 'tb.create_time' },
  endTime: { op: 'to', column: 'tb.create_time' },
};
export const batchFilters: Filters<AnyBody> = {
  prod_type: { op: 'eq', column: 'b.prod_type' },
  batch_type: { op: 'eq', column: 'b.batch_type' },
  batch_id: { op: 'eq', column: 'b.batch_id' },
  startTime: { op: 'from', column: 'b.create_time' },
  endTime: { op: 'to', column: 'b.create_time' },
};

interface Listing {
  resource: RecordFeed;
  filters: Filters<AnyBody>;
}

/** The source and filter of a listing as this caller is answered it. */
async function queryOf(ctx: AppContext, user: CurrentUser, { resource, filters }: Listing, b: AnyBody) {
  refuseStatusFilter(user, b);
  const source = recordSourceFor(user, resource);
  const scope = scopeCusIds(user, b.cus_id);
  const textKeys = await textKeysOf(ctx.db, filters, b, user, scope);
  return { source, where: whereOf(source, filters, b, user, scope, textKeys) };
}

function list(app: FastifyInstance, ctx: AppContext, endpoint: Endpoint, listing: Listing): void {
  route(app, ctx, endpoint, async ({ body, user }) => {
    const b = body as AnyBody & { pageNumber: number; pageSize: number };
    const { source, where } = await queryOf(ctx, user, listing, b);
    return pageOf(ctx.db, source, where, b);
  });
}

function download<R>(
  app: FastifyInstance,
  ctx: AppContext,
  endpoint: Endpoint,
  name: string,
  listing: Listing,
  columns: (lang: 'zh' | 'en', body: AnyBody) => Column<R>[],
): void {
  route(app, ctx, endpoint, async ({ body, user, lang, reply }) => {
    const b = body as AnyBody;
    const { source, where } = await queryOf(ctx, user, listing, b);
    await sendXlsx(reply, lang, name, columnsFor(user, columns(lang, b)), (signal) =>
      rowsOf<R>(ctx.db, source, where, { signal }),
    );
  });
}

export function registerRecordRoutes(app: FastifyInstance, ctx: AppContext): void {
  const mt: Listing = { resource: 'mtRecord', filters: mtFilters };
  const mo: Listing = { resource: 'moRecord', filters: moFilters };
  const timeMt: Listing = { resource: 'timeMtMessage', filters: timeMtFilters };
  const batches: Listing = { resource: 'batch', filters: batchFilters };
  const mtCols = (lang: 'zh' | 'en', b: AnyBody) => mtColumns(lang, Number(b.prod_type ?? 0));

  list(app, ctx, mtRecordListEndpoint, mt);
  download<MtRecord>(app, ctx, mtRecordDownloadEndpoint, 'mt-records', mt, mtCols);
  list(app, ctx, newMtRecordListEndpoint, mt);
  download<MtRecord>(app, ctx, newMtRecordDownloadEndpoint, 'mt-records', mt, mtCols);
  list(app, ctx, moRecordListEndpoint, mo);
  download(app, ctx, moRecordDownloadEndpoint, 'mo-records', mo, () => MO_COLUMNS);
  list(app, ctx, timeMtMessageListEndpoint, timeMt);
  list(app, ctx, timeBatchListEndpoint, { resource: 'timeBatch', filters: timeBatchFilters });
  download(app, ctx, timeBatchMobileDownloadEndpoint, 'timed-numbers', timeMt, () => TIME_MT_COLUMNS);
  download<MtRecord>(app, ctx, batchMobileDownloadEndpoint, 'batch-numbers', mt, (lang) => mtColumns(lang, 0));
  download<Batch>(app, ctx, batchDownloadEndpoint, 'batches', batches, (_lang, b) =>
    batchColumns(Number(b.prod_type ?? 0)),
  );

  route(app, ctx, batchListEndpoint, async ({ body, user }) => {
    const { source, where } = await queryOf(ctx, user, batches, body);
    const [page, summary] = await Promise.all([
      pageOf<Batch>(ctx.db, source, where, body),
      batchSummary(ctx.db, where),
    ]);
    return { ...page, summary: outcomeTotals(user, summary) };
  });

  route(app, ctx, queryReplyCountEndpoint, async ({ body, user }) => {
    return {
      batch_id: body.batch_id,
      replyCount: await replyCount(ctx.db, body.batch_id, readableCusIds(user, 'data')),
    };
  });
}
