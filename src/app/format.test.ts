import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatMoney, formatNumber, formatPercent } from './format';

describe('formatting per language', () => {
  it('numbers and money', () => {
    expect(formatNumber(1234567, 'zh')).toBe('1,234,567');
    expect(formatNumber(1234567, 'en')).toBe('1,234,567');
    expect(formatMoney(5, 'zh')).toBe('5.00');
    expect(formatMoney(1234.5, 'en')).toBe('1,234.50');
  });

  it('ratios given as 0-100 become percentages', () => {
    expect(formatPercent(97.5, 'en')).toBe('97.5%');
    expect(formatPercent(0, 'zh')).toBe('0%');
  });

  it('chart days in each language', () => {
    expect(formatDate('2026-11-21', 'zh')).toBe('11月21日');
    expect(formatDate('2026-11-21', 'en')).toBe('Nov 21');
  });

  it('date-times differ by language and unparseable values pass through', () => {
    const t = Date.UTC(2026, 10, 21, 6, 5, 4);
    expect(formatDateTime(t, 'zh')).toMatch(/^2026年11月21日 \d{2}:05:04$/);
    expect(formatDateTime(t, 'en')).toMatch(/^Nov 21, 2026, \d{2}:05:04$/);
    expect(formatDateTime('not a date', 'en')).toBe('not a date');
  });
});
