import { ulid } from 'ulid';
import type { z } from 'zod';
import {
  aimMaterialSchema,
  aimTemplateSchema,
  NUMBER_STATUSES,
  numberStatusBatchSchema,
  numberStatusCustomerRowSchema,
  numberStatusStatisticsRowSchema,
  queryRatioRowSchema,
} from '../../contract/endpoints/number-check.endpoints';
import type { Db, Queryable } from '../db/db';
import { ms, Where } from '../lists/list-query';
import { TENANT_TZ } from '../records/tenant-time';
import { countStatuses } from './number-check.worker';

// Number checks as stored: status-check batches and their numbers, the statistics read from them and from
// number_queries, and AIM materials and templates. Every read takes the accounts it is scoped to.

export interface Page {
  pageNumber: number;
  pageSize: number;
}
export interface Scoped {
  cus_id?: string;
  startTime?: number;
  endTime?: number;
}

/** Scope (the given accounts) and time range on a table with cus_id and create_time (alias t). */
export function scopedWhere(cusIds: string[], body: Scoped): Where {
  const w = new Where();
  w.add(`t.cus_id = any(${w.bind(cusIds)}::text[])`);
  if (body.startTime !== undefined) w.add(`t.create_time >= ${w.bind(new Date(body.startTime))}`);
  if (body.endTime !== undefined) w.add(`t.create_time <= ${w.bind(new Date(body.endTime))}`);
  return w;
}

/** A page of `select` over `from` (grouped or not) with its exact total. */
async function page<T>(
  q: Queryable,
  sql: { select: string; from: string; groupBy?: string; order: string },
  w: Where,
  p: Page,
) {
  const group = sql.groupBy ? ` group by ${sql.groupBy}` : '';
  const params = [...w.params, p.pageSize, (p.pageNumber - 1) * p.pageSize];
  const data = await q.query<T>(
    `select ${sql.select} from ${sql.from} where ${w.sql}${group} order by ${sql.order} limit $${params.length - 1} offset $${params.length}`,
    params,
  );
  const [{ n }] = await q.query<{ n: number }>(
    `select count(*)::int8 as n from (select 1 from ${sql.from} where ${w.sql}${group}) c`,
    w.params,
  );
  return { total: n, totalExact: true, data };
}

/** gathering_time of a row: the day, month or year of create_time in the tenant's time zone (dimension 0, 1, 2). */
const LABEL_FORMATS = ['YYYY-MM-DD', 'YYYY-MM', 'YYYY'];
const labelSql = (dimension = 0) =>
  `to_char(t.create_time at time zone '${TENANT_TZ}', '${LABEL_FORMATS[dimension] ?? LABEL_FORMATS[0]}')`;

/** Per day (month, year) and account: how many number queries of the kind succeeded and failed. */
export function ratioStatistics(kind: 'porting' | 'black') {
  return async (q: Queryable, w: Where, body: Page & { dimension: number }) => {
    const dayLabel = labelSql(body.dimension);
    w.add(`t.kind = ${w.bind(kind)}`);
    return page<z.infer<typeof queryRatioRowSchema>>(
      q,
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

const BATCH_SELECT = `t.batch_id, t.batch_name, t.cus_id, t.batch_count, t.invalid_count, t.real_count, t.dead_count, t.down_count, t.not_count,
  t.silence_count, t.danger_count, ${ms('t.create_time')} as create_time, t.status,
  case when t.status = 1 then t.batch_count else t.checked_count end as checked_count`;

/** Records a batch: done at once (counts given) or to be checked by the worker. */
export async function insertBatch(
  db: Db,
  cusId: string,
  name: string | undefined,
  mobiles: string[],
  counts: ReturnType<typeof countStatuses> | null,
  createTime: Date,
) {
  const batchId = ulid();
  const c = counts ?? countStatuses([]);
  await db.tx(async (q) => {
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
  const [batch] = await db.query<z.infer<typeof numberStatusBatchSchema>>(
    `select ${BATCH_SELECT} from number_status_batches t where t.batch_id = $1`,
    [batchId],
  );
  return batch;
}

/** The numbers of a batch of one of cusIds; undefined when there is none. */
export async function batchMobiles(
  q: Queryable,
  batchId: string,
  cusIds: string[],
): Promise<{ mobiles: string[] } | undefined> {
  const [row] = await q.query<{ mobiles: string[] }>(
    `select n.mobiles from number_status_numbers n join number_status_batches b on b.batch_id = n.batch_id
        where n.batch_id = $1 and b.cus_id = any($2::text[])`,
    [batchId, cusIds],
  );
  return row;
}

/** Batches newest first, optionally those whose name holds batchName. */
export function batchPage(q: Queryable, w: Where, batchName: string | undefined, p: Page) {
  if (batchName) w.add(`strpos(t.batch_name, ${w.bind(batchName)}) > 0`);
  return page<z.infer<typeof numberStatusBatchSchema>>(
    q,
    {
      select: BATCH_SELECT,
      from: 'number_status_batches t',
      order: 't.create_time desc, t.batch_id desc',
    },
    w,
    p,
  );
}

/** Per day (month, year) and account: the numbers checked and their statuses, over finished batches. */
export function statusStatistics(q: Queryable, w: Where, body: Page & { dimension?: number }) {
  const dayLabel = labelSql(body.dimension);
  return page<z.infer<typeof numberStatusStatisticsRowSchema>>(
    q,
    {
      select: `${dayLabel} as gathering_time, t.cus_id, a.cus_name, sum(t.batch_count)::int8 as request_count,
          sum(t.batch_count - t.invalid_count)::int8 as success_count, sum(t.invalid_count)::int8 as failure_count,
          ${NUMBER_STATUSES.map((s) => `sum(t.${s}_count)::int8 as ${s}_count`).join(', ')}`,
      from: 'number_status_batches t join accounts a on a.cus_id = t.cus_id',
      groupBy: `${dayLabel}, t.cus_id, a.cus_name`,
      order: 'gathering_time desc, t.cus_id',
    },
    // a batch still being checked counts once it is done
    w.add('t.status = 1'),
    body,
  );
}

/** Per account: its finished batches, the numbers checked and their statuses, latest batch first. */
export function statusCustomers(q: Queryable, w: Where, p: Page) {
  return page<z.infer<typeof numberStatusCustomerRowSchema>>(
    q,
    {
      select: `t.cus_id, a.cus_name, count(*)::int8 as batch_total, sum(t.batch_count)::int8 as request_count,
          sum(t.batch_count - t.invalid_count)::int8 as success_count, sum(t.invalid_count)::int8 as failure_count,
          ${NUMBER_STATUSES.map((s) => `sum(t.${s}_count)::int8 as ${s}_count`).join(', ')}, ${ms('max(t.create_time)')} as last_time`,
      from: 'number_status_batches t join accounts a on a.cus_id = t.cus_id',
      groupBy: 't.cus_id, a.cus_name',
      order: 'max(t.create_time) desc, t.cus_id',
    },
    w.add('t.status = 1'),
    p,
  );
}

export function aimMaterialPage(q: Queryable, w: Where, name: string | undefined, p: Page) {
  if (name) w.add(`strpos(t.name, ${w.bind(name)}) > 0`);
  return page<z.infer<typeof aimMaterialSchema>>(
    q,
    {
      select: `t.material_id, t.cus_id, t.name, t.media_type, t.size, ${ms('t.create_time')} as create_time`,
      from: 'aim_materials t',
      order: 't.create_time desc, t.material_id',
    },
    w,
    p,
  );
}

/** Deletes the material when it belongs to one of cusIds; false when there was none. */
export async function deleteAimMaterial(q: Queryable, materialId: string, cusIds: string[]): Promise<boolean> {
  const gone = await q.query(
    'delete from aim_materials where material_id = $1 and cus_id = any($2::text[]) returning material_id',
    [materialId, cusIds],
  );
  return gone.length > 0;
}

export function aimTemplatePage(q: Queryable, w: Where, templateName: string | undefined, p: Page) {
  if (templateName) w.add(`strpos(t.template_name, ${w.bind(templateName)}) > 0`);
  return page<z.infer<typeof aimTemplateSchema>>(
    q,
    {
      select: `t.template_id, t.cus_id, t.template_name, t.content, t.status, ${ms('t.create_time')} as create_time`,
      from: 'aim_templates t',
      order: 't.create_time desc, t.template_id',
    },
    w,
    p,
  );
}
