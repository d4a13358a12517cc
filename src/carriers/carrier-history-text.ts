import type { Language } from '../../contract/constants';
import type { CarrierHistory, CarrierMinute } from '../../contract/endpoints/carrier-history.endpoints';
import { formatNumber, formatPercent } from '../ui/format';
import { latencyMsText } from './carrier-status-text';

// A carrier's last hour and today's cost as text: the chart's summary for screen readers, its table's cells and the
// dashboard's cost cell. The cost is the platform's decimal text as the margins screen shows it, never re-added here.

type T = (key: string, params?: Record<string, unknown>) => string;

/** The hour's sums: submits, receipts, delivered, and the mean latency over every receipt (null: none). */
export function hourTotals(minutes: CarrierMinute[]): {
  submitted: number;
  receipts: number;
  delivered: number;
  latencyMs: number | null;
} {
  let submitted = 0;
  let receipts = 0;
  let delivered = 0;
  let latency = 0;
  for (const m of minutes) {
    submitted += m.submitted;
    receipts += m.receipts;
    delivered += m.delivered;
    latency += (m.latencyMs ?? 0) * m.receipts;
  }
  return { submitted, receipts, delivered, latencyMs: receipts > 0 ? Math.round(latency / receipts) : null };
}

/** The delivered share of the receipts, 0-100; null when there were none. */
export const deliveredPercent = (delivered: number, receipts: number): number | null =>
  receipts > 0 ? (100 * delivered) / receipts : null;

export const percentText = (p: number | null, t: T, lang: Language): string =>
  p === null ? t('carriers.noLatency') : formatPercent(p, lang);

/** "Last 60 minutes: 12 submits, 10 receipts, 90% delivered, mean latency 800 ms". */
export function hourSummary(minutes: CarrierMinute[], t: T, lang: Language): string {
  const s = hourTotals(minutes);
  return t('carriers.history.summary', {
    submitted: formatNumber(s.submitted, lang),
    receipts: formatNumber(s.receipts, lang),
    delivered: percentText(deliveredPercent(s.delivered, s.receipts), t, lang),
    latency: latencyMsText(s.latencyMs, t, lang),
  });
}

/** "0.0900", or "0.0900 (2 without a cost)" when some of today's records have no cost for their number. */
export function costText(today: CarrierHistory['today'], t: T, lang: Language): string {
  if (today.costUnknown === 0) return today.cost;
  return t('carriers.costWithUnknown', { cost: today.cost, n: formatNumber(today.costUnknown, lang) });
}
