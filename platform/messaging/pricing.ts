import { prepared, type Queryable } from '../db/db';
import { badRequest } from '../http/api-error';
import type { Account } from './send-account';

// Prices are yuan per segment (per message for video and CSP), kept in 1/10000 yuan units here so sums are exact.
export const PRICE_SCALE = 10_000;
export const toUnits = (yuan: number) => Math.round(yuan * PRICE_SCALE);
export const toYuan = (units: number) => units / PRICE_SCALE;

export interface PriceRow {
  country_code: string;
  country_name: string;
  units: number;
}

/** The account's own prices for a product, else its enterprise root's, keyed by country_code ('' domestic). */
export async function pricesFor(q: Queryable, cusId: string, prodType: number): Promise<Map<string, PriceRow>> {
  return (await pricesOf(q, [cusId], [prodType])).get(priceKey(cusId, prodType)) ?? new Map();
}

/** The key of one account's prices for one product in what `pricesOf` answers. */
export const priceKey = (cusId: string, prodType: number) => `${cusId}\n${prodType}`;

/** `pricesFor` of several accounts and products in one statement, keyed by `priceKey`; a pair without prices is absent. */
export async function pricesOf(
  q: Queryable,
  cusIds: string[],
  prodTypes: number[],
): Promise<Map<string, Map<string, PriceRow>>> {
  const rows = await q.query<{
    cus_id: string;
    prod_type: number;
    country_code: string;
    country_name: string;
    price: number;
    own: boolean;
  }>(
    prepared`select a.cus_id, p.prod_type, p.country_code, p.country_name, p.price, p.cus_id = a.cus_id as own
       from accounts a join prices p on p.cus_id = a.cus_id or p.cus_id = a.ep_id
      where a.cus_id = any($1::text[]) and p.prod_type = any($2::int[])
      order by own`,
    [cusIds, prodTypes],
  );
  // own rows come last, so they override the root's
  const out = new Map<string, Map<string, PriceRow>>();
  for (const r of rows) {
    const key = priceKey(r.cus_id, Number(r.prod_type));
    const prices = out.get(key) ?? new Map<string, PriceRow>();
    prices.set(r.country_code, {
      country_code: r.country_code,
      country_name: r.country_name,
      units: toUnits(Number(r.price)),
    });
    out.set(key, prices);
  }
  return out;
}

/** Per-segment products are billed per segment; video and CSP per message. */
export const perSegment = (prod: number) => prod === 0 || prod === 1;

/** Prices of a product for an account; international prices per destination country. */
export async function unitPrices(
  q: Queryable,
  account: Account,
  prodType: number,
  countries: string[] | undefined,
  n: number,
) {
  const prices = await pricesFor(q, account.cus_id, prodType);
  if (prodType !== 1) {
    const p = prices.get('');
    if (!p) throw badRequest('send.noPrice', {}, 'cus_id');
    return {
      units: new Array<number>(n).fill(p.units),
      uniform: p.units,
      names: null as string[] | null,
      byCountry: { '': p.units },
      countryNames: {},
    };
  }
  const names: string[] = [];
  const units = (countries ?? []).map((cc) => {
    const p = prices.get(cc);
    if (!p) throw badRequest('send.noCountryPrice', { country: cc }, 'mobiles');
    names.push(p.country_name);
    return p.units;
  });
  return {
    units,
    uniform: null as number | null,
    names,
    byCountry: Object.fromEntries([...prices].map(([k, v]) => [k, v.units])),
    countryNames: Object.fromEntries([...prices].map(([k, v]) => [k, v.country_name])),
  };
}
