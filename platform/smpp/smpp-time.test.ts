import { describe, expect, it } from 'vitest';
import { STATUS } from './command-status';
import { parseSmppTime, timesRefusal } from './smpp-time';

const NOW = Date.UTC(2026, 10, 27, 12, 0, 0);

describe('SMPP times', () => {
  it('reads absolute times with their offset from UTC and relative times from now', () => {
    expect(parseSmppTime('', NOW)).toBeNull();
    // 20:00 at UTC+8 (32 quarter hours) is 12:00 UTC
    expect(parseSmppTime('261127200000032+', NOW)).toEqual(new Date(NOW));
    expect(parseSmppTime('261127100000008-', NOW)).toEqual(new Date(NOW));
    expect(parseSmppTime('300101000000000+', NOW)).toEqual(new Date(Date.UTC(2030, 0, 1)));
    expect(parseSmppTime('000001023000000R', NOW)).toEqual(new Date(NOW + 26.5 * 3_600_000));
  });

  it('refuses what is not an SMPP time', () => {
    for (const bad of ['garbage!!', '2611272000000', '261327200000032+', '260231000000000+', '261127200000049+', '000001000000100R'])
      expect(parseSmppTime(bad, NOW), bad).toBe('invalid');
  });

  it('refuses malformed times, a later schedule and a validity already over, and takes the rest', () => {
    const at = (scheduleDeliveryTime: string, validityPeriod = '') => timesRefusal({ scheduleDeliveryTime, validityPeriod }, NOW)?.status;
    expect(at('garbage!!')).toBe(STATUS.RINVSCHED);
    expect(at('300101000000000+')).toBe(STATUS.RINVSCHED);
    expect(at('', 'garbage!!')).toBe(STATUS.RINVEXPIRY);
    expect(at('', '261127110000000+')).toBe(STATUS.RINVEXPIRY);
    expect(at('261127120000000+', '000001000000000R')).toBeUndefined();
    expect(at('')).toBeUndefined();
  });
});
