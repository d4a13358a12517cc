import { describe, expect, it } from 'vitest';
import type { CarrierMinute } from '../../contract/endpoints/carrier-history.endpoints';
import { costText, deliveredPercent, hourSummary, hourTotals } from './carrier-history-text';

const minute = (over: Partial<CarrierMinute>): CarrierMinute => ({
  minute: '2026-11-29T08:00:00.000Z',
  submitted: 0,
  accepted: 0,
  receipts: 0,
  delivered: 0,
  latencyMs: null,
  ...over,
});
const t = (key: string, params?: Record<string, unknown>) => `${key}${params ? JSON.stringify(params) : ''}`;

describe('the last hour as text', () => {
  it('sums the minutes, the latency as the mean over every receipt', () => {
    const minutes = [
      minute({ submitted: 3, receipts: 1, delivered: 1, latencyMs: 2000 }),
      minute({ submitted: 1, receipts: 3, delivered: 2, latencyMs: 1000 }),
      minute({}),
    ];
    expect(hourTotals(minutes)).toEqual({ submitted: 4, receipts: 4, delivered: 3, latencyMs: 1250 });
    expect(hourTotals([minute({ submitted: 2 })]).latencyMs).toBeNull();
  });

  it('says no ratio without receipts rather than 0%', () => {
    expect(deliveredPercent(0, 0)).toBeNull();
    expect(deliveredPercent(3, 4)).toBe(75);
    expect(hourSummary([minute({ submitted: 2 })], t, 'en')).toBe(
      'carriers.history.summary{"submitted":"2","receipts":"0","delivered":"carriers.noLatency","latency":"carriers.noLatency"}',
    );
    expect(hourSummary([minute({ submitted: 2, receipts: 4, delivered: 3, latencyMs: 800 })], t, 'en')).toContain(
      '"delivered":"75%"',
    );
  });

  it("shows the platform's cost text as it is, with the records without a cost counted apart", () => {
    expect(costText({ records: 3, segments: 3, cost: '0.0900', costUnknown: 0 }, t, 'en')).toBe('0.0900');
    expect(costText({ records: 3, segments: 3, cost: '0.0900', costUnknown: 2 }, t, 'en')).toBe(
      'carriers.costWithUnknown{"cost":"0.0900","n":"2"}',
    );
  });
});
