import { describe, expect, it } from 'vitest';
import { countryName } from '../../contract/country-names';

describe('countryName', () => {
  it('names a region code in the language, never in Chinese on English screens', () => {
    expect(countryName('en', 'US', '美国')).toBe('United States');
    expect(countryName('en', 'jp', '日本')).toBe('Japan');
    expect(countryName('zh', 'US', '美国')).toBe('美国');
  });
  it('keeps the stored name when there is no usable code', () => {
    expect(countryName('en', null, 'x')).toBe('x');
    expect(countryName('en', '', null)).toBe('');
  });
});
