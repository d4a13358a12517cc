import { describe, expect, it } from 'vitest';
import {
  displayTimeZone,
  formatDate,
  formatDateTime,
  formatMoney,
  formatNumber,
  formatPercent,
  parseTime,
  setDisplayTimeZone,
  zoneLabel,
} from './format';

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

  it('every time shows in the account zone, whatever the browser zone; wall-clock strings are read there too', () => {
    setDisplayTimeZone(undefined);
    expect(displayTimeZone()).toBe('Asia/Shanghai');
    const t = Date.UTC(2026, 10, 21, 23, 5, 4);
    // 23:05 UTC is 07:05 the next morning in Shanghai
    expect(formatDateTime(t, 'en')).toBe('Nov 22, 2026, 07:05:04');
    // the platform's last login string, written in the account zone, names the same instant
    expect(parseTime('2026-11-22 07:05:04')).toBe(t);
    expect(formatDateTime('2026-11-22 07:05:04', 'en')).toBe(formatDateTime(t, 'en'));
    expect(zoneLabel(t)).toBe('UTC+8');
    setDisplayTimeZone('America/St_Johns');
    expect(zoneLabel(t)).toBe('UTC-3:30');
    expect(parseTime('2026-11-21 19:35:04')).toBe(t);
    setDisplayTimeZone('Not/AZone');
    expect(displayTimeZone()).toBe('Asia/Shanghai');
  });
});
