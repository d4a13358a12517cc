import { describe, expect, it } from 'vitest';
import { carrierCostSaveEndpoint } from '../../contract/endpoints/carrier-cost.endpoints';
import { costRequest, costValues, newCost } from './cost-form-values';

describe('the cost form values', () => {
  it('turn into a request the contract takes, the cost kept as its text', () => {
    const at = Date.UTC(2026, 5, 1);
    const request = costRequest({ ...newCost(at), carrier: ' a ', country: 'us', cost: '0.0125' });
    expect(request).toEqual({ carrier: 'a', country: 'US', cost: '0.0125', effectiveFrom: '2026-06-01T00:00:00.000Z' });
    expect(carrierCostSaveEndpoint.request.safeParse(request).success).toBe(true);
  });

  it('round-trip a stored cost, with its id', () => {
    const row = {
      id: 7,
      carrier: 'a',
      country: null,
      prefix: '86139',
      cost: '0.0200',
      effectiveFrom: '2026-06-01T00:00:00.000Z',
      updatedAt: '2026-06-01T00:00:00.000Z',
      updatedBy: 'operator',
    };
    expect(costRequest(costValues(row), 7)).toEqual({
      id: 7,
      carrier: 'a',
      prefix: '86139',
      cost: '0.0200',
      effectiveFrom: row.effectiveFrom,
    });
  });

  it('leave a missing scope, a float-like cost or no date for the contract to refuse', () => {
    const schema = carrierCostSaveEndpoint.request;
    expect(schema.safeParse(costRequest({ ...newCost(0), carrier: 'a', cost: '1' })).success).toBe(false);
    expect(schema.safeParse(costRequest({ ...newCost(0), carrier: 'a', country: 'CN', cost: '0.00001' })).success).toBe(
      false,
    );
    expect(
      schema.safeParse(costRequest({ ...newCost(0), carrier: 'a', country: 'CN', cost: '1', effectiveFrom: null }))
        .success,
    ).toBe(false);
  });
});
