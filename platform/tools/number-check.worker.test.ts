import { describe, expect, it } from 'vitest';
import { numberStatusOf } from '../records/number-status';
import { countStatuses } from './number-check.worker';

describe('number-check counts', () => {
  it('counts each status once per number, invalid numbers apart', () => {
    const mobiles = ['13800138000', '13912345678', '15000000001', '123', 'abc'];
    const c = countStatuses(mobiles);
    expect(c.invalid).toBe(2);
    expect(Object.values(c).reduce((a, b) => a + b, 0)).toBe(5);
    expect(c[numberStatusOf('13800138000') as keyof typeof c]).toBeGreaterThan(0);
  });
});
