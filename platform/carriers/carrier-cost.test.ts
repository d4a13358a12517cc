import { describe, expect, it } from 'vitest';
import { costCountry, costUnits, unitsText } from './carrier-cost';

describe('carrier cost arithmetic', () => {
  it('counts money in whole 1/10000 yuan, exactly, past what a float holds', () => {
    expect(costUnits('0.03')).toBe(300n);
    expect(costUnits('12.3456')).toBe(123_456n);
    expect(unitsText(costUnits('0.0300') * 3n)).toBe('0.0900');
    expect(unitsText(costUnits('99999999.9999') * 32_767n)).toBe('3276699999996.7233');
    expect(unitsText(0n)).toBe('0.0000');
  });

  it('finds a mainland number without a country under CN', () => {
    expect(costCountry('8613800000000', null)).toBe('CN');
    expect(costCountry('14155550100', 'US')).toBe('US');
    expect(costCountry('14155550100', null)).toBeNull();
  });
});
