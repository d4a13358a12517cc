import type { CostRow } from '../../contract/endpoints/carrier-cost.endpoints';
import type { Queryable } from '../db/db';

// The one place a carrier's cost is decided: the cost rows as stored, and what a record cost when a carrier took it.
// A record's cost is its segments times the cost per segment of the carrier's row that matches its number (the longest
// prefix, else its country) and took effect last at or before the submit to the carrier. It is computed in the same
// statement that writes it, one statement per dispatch round whatever the round's size; nothing is kept in memory, so
// a cost saved on any instance applies to the next round of every instance.

export interface CostScope {
  carrier: string;
  country: string | null;
  prefix: string | null;
}

export interface CostInput extends CostScope {
  cost: string;
  effectiveFrom: Date;
}

/** One record a carrier took: its destination digits and country as routed, and the segments it was billed. */
export interface Costed {
  sn: string;
  carrier: string;
  destination: string;
  country: string | null;
  segments: number;
}

/** The country a cost row of a domestic record is found under: a mainland number routed without one is CN. */
export const costCountry = (destination: string, country: string | null) => country ?? (destination.startsWith('86') ? 'CN' : null);

const rowOf = (r: Record<string, unknown>): CostRow => ({
  id: Number(r.id),
  carrier: String(r.carrier),
  country: (r.country as string | null) ?? null,
  prefix: (r.prefix as string | null) ?? null,
  cost: String(r.cost),
  effectiveFrom: new Date(r.effective_from as string).toISOString(),
  updatedAt: new Date(r.updated_at as string).toISOString(),
  updatedBy: String(r.updated_by),
});

// the cost's text as stored (numeric::text keeps its four decimals), never through a float
const COLUMNS = 'id, carrier, country, prefix, cost::text as cost, effective_from, updated_at, updated_by';

export async function costById(q: Queryable, id: number): Promise<CostRow | null> {
  const [r] = await q.query<Record<string, unknown>>(`select ${COLUMNS} from carrier_costs where id = $1`, [id]);
  return r ? rowOf(r) : null;
}

/** A page of cost rows (one carrier's when given), by carrier and scope, the newest first within a scope. */
export async function listCosts(q: Queryable, carrier: string | null, pageSize: number, offset: number): Promise<{ total: number; data: CostRow[] }> {
  const where = 'where ($1::text is null or carrier = $1)';
  const [{ n }] = await q.query<{ n: string }>(`select count(*) as n from carrier_costs ${where}`, [carrier]);
  const rows = await q.query<Record<string, unknown>>(
    `select ${COLUMNS} from carrier_costs ${where} order by carrier, country nulls last, prefix, effective_from desc, id desc limit $2 offset $3`,
    [carrier, pageSize, offset],
  );
  return { total: Number(n), data: rows.map(rowOf) };
}

export async function countCosts(q: Queryable): Promise<number> {
  const [{ n }] = await q.query<{ n: string }>('select count(*) as n from carrier_costs');
  return Number(n);
}

/** The row of the same carrier, scope and date as `c` other than `id`: two of them would make a cost ambiguous. */
export async function twinCost(q: Queryable, c: CostInput, id: number | null): Promise<number | null> {
  const [r] = await q.query<{ id: string }>(
    `select id from carrier_costs where carrier = $1 and coalesce(country, '') = coalesce($2, '') and coalesce(prefix, '') = coalesce($3, '')
        and effective_from = $4 and id <> coalesce($5, 0) limit 1`,
    [c.carrier, c.country, c.prefix, c.effectiveFrom, id],
  );
  return r ? Number(r.id) : null;
}

/** Writes a cost row (new when `id` is null); answers its id, or null when `id` names no row. */
export async function putCost(q: Queryable, now: Date, actor: string, id: number | null, c: CostInput): Promise<number | null> {
  const params = [c.carrier, c.country, c.prefix, c.cost, c.effectiveFrom, now, actor];
  const rows = id
    ? await q.query<{ id: string }>(
        `update carrier_costs set carrier = $1, country = $2, prefix = $3, cost = $4::numeric, effective_from = $5, updated_at = $6, updated_by = $7
          where id = $8 returning id`,
        [...params, id],
      )
    : await q.query<{ id: string }>(
        `insert into carrier_costs (carrier, country, prefix, cost, effective_from, updated_at, updated_by)
         values ($1, $2, $3, $4::numeric, $5, $6, $7) returning id`,
        params,
      );
  return rows[0] ? Number(rows[0].id) : null;
}

export async function removeCost(q: Queryable, id: number): Promise<void> {
  await q.query('delete from carrier_costs where id = $1', [id]);
}

/** Writes the carrier and cost of the records carriers took in a round, as of `at` (the submit): one statement. A
 * record costed again (taken by another carrier after a re-route) keeps the last carrier's. */
export async function costRecords(q: Queryable, at: Date, records: Costed[]): Promise<void> {
  if (records.length === 0) return;
  await q.query(
    `insert into record_costs (sn, carrier, segments, cost, at)
     select t.sn, t.carrier, t.segments,
            t.segments * (select c.cost from carrier_costs c
                           where c.carrier = t.carrier and c.effective_from <= $6
                             and (c.country = t.country or (c.prefix is not null and starts_with(t.destination, c.prefix)))
                           order by length(coalesce(c.prefix, '')) desc, c.effective_from desc, c.id desc limit 1),
            $6
       from unnest($1::text[], $2::text[], $3::smallint[], $4::text[], $5::text[]) as t(sn, carrier, segments, destination, country)
     on conflict (sn) do update set carrier = excluded.carrier, segments = excluded.segments, cost = excluded.cost, at = excluded.at`,
    [
      records.map((r) => r.sn),
      records.map((r) => r.carrier),
      records.map((r) => r.segments),
      records.map((r) => r.destination),
      records.map((r) => costCountry(r.destination, r.country)),
      at,
    ],
  );
}
