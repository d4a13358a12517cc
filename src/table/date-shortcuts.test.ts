import { describe, expect, it } from 'vitest';
import { DATE_SHORTCUTS, shortcutRange } from './date-shortcuts';

// 15 March 2026, 10:30 in Shanghai (UTC+8); the ranges are days of that zone whatever the machine's zone is
const SH = 'Asia/Shanghai';
const d = (y: number, m: number, day: number) => Date.UTC(y, m, day) - 8 * 3_600_000;
const NOW = d(2026, 2, 15) + 10.5 * 3_600_000;

describe('date shortcuts of the list filters', () => {
  it('offers the ten shortcuts', () => expect(DATE_SHORTCUTS).toHaveLength(10));
  it("computes each range in the account's zone", () => {
    const endToday = d(2026, 2, 16) - 1;
    expect(shortcutRange('lastWeek', NOW, SH)).toEqual([d(2026, 2, 9), endToday]);
    expect(shortcutRange('lastMonth', NOW, SH)).toEqual([d(2026, 1, 14), endToday]);
    expect(shortcutRange('currentMonth', NOW, SH)).toEqual([d(2026, 2, 1), endToday]);
    expect(shortcutRange('previousMonth', NOW, SH)).toEqual([d(2026, 1, 1), d(2026, 2, 1) - 1]);
    expect(shortcutRange('thisYear', NOW, SH)).toEqual([d(2026, 0, 1), endToday]);
    expect(shortcutRange('last3Months', NOW, SH)).toEqual([d(2025, 11, 15), endToday]);
    expect(shortcutRange('halfYear', NOW, SH)).toEqual([d(2025, 8, 15), endToday]);
    expect(shortcutRange('lastYear', NOW, SH)).toEqual([d(2025, 2, 15), endToday]);
    expect(shortcutRange('last3Years', NOW, SH)).toEqual([d(2023, 2, 15), endToday]);
    expect(shortcutRange('last5Years', NOW, SH)).toEqual([d(2021, 2, 15), endToday]);
  });
  it('takes "today" from the account\'s zone, not the browser\'s', () => {
    // 23:30 UTC on 14 March is already 15 March in Shanghai, still 14 March in New York
    const late = Date.UTC(2026, 2, 14, 23, 30);
    expect(shortcutRange('lastWeek', late, SH)[1]).toBe(d(2026, 2, 16) - 1);
    const ny = shortcutRange('lastWeek', late, 'America/New_York');
    expect(ny[1]).toBe(Date.UTC(2026, 2, 15, 4) - 1); // end of 14 March in New York (UTC-4, summer time)
    expect(ny[0]).toBe(Date.UTC(2026, 2, 8, 5)); // 8 March, before the change to summer time (UTC-5)
  });
});
