import { describe, expect, it } from 'vitest';
import { DATE_SHORTCUTS, shortcutRange } from './date-shortcuts';

const NOW = new Date(2026, 2, 15, 10, 30).getTime(); // 15 March 2026, local time
const d = (y: number, m: number, day: number) => new Date(y, m, day).getTime();

describe('date shortcuts of spec §2', () => {
  it('offers the ten shortcuts', () => expect(DATE_SHORTCUTS).toHaveLength(10));
  it('computes each range', () => {
    const endToday = d(2026, 2, 16) - 1;
    expect(shortcutRange('lastWeek', NOW)).toEqual([d(2026, 2, 9), endToday]);
    expect(shortcutRange('lastMonth', NOW)).toEqual([d(2026, 1, 14), endToday]);
    expect(shortcutRange('currentMonth', NOW)).toEqual([d(2026, 2, 1), endToday]);
    expect(shortcutRange('previousMonth', NOW)).toEqual([d(2026, 1, 1), d(2026, 2, 1) - 1]);
    expect(shortcutRange('thisYear', NOW)).toEqual([d(2026, 0, 1), endToday]);
    expect(shortcutRange('last3Months', NOW)).toEqual([d(2025, 11, 15), endToday]);
    expect(shortcutRange('halfYear', NOW)).toEqual([d(2025, 8, 15), endToday]);
    expect(shortcutRange('lastYear', NOW)).toEqual([d(2025, 2, 15), endToday]);
    expect(shortcutRange('last3Years', NOW)).toEqual([d(2023, 2, 15), endToday]);
    expect(shortcutRange('last5Years', NOW)).toEqual([d(2021, 2, 15), endToday]);
  });
});
