import type { CostRow } from '../../contract/endpoints/carrier-cost.endpoints';
import { prepared, type Queryable } from '../db/db';

// The one place a carrier's cost is decided: the cost rows as stored, and what a record cost when a carrier took it.
// A record's cost is its segments times the cost per segment of the carrier's row that matches its number (the longest
// prefix, else its country) and took effect last at or before the submit to the carrier, counted in whole 1/10000
// yuan. A round reads the costs in effect once and writes every record's in one statement, so a cost saved on any
// instance applies to the next round of every instance; a cheapest pool's router holds every row (`CostBook`), read
// again when a cost change moves the carriers' version.

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
export const costCountry = (destination: string, country: string | null) =>
  country ?? (destination.startsWith('86') ? 'CN' : null);

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
export async function listCosts(
  q: Queryable,
  carrier: string | null,
  pageSize: number,
  offset: number,
): Promise<{ total: number; data: CostRow[] }> {
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
export async function putCost(
  q: Queryable,
  now: Date,
  actor: string,
  id: number | null,
  c: CostInput,
): Promise<number | null> {
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

/** A cost as an exact count of 1/10000 yuan, and back: money is never a float here. */
const UNIT_DIGITS = 4;
export function costUnits(text: string): bigint {
  const [whole, frac = ''] = text.split('.');
  return BigInt(whole) * 10n ** BigInt(UNIT_DIGITS) + BigInt(frac.padEnd(UNIT_DIGITS, '0').slice(0, UNIT_DIGITS));
}
export function unitsText(units: bigint): string {
  const s = units.toString().padStart(UNIT_DIGITS + 1, '0');
  return `${s.slice(0, -UNIT_DIGITS)}.${s.slice(-UNIT_DIGITS)}`;
}

/** The costs in effect at one time, per carrier: per segment in whole 1/10000 yuan, by prefix and by country. */
export type Rates = Map<string, { prefixes: Map<string, bigint>; countries: Map<string, bigint>; longest: number }>;
interface RateRow {
  id: number;
  carrier: string;
  country: string | null;
  prefix: string | null;
  cost: string;
}

function ratesFrom(rows: RateRow[]): Rates {
  const rates: Rates = new Map();
  for (const r of rows) {
    const c = rates.get(r.carrier) ?? { prefixes: new Map(), countries: new Map(), longest: 0 };
    rates.set(r.carrier, c);
    if (r.prefix !== null) {
      c.prefixes.set(r.prefix, costUnits(r.cost));
      c.longest = Math.max(c.longest, r.prefix.length);
    } else if (r.country !== null) c.countries.set(r.country, costUnits(r.cost));
  }
  return rates;
}

/** A carrier's cost per segment for a number: the longest prefix it starts with, else its country; undefined when the
 * carrier has neither. */
export function rateIn(rates: Rates, carrier: string, destination: string, country: string | null): bigint | undefined {
  const c = rates.get(carrier);
  if (!c) return undefined;
  for (let n = Math.min(c.longest, destination.length); n > 0; n--) {
    const rate = c.prefixes.get(destination.slice(0, n));
    if (rate !== undefined) return rate;
  }
  const at = costCountry(destination, country);
  return at === null ? undefined : c.countries.get(at);
}

/** Each carrier's costs in effect at `at`: one small read a round. */
async function ratesAt(q: Queryable, carriers: string[], at: Date): Promise<Rates> {
  const rows = await q.query<RateRow>(
    `select distinct on (carrier, coalesce(country, ''), coalesce(prefix, '')) id, carrier, country, prefix, cost::text as cost
       from carrier_costs where carrier = any($1) and effective_from <= $2
      order by carrier, coalesce(country, ''), coalesce(prefix, ''), effective_from desc, id desc`,
    [carriers, at],
  );
  return ratesFrom(rows);
}

/** What each record cost: its segments times its carrier's cost per segment for the longest prefix its number starts
 * with, else for its country; null when the carrier has neither. */
export async function costsOf(q: Queryable, at: Date, records: Costed[]): Promise<Array<string | null>> {
  const rates = await ratesAt(q, [...new Set(records.map((r) => r.carrier))], at);
  return records.map((r) => {
    const rate = rateIn(rates, r.carrier, r.destination, r.country);
    return rate === undefined ? null : unitsText(rate * BigInt(r.segments));
  });
}

/** Every cost row, held by the router for a cheapest pool: the rows in effect at a time are chosen in memory as the
 * read above chooses them, so a row dated later takes effect at its date without a reload. */
export class CostBook {
  private cache: { from: number; until: number; rates: Rates } | null = null;
  constructor(private readonly rows: ReadonlyArray<RateRow & { effectiveFrom: number }> = []) {}

  rateOf(carrier: string, destination: string, country: string | null, now = Date.now()): bigint | undefined {
    return this.rows.length === 0 ? undefined : rateIn(this.ratesAt(now), carrier, destination, country);
  }

  private ratesAt(now: number): Rates {
    if (this.cache && now >= this.cache.from && now < this.cache.until) return this.cache.rates;
    const latest = new Map<string, RateRow & { effectiveFrom: number }>();
    let until = Infinity;
    for (const r of this.rows) {
      if (r.effectiveFrom > now) {
        until = Math.min(until, r.effectiveFrom);
        continue;
      }
      const key = `${r.carrier}|${r.country ?? ''}|${r.prefix ?? ''}`;
      const was = latest.get(key);
      if (!was || r.effectiveFrom > was.effectiveFrom || (r.effectiveFrom === was.effectiveFrom && r.id > was.id))
        latest.set(key, r);
    }
    this.cache = { from: now, until, rates: ratesFrom([...latest.values()]) };
    return this.cache.rates;
  }
}

/** Every cost row, for the router. */
export async function loadCostBook(q: Queryable): Promise<CostBook> {
  const rows = await q.query<RateRow & { effective_from: Date | string }>(
    'select id, carrier, country, prefix, cost::text as cost, effective_from from carrier_costs',
  );
  return new CostBook(
    rows.map((r) => ({
      id: Number(r.id),
      carrier: r.carrier,
      country: r.country,
      prefix: r.prefix,
      cost: r.cost,
      effectiveFrom: new Date(r.effective_from).getTime(),
    })),
  );
}

/** Writes the carrier and cost of the records carriers took in a round, as of `at` (the submit): a small read of the
 * costs in effect and one insert, whatever the round's size. A record costed again (taken by another carrier after a
 * re-route) keeps the last carrier's. */
export async function costRecords(q: Queryable, at: Date, records: Costed[]): Promise<void> {
  if (records.length === 0) return;
  const costs = await costsOf(q, at, records);
  await q.query(
    prepared`insert into record_costs (sn, carrier, segments, cost, at)
     select t.sn, t.carrier, t.segments, t.cost::numeric, $5
       from unnest($1::text[], $2::text[], $3::smallint[], $4::text[]) as t(sn, carrier, segments, cost)
     on conflict (sn) do update set carrier = excluded.carrier, segments = excluded.segments, cost = excluded.cost, at = excluded.at`,
    [records.map((r) => r.sn), records.map((r) => r.carrier), records.map((r) => r.segments), costs, at],
  );
}
