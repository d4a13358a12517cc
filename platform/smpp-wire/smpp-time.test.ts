import { describe, expect, it } from 'vitest';
import { STATUS } from './command-status';
import { absoluteSmppTime, expiryOf, fixedValidity, MAX_VALIDITY_MS, parseSmppTime, timesRefusal } from './smpp-time';

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
    for (const bad of [
      'garbage!!',
      '2611272000000',
      '261327200000032+',
      '260231000000000+',
      '261127200000049+',
      '000001000000100R',
    ])
      expect(parseSmppTime(bad, NOW), bad).toBe('invalid');
  });

  it('refuses malformed times, a later schedule and a validity already over, and takes the rest', () => {
    const at = (scheduleDeliveryTime: string, validityPeriod = '') =>
      timesRefusal({ scheduleDeliveryTime, validityPeriod }, NOW)?.status;
    expect(at('garbage!!')).toBe(STATUS.RINVSCHED);
    expect(at('300101000000000+')).toBe(STATUS.RINVSCHED);
    expect(at('', 'garbage!!')).toBe(STATUS.RINVEXPIRY);
    expect(at('', '261127110000000+')).toBe(STATUS.RINVEXPIRY);
    expect(at('261127120000000+', '000001000000000R')).toBeUndefined();
    expect(at('')).toBeUndefined();
  });

  it('fixes a relative validity at arrival and cuts a validity to the platform maximum', () => {
    expect(absoluteSmppTime(new Date(NOW + 1_250))).toBe('261127120001200+');
    // five seconds after arrival stays five seconds after arrival, however late the message is stored
    const fixed = fixedValidity('000000000005000R', NOW);
    expect(parseSmppTime(fixed, NOW + 60_000)).toEqual(new Date(NOW + 5_000));
    expect(fixedValidity('261127200000032+', NOW)).toBe('261127200000032+');
    expect(fixedValidity('', NOW)).toBe('');
    expect(expiryOf('', NOW)).toBeNull();
    expect(expiryOf('000001000000000R', NOW)).toEqual(new Date(NOW + 24 * 3_600_000));
    expect(expiryOf('000010000000000R', NOW)).toEqual(new Date(NOW + MAX_VALIDITY_MS));
    expect(MAX_VALIDITY_MS).toBe(72 * 3_600_000);
  });
});
