import { describe, expect, it } from 'vitest';
import { dateOfDay, dayOfDate, lastDays, platformDay } from './margin-days';

describe('the margins days', () => {
  it('are China days: 17:00 UTC is already the next day', () => {
    expect(platformDay(Date.UTC(2026, 2, 31, 17))).toBe('2026-04-01');
    expect(lastDays(Date.UTC(2026, 2, 31, 12), 7)).toEqual({ from: '2026-03-25', to: '2026-03-31' });
  });

  it('round-trip through the calendar', () => {
    expect(dayOfDate(dateOfDay('2026-01-09'))).toBe('2026-01-09');
  });
});
