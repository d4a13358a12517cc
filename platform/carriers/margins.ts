import type { MarginDimension, MarginFilter, MarginRow } from '../../contract/endpoints/carrier-cost.endpoints';
import { MARGIN_DIMENSIONS } from '../../contract/endpoints/carrier-cost.endpoints';
import type { Queryable } from '../db/db';
import type { Column } from '../lists/xlsx-export';

// Customer price minus carrier cost over the records submitted in a range of days, grouped as the operator asks. Every
// sum is taken by PostgreSQL over numeric columns and answered as its text, so a group's figures are exactly the sums
// of its records. A record whose cost is unknown (no carrier took it, or its carrier has no cost for the number) is
// counted apart with its price, never as a cost of zero. Every record counts, deleted ones too: the tenant hid them,
// the carrier still charged them.

/** The days of the range are the platform's, as the tenant's statistics are. */
const ZONE = 'Asia/Shanghai';
const dayFormat = new Intl.DateTimeFormat('sv-SE', {
  timeZone: ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});
/** The platform's day (YYYY-MM-DD) that `at` falls in: a range of days from it to it is that day's margins. */
export const marginDay = (at: Date): string => dayFormat.format(at);

const DIMENSION_SQL: Record<MarginDimension, string[]> = {
  day: [`to_char(m.receive_time at time zone '${ZONE}', 'YYYY-MM-DD')`],
  carrier: ['rc.carrier'],
  // a domestic record has no country of its own: the mainland's
  country: [`coalesce(m.country_code, case when m.prod_type = 1 then null else 'CN' end)`],
  enterprise: ['a.ep_id', 'e.cus_name'],
};
const DIMENSION_NAMES: Record<MarginDimension, string[]> = {
  day: ['day'],
  carrier: ['carrier'],
  country: ['country'],
  enterprise: ['enterprise', 'enterprise_name'],
};

const SUMS = `count(*)::int as records, coalesce(sum(m.segments), 0)::int as segments,
  coalesce(sum(m.price), 0)::numeric(20,4)::text as price,
  coalesce(sum(rc.cost), 0)::numeric(20,4)::text as cost,
  coalesce(sum(m.price - rc.cost) filter (where rc.cost is not null), 0)::numeric(20,4)::text as margin,
  (count(*) filter (where rc.cost is null))::int as cost_unknown,
  coalesce(sum(m.price) filter (where rc.cost is null), 0)::numeric(20,4)::text as cost_unknown_price`;

function fromWhere(f: MarginFilter): { sql: string; params: unknown[] } {
  const params: unknown[] = [f.from, f.to];
  const where = [
    `m.receive_time >= ($1::date)::timestamp at time zone '${ZONE}'`,
    `m.receive_time < ($2::date + 1)::timestamp at time zone '${ZONE}'`,
  ];
  if (f.carrier !== undefined) where.push(`rc.carrier = $${params.push(f.carrier)}`);
  if (f.country !== undefined) where.push(`${DIMENSION_SQL.country[0]} = $${params.push(f.country)}`);
  if (f.enterprise !== undefined) where.push(`a.ep_id = $${params.push(f.enterprise)}`);
  return {
    sql: `from mt_records m join accounts a on a.cus_id = m.cus_id left join accounts e on e.cus_id = a.ep_id
          left join record_costs rc on rc.sn = m.sn where ${where.join(' and ')}`,
    params,
  };
}

type Raw = Record<string, unknown>;
const sumsOf = (r: Raw) => ({
  records: Number(r.records),
  segments: Number(r.segments),
  price: String(r.price),
  cost: String(r.cost),
  margin: String(r.margin),
  costUnknown: Number(r.cost_unknown),
  costUnknownPrice: String(r.cost_unknown_price),
});
const text = (v: unknown) => (v === null || v === undefined ? null : String(v));
const rowOf = (r: Raw): MarginRow => ({
  ...sumsOf(r),
  day: text(r.day),
  carrier: text(r.carrier),
  country: text(r.country),
  enterprise: text(r.enterprise),
  enterpriseName: text(r.enterprise_name),
});

/** The most groups an export writes: a range's groups are read whole, so they are bounded. */
export const MAX_EXPORT_GROUPS = 100_000;

/** One page of groups, ordered by the dimensions, and how many groups there are. */
export async function marginRows(q: Queryable, f: MarginFilter, page: { pageSize: number; pageNumber: number }) {
  const dims = MARGIN_DIMENSIONS.filter((d) => f.groupBy.includes(d));
  const exprs = dims.flatMap((d) => DIMENSION_SQL[d].map((sql, i) => `${sql} as ${DIMENSION_NAMES[d][i]}`));
  const keys = dims.flatMap((d) => DIMENSION_SQL[d]);
  const { sql, params } = fromWhere(f);
  const limit = ` limit $${params.push(page.pageSize)} offset $${params.push((page.pageNumber - 1) * page.pageSize)}`;
  const rows = await q.query<Raw>(
    `select ${exprs.join(', ')}, ${SUMS}, count(*) over () as groups ${sql}
      group by ${keys.join(', ')} order by ${keys.map((k) => `${k} nulls last`).join(', ')}${limit}`,
    params,
  );
  return { total: rows.length > 0 ? Number(rows[0].groups) : 0, data: rows.map(rowOf) };
}

/** The range's sums over every group. */
export async function marginTotals(q: Queryable, f: MarginFilter) {
  const { sql, params } = fromWhere(f);
  const [r] = await q.query<Raw>(`select ${SUMS} ${sql}`, params);
  return sumsOf(r);
}

// money as a number only for the spreadsheet to show and sum it; the exact text is what the endpoint answers
const amount = (key: 'price' | 'cost' | 'margin' | 'costUnknownPrice') => (r: MarginRow) => Number(r[key]);

export const MARGIN_COLUMNS: Column<MarginRow>[] = [
  { label: { zh: '日期', en: 'Day' }, value: 'day', width: 12 },
  { label: { zh: '通道', en: 'Carrier' }, value: 'carrier', width: 14 },
  { label: { zh: '国家', en: 'Country' }, value: 'country', width: 8 },
  { label: { zh: '企业', en: 'Enterprise' }, value: 'enterprise', width: 12 },
  { label: { zh: '企业名称', en: 'Enterprise name' }, value: 'enterpriseName', width: 20 },
  { label: { zh: '条数', en: 'Records' }, value: 'records' },
  { label: { zh: '计费条数', en: 'Segments' }, value: 'segments' },
  { label: { zh: '客户价格（元）', en: 'Price (yuan)' }, value: amount('price'), width: 14 },
  { label: { zh: '通道成本（元）', en: 'Cost (yuan)' }, value: amount('cost'), width: 14 },
  { label: { zh: '毛利（元）', en: 'Margin (yuan)' }, value: amount('margin'), width: 14 },
  { label: { zh: '成本未知条数', en: 'Cost unknown' }, value: 'costUnknown', width: 12 },
  {
    label: { zh: '成本未知的价格（元）', en: 'Price with cost unknown (yuan)' },
    value: amount('costUnknownPrice'),
    width: 18,
  },
];
