import type { FastifyInstance } from 'fastify';
import { ulid } from 'ulid';
import type { z } from 'zod';
import {
  aimMaterialDeleteEndpoint,
  aimMaterialListEndpoint,
  aimOnlineMobileCheckEndpoint,
  aimTemplateListEndpoint,
  mobileBlackStatisticsEndpoint,
  numberPortingStatisticsEndpoint,
  numberStatusBatchListEndpoint,
  numberStatusStatisticsEndpoint,
  NUMBER_STATUSES,
  onlineCheckEndpoint,
  queryRatioRowSchema,
} from '../../contract/endpoints/number-check.endpoints';
import { scopeCusIds, type CurrentUser } from '../auth/current-user';
import type { AppContext } from '../context';
import { badRequest, notFound } from '../http/api-error';
import { authedRoute as route } from '../records/read-route';
import { ms, Where } from '../records/list-query';
import { NUMBER_STATUS_LABEL, numberStatusOf } from '../records/number-status';
import { TENANT_TZ } from '../records/tenant-time';
import { sendXlsx } from '../records/xlsx-export';

// Number checks of spec §7: status checks recorded as batches, their statistics, AIM materials and templates,
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
  w.add(`t.cus_id = any(${w.bind(scopeCusIds(user, body.cus_id))}::text[])`);
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

const dayLabel = `to_char(t.create_time at time zone '${TENANT_TZ}', 'YYYY-MM-DD')`;

function ratioStatistics(kind: 'porting' | 'black') {
  return async (ctx: AppContext, user: CurrentUser, body: Scoped & Page) => {
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

export function registerNumberCheckRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, onlineCheckEndpoint, async ({ body, user }) => {
    const mobiles = [...new Set(body.mobiles)];
    if (mobiles.length === 0) throw badRequest('numberCheck.noMobile', {}, 'mobiles');
    if (mobiles.length > MAX_CHECK_NUMBERS) throw badRequest('numberCheck.tooMany', { max: MAX_CHECK_NUMBERS }, 'mobiles');
    const cusId = body.cus_id && user.visibleCusIds.includes(body.cus_id) ? body.cus_id : user.cus_id;
    const results = mobiles.map((mobile) => ({ mobile, status: numberStatusOf(mobile) }));
    const count = (s: string) => results.filter((r) => r.status === s).length;
    const createTime = ctx.now();
    const batch = {
      batch_id: ulid(),
      batch_name: body.batch_name || `${createTime.toISOString().slice(0, 10)}-${mobiles.length}`,
      cus_id: cusId,
      batch_count: mobiles.length,
      invalid_count: count('invalid'),
      ...(Object.fromEntries(NUMBER_STATUSES.map((s) => [`${s}_count`, count(s)])) as Record<`${(typeof NUMBER_STATUSES)[number]}_count`, number>),
      create_time: createTime.getTime(),
    };
    await ctx.db.query(
      `insert into number_status_batches(batch_id, cus_id, batch_name, batch_count, invalid_count, real_count, dead_count, down_count, not_count,
         silence_count, danger_count, create_time) values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
      [
        batch.batch_id,
        cusId,
        batch.batch_name,
        batch.batch_count,
        batch.invalid_count,
        batch.real_count,
        batch.dead_count,
        batch.down_count,
        batch.not_count,
        batch.silence_count,
        batch.danger_count,
        createTime,
      ],
    );
    return { ...batch, results };
  });

  route(app, ctx, numberStatusBatchListEndpoint, async ({ body, user }) => {
    const w = scopedWhere(user, body);
    if (body.batch_name) w.add(`strpos(t.batch_name, ${w.bind(body.batch_name)}) > 0`);
    return page(
      ctx,
      {
        select: `t.batch_id, t.batch_name, t.cus_id, t.batch_count, t.invalid_count, t.real_count, t.dead_count, t.down_count, t.not_count,
          t.silence_count, t.danger_count, ${ms('t.create_time')} as create_time`,
        from: 'number_status_batches t',
        order: 't.create_time desc, t.batch_id desc',
      },
      w,
      body,
    );
  });

  route(app, ctx, numberStatusStatisticsEndpoint, async ({ body, user }) =>
    page(
      ctx,
      {
        select: `${dayLabel} as gathering_time, t.cus_id, a.cus_name, sum(t.batch_count)::int8 as request_count,
          sum(t.batch_count - t.invalid_count)::int8 as success_count, sum(t.invalid_count)::int8 as failure_count,
          ${NUMBER_STATUSES.map((s) => `sum(t.${s}_count)::int8 as ${s}_count`).join(', ')}`,
        from: 'number_status_batches t join accounts a on a.cus_id = t.cus_id',
        groupBy: `${dayLabel}, t.cus_id, a.cus_name`,
        order: 'gathering_time desc, t.cus_id',
      },
      scopedWhere(user, body),
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
      { select: `t.material_id, t.cus_id, t.name, t.media_type, t.size, ${ms('t.create_time')} as create_time`, from: 'aim_materials t', order: 't.create_time desc, t.material_id' },
      w,
      body,
    );
  });
  route(app, ctx, aimMaterialDeleteEndpoint, async ({ body, user, message }) => {
    const gone = await ctx.db.query('delete from aim_materials where material_id = $1 and cus_id = any($2::text[]) returning material_id', [body.material_id, user.visibleCusIds]);
    if (gone.length === 0) throw notFound('aim.materialNotFound');
    message('common.deleted');
    return { material_id: body.material_id };
  });
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
