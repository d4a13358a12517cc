import { countSegments } from '../../contract/segments';
import type { BatchItems } from './batch-insert';
import { perSegment } from './pricing';
import { classifyNumber, countryOf } from '../../contract/validation/number.rules';

// A timed batch keeps its request, so the records made when it is due (and re-priced by an edit) cost what was charged.

/** What a timed batch keeps to send (and re-price) later. */
export interface TimedRequest {
  prod_type: number;
  batch_type: number;
  review: boolean;
  title: string | null;
  /** sum over numbers of the per-segment (or per-message) price, 1/10000 yuan: cost = segments × unitSum. */
  unitSum: number;
  /** price per country code ('' domestic), for records created when due. */
  byCountry: Record<string, number>;
  countryNames?: Record<string, string>;
  sender_id?: string | null;
}

/** A timed batch's request with defaults for batches created elsewhere (seeded rows carry '{}'): prices are then
 * inferred from what was charged for the current content. */
export function timedRequestOf(t: {
  prod_type: number;
  content: string;
  charged: number;
  batch_count: number;
  request: Partial<TimedRequest> | null;
}): TimedRequest {
  const r = t.request ?? {};
  const segments = perSegment(t.prod_type) ? Math.max(1, countSegments(t.content).segments) : 1;
  const unitSum = r.unitSum ?? Math.round((Number(t.charged) * 10_000) / segments);
  return {
    prod_type: t.prod_type,
    batch_type: r.batch_type ?? 1,
    review: r.review ?? false,
    title: r.title ?? null,
    unitSum,
    byCountry: r.byCountry ?? { '': t.batch_count > 0 ? Math.round(unitSum / t.batch_count) : 0 },
    countryNames: r.countryNames ?? {},
    sender_id: r.sender_id ?? null,
  };
}

/** Records for the numbers of a due timed batch, priced as when it was scheduled (and re-priced by edits). */
export function itemsForTimed(
  prodType: number,
  content: string,
  rows: Array<{ mobile: string; content: string | null }>,
  byCountry: Record<string, number>,
  countryNames: Record<string, string>,
): BatchItems {
  const segOf = (text: string) => (perSegment(prodType) ? Math.max(1, countSegments(text).segments) : 1);
  const contents = rows.some((r) => r.content !== null) ? rows.map((r) => r.content ?? content) : null;
  const segments = contents ? contents.map(segOf) : segOf(content);
  const countryCodes = prodType === 1 ? rows.map((r) => countryOf(classifyNumber(r.mobile))) : null;
  const units = countryCodes ? countryCodes.map((cc) => byCountry[cc] ?? 0) : null;
  const seg = (i: number) => (Array.isArray(segments) ? segments[i] : segments);
  return {
    mobiles: rows.map((r) => r.mobile),
    contents,
    segments,
    priceUnits: units
      ? units.map((u, i) => u * seg(i))
      : contents
        ? rows.map((_, i) => (byCountry[''] ?? 0) * seg(i))
        : (byCountry[''] ?? 0) * (segments as number),
    countryCodes,
    countryNames: countryCodes ? countryCodes.map((cc) => countryNames[cc] ?? cc) : null,
  };
}
