import type { FastifyInstance } from 'fastify';
import { ulid } from 'ulid';
import type { z } from 'zod';
import {
  aimMaterialDeleteEndpoint,
  aimMaterialListEndpoint,
  aimOnlineMobileCheckEndpoint,
  aimTemplateListEndpoint,
  batchCheckEndpoint,
  mobileBlackStatisticsEndpoint,
  numberPortingStatisticsEndpoint,
  numberStatusBatchListEndpoint,
  numberStatusDownloadEndpoint,
  numberStatusStatisticsEndpoint,
  NUMBER_STATUSES,
  numberStatusBatchSchema,
  numberStatusCustomerListEndpoint,
  onlineCheckEndpoint,
  queryRatioRowSchema,
} from '../../contract/endpoints/number-check.endpoints';
import type { CurrentUser } from '../auth/current-user';
import { canSee, readableCusIds, scopeCusIdsMatching } from '../auth/scope';
import type { AppContext } from '../context';
import { badRequest, notFound } from '../http/api-error';
import { authedRoute as route } from '../lists/read-route';
import { route as commandRoute } from '../http/route';
import { ms, Where } from '../lists/list-query';
import { NUMBER_STATUS_LABEL, numberStatusOf } from '../records/number-status';
import { TENANT_TZ } from '../records/tenant-time';
import { sendXlsx } from '../lists/xlsx-export';
import { findFile, readFileBytes } from '../library/files';
import { SheetError } from '../library/sheet-errors';
import { sheetRows } from '../library/sheets';
import { countStatuses } from './number-check.worker';

// Number checks: status checks recorded as batches, their statistics, AIM materials and templates,
// number-porting and blacklist statistics. All reads are scoped to the caller's visible accounts.

export const MAX_CHECK_NUMBERS = 100_000;

interface Page {
  pageNumber: number;
  pageSize: number;
}
interface Scoped {
  cus_id?: string;
  startTime?: number;
  endTime?: number;
}

/** Scope and time range on a table with cus_id and create_time (alias t). */
function scopedWhere(user: CurrentUser, body: Scoped): Where {
  const w = new Where();
  w.add(`t.cus_id = any(${w.bind(scopeCusIdsMatching(user, body.cus_id))}::text[])`);
  if (body.startTime !== undefined) w.add(`t.create_time >= ${w.bind(new Date(body.startTime))}`);
  if (body.endTime !== undefined) w.add(`t.create_time <= ${w.bind(new Date(body.endTime))}`);
  return w;
}

/** A page of `select` over `from` (grouped or not) with its exact total. */
async function page<T>(ctx: AppContext, sql: { select: string; from: string; groupBy?: string; order: string }, w: Where, p: Page) {
  const group = sql.groupBy ? ` group by ${sql.groupBy}` : '';
  const params = [...w.params, p.pageSize, (p.pageNumber - 1) * p.pageSize];
  const data = await ctx.db.query<T>(
    `select ${sql.select} from ${sql.from} where ${w.sql}${group} order by ${sql.order} limit $${params.length - 1} offset $${params.length}`,
    params,
  );
  const [{ n }] = await ctx.db.query<{ n: number }>(`select count(*)::int8 as n from (select 1 from ${sql.from} where ${w.sql}${group}) c`, w.params);
  return { total: n, totalExact: true, data };
}

/** gathering_time of a row: the day, month or year of create_time in the tenant's time zone (dimension 0, 1, 2). */
const LABEL_FORMATS = ['YYYY-MM-DD', 'YYYY-MM', 'YYYY'];
const labelSql = (dimension = 0) => `to_char(t.create_time at time zone '${TENANT_TZ}', '${LABEL_FORMATS[dimension] ?? LABEL_FORMATS[0]}')`;

function ratioStatistics(kind: 'porting' | 'black') {
  return async (ctx: AppContext, user: CurrentUser, body: Scoped & Page & { dimension: number }) => {
    const dayLabel = labelSql(body.dimension);
    const w = scopedWhere(user, body);
    w.add(`t.kind = ${w.bind(kind)}`);
    return page<z.infer<typeof queryRatioRowSchema>>(
      ctx,
      {
        select: `${dayLabel} as gathering_time, t.cus_id, a.cus_name, count(*)::int8 as request_count,
          count(*) filter (where t.success)::int8 as success_count, count(*) filter (where not t.success)::int8 as failure_count,
          round(count(*) filter (where t.success) * 100.0 / count(*), 2)::float8 as "successRatio",
          round(count(*) filter (where not t.success) * 100.0 / count(*), 2)::float8 as "failureRatio"`,
        from: 'number_queries t join accounts a on a.cus_id = t.cus_id',
        groupBy: `${dayLabel}, t.cus_id, a.cus_name`,
        order: 'gathering_time desc, t.cus_id',
      },
      w,
      body,
    );
  };
}

/** The numbers of an uploaded sheet: first column, rows after the header, blanks skipped. */
async function sheetMobiles(ctx: AppContext, user: CurrentUser, fileId: string): Promise<string[]> {
  const file = await findFile(ctx.db, fileId, readableCusIds(user, 'data'));
  if (!file) throw badRequest('numberCheck.fileRequired', {}, 'fileId');
  const out: string[] = [];
  try {
    for await (const r of sheetRows(await readFileBytes(ctx, file))) {
      const cell = (r.cells[0] ?? '').trim();
      if (r.row === 1 && !/\d{5,}/.test(cell)) continue;
      if (cell) out.push(cell.replace(/\s+/g, ''));
      if (out.length > MAX_CHECK_NUMBERS) break;
    }
  } catch (err) {
    if (err instanceof SheetError && err.reason === 'tooComplex') throw badRequest('library.uploadTooComplex', {}, 'fileId');
    throw badRequest('numberCheck.badFile', {}, 'fileId');
  }
  return out;
}

/** Unique numbers of a check, refused when empty or above the limit. */
function checkList(mobiles: string[]): string[] {
  const unique = [...new Set(mobiles)];
  if (unique.length === 0) throw badRequest('numberCheck.noMobile', {}, 'mobiles');
  if (unique.length > MAX_CHECK_NUMBERS) throw badRequest('numberCheck.tooMany', { max: MAX_CHECK_NUMBERS }, 'mobiles');
  return unique;
}

const BATCH_SELECT = `t.batch_id, t.batch_name, t.cus_id, t.batch_count, t.invalid_count, t.real_count, t.dead_count, t.down_count, t.not_count,
  t.silence_count, t.danger_count, ${ms('t.create_time')} as create_time, t.status,
  case when t.status = 1 then t.batch_count else t.checked_count end as checked_count`;

/** `worker` checks accepted batches in the background; a new batch wakes it. */
export function registerNumberCheckRoutes(app: FastifyInstance, ctx: AppContext, worker: { wake: () => void }): void {
  const ownAccount = (user: CurrentUser, cusId?: string) => (cusId && canSee(user, cusId, 'data') ? cusId : user.cus_id);

  /** Records a batch: done at once (counts given) or to be checked by the worker. */
  async function insertBatch(cusId: string, name: string | undefined, mobiles: string[], counts: ReturnType<typeof countStatuses> | null) {
    const createTime = ctx.now();
    const batchId = ulid();
    const c = counts ?? countStatuses([]);
    await ctx.db.tx(async (q) => {
      await q.query(
        `insert into number_status_batches(batch_id, cus_id, batch_name, batch_count, invalid_count, real_count, dead_count, down_count, not_count,
           silence_count, danger_count, create_time, status, checked_count) values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)`,
        [
          batchId,
          cusId,
          name || `${createTime.toISOString().slice(0, 10)}-${mobiles.length}`,
          mobiles.length,
          c.invalid,
          c.real,
          c.dead,
          c.down,
          c.not,
          c.silence,
          c.danger,
          createTime,
          counts ? 1 : 0,
          counts ? mobiles.length : 0,
        ],
      );
      await q.query('insert into number_status_numbers(batch_id, mobiles) values ($1, $2)', [batchId, mobiles]);
    });
    const [batch] = await ctx.db.query<z.infer<typeof numberStatusBatchSchema>>(`select ${BATCH_SELECT} from number_status_batches t where t.batch_id = $1`, [
      batchId,
    ]);
    return batch;
  }

  route(app, ctx, onlineCheckEndpoint, async ({ body, user }) => {
    const mobiles = checkList(body.mobiles);
    const results = mobiles.map((mobile) => ({ mobile, status: numberStatusOf(mobile) }));
    const batch = await insertBatch(ownAccount(user, body.cus_id), body.batch_name, mobiles, countStatuses(mobiles));
    return { ...batch, results };
  });

  // a command of the console's outbox: Idempotency-Key makes a retried push accept the batch once
  commandRoute(
    app,
    ctx,
    batchCheckEndpoint,
    async ({ body, user, message }) => {
      const caller = user!;
      if (!body.fileId && !body.mobiles) throw badRequest('numberCheck.fileRequired', {}, 'fileId');
      const mobiles = checkList(body.fileId ? await sheetMobiles(ctx, caller, body.fileId) : (body.mobiles ?? []));
      const batch = await insertBatch(ownAccount(caller, body.cus_id), body.batch_name, mobiles, null);
      worker.wake();
      message('numberCheck.started');
      return batch;
    },
    { idempotent: true },
  );

  route(app, ctx, numberStatusDownloadEndpoint, async ({ body, user, lang, reply }) => {
    const [row] = await ctx.db.query<{ mobiles: string[] }>(
      `select n.mobiles from number_status_numbers n join number_status_batches b on b.batch_id = n.batch_id
        where n.batch_id = $1 and b.cus_id = any($2::text[])`,
      [body.batch_id, readableCusIds(user, 'data')],
    );
    if (!row) throw notFound('numberCheck.batchNotFound');
    await sendXlsx(
      reply,
      lang,
      'number-check',
      [
        { label: { zh: '手机号码', en: 'Phone number' }, value: 'mobile' },
        { label: { zh: '状态', en: 'Status' }, value: 'status' },
      ],
      (async function* () {
        for (const mobile of row.mobiles) yield { mobile, status: NUMBER_STATUS_LABEL[numberStatusOf(mobile)][lang] };
      })(),
    );
  });

  route(app, ctx, numberStatusBatchListEndpoint, async ({ body, user }) => {
    const w = scopedWhere(user, body);
    if (body.batch_name) w.add(`strpos(t.batch_name, ${w.bind(body.batch_name)}) > 0`);
    return page(
      ctx,
      {
        select: BATCH_SELECT,
        from: 'number_status_batches t',
        order: 't.create_time desc, t.batch_id desc',
      },
      w,
      body,
    );
  });

  route(app, ctx, numberStatusStatisticsEndpoint, async ({ body, user }) => {
    const dayLabel = labelSql(body.dimension);
    return page(
      ctx,
      {
        select: `${dayLabel} as gathering_time, t.cus_id, a.cus_name, sum(t.batch_count)::int8 as request_count,
          sum(t.batch_count - t.invalid_count)::int8 as success_count, sum(t.invalid_count)::int8 as failure_count,
          ${NUMBER_STATUSES.map((s) => `sum(t.${s}_count)::int8 as ${s}_count`).join(', ')}`,
        from: 'number_status_batches t join accounts a on a.cus_id = t.cus_id',
        groupBy: `${dayLabel}, t.cus_id, a.cus_name`,
        order: 'gathering_time desc, t.cus_id',
      },
      // a batch still being checked counts once it is done
      scopedWhere(user, body).add('t.status = 1'),
      body,
    );
  });

  route(app, ctx, numberStatusCustomerListEndpoint, async ({ body, user }) =>
    page(
      ctx,
      {
        select: `t.cus_id, a.cus_name, count(*)::int8 as batch_total, sum(t.batch_count)::int8 as request_count,
          sum(t.batch_count - t.invalid_count)::int8 as success_count, sum(t.invalid_count)::int8 as failure_count,
          ${NUMBER_STATUSES.map((s) => `sum(t.${s}_count)::int8 as ${s}_count`).join(', ')}, ${ms('max(t.create_time)')} as last_time`,
        from: 'number_status_batches t join accounts a on a.cus_id = t.cus_id',
        groupBy: 't.cus_id, a.cus_name',
        order: 'max(t.create_time) desc, t.cus_id',
      },
      scopedWhere(user, body).add('t.status = 1'),
      body,
    ),
  );

  const porting = ratioStatistics('porting');
  const black = ratioStatistics('black');
  route(app, ctx, numberPortingStatisticsEndpoint, async ({ body, user }) => porting(ctx, user, body));
  route(app, ctx, mobileBlackStatisticsEndpoint, async ({ body, user }) => black(ctx, user, body));

  route(app, ctx, aimMaterialListEndpoint, async ({ body, user }) => {
    const w = scopedWhere(user, body);
    if (body.name) w.add(`strpos(t.name, ${w.bind(body.name)}) > 0`);
    return page(
      ctx,
      {
        select: `t.material_id, t.cus_id, t.name, t.media_type, t.size, ${ms('t.create_time')} as create_time`,
        from: 'aim_materials t',
        order: 't.create_time desc, t.material_id',
      },
      w,
      body,
    );
  });
  commandRoute(
    app,
    ctx,
    aimMaterialDeleteEndpoint,
    async ({ body, user, message }) => {
      const gone = await ctx.db.query('delete from aim_materials where material_id = $1 and cus_id = any($2::text[]) returning material_id', [
        body.material_id,
        readableCusIds(user!, 'data'),
      ]);
      if (gone.length === 0) throw notFound('aim.materialNotFound');
      message('common.deleted');
      return { material_id: body.material_id };
    },
    { idempotent: true },
  );
  route(app, ctx, aimTemplateListEndpoint, async ({ body, user }) => {
    const w = scopedWhere(user, body);
    if (body.template_name) w.add(`strpos(t.template_name, ${w.bind(body.template_name)}) > 0`);
    return page(
      ctx,
      {
        select: `t.template_id, t.cus_id, t.template_name, t.content, t.status, ${ms('t.create_time')} as create_time`,
        from: 'aim_templates t',
        order: 't.create_time desc, t.template_id',
      },
      w,
      body,
    );
  });
  route(app, ctx, aimOnlineMobileCheckEndpoint, async ({ body, lang, reply }) => {
    const mobiles = [...new Set(body.mobiles)];
    if (mobiles.length === 0) throw badRequest('numberCheck.noMobile', {}, 'mobiles');
    if (mobiles.length > MAX_CHECK_NUMBERS) throw badRequest('numberCheck.tooMany', { max: MAX_CHECK_NUMBERS }, 'mobiles');
    const rows = mobiles.map((mobile) => ({ mobile, status: NUMBER_STATUS_LABEL[numberStatusOf(mobile)][lang] }));
    await sendXlsx(
      reply,
      lang,
      'aim-check',
      [
        { label: { zh: '手机号码', en: 'Phone number' }, value: 'mobile' },
        { label: { zh: '状态', en: 'Status' }, value: 'status' },
      ],
      (async function* () {
        yield* rows;
      })(),
    );
  });
}
