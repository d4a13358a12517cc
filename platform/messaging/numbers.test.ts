import { describe, expect, it } from 'vitest';
import { createSimulator } from './simulator';
import { parseDomestic, parseDomesticSliced, parseInternational, parseInternationalSliced } from './numbers';
import { monthIn, parseTimingTime } from './timing';

describe('number lists', () => {
  it('counts valid, invalid and repeated domestic numbers', () => {
    expect(parseDomestic('13900000001\n13900000002, 13900000001 13900000001\n12345\n01012345678')).toEqual({
      valid: ['13900000001', '13900000002'],
      invalidCount: 2,
      repeatCount: 2,
    });
  });

  it('takes international numbers with +CC or 00CC only, as E.164 with their country', () => {
    const p = parseInternational('+1 415 555 2671\n0044 7400 123456\n4155552672\n+14155552671\n+999123');
    expect(p.valid).toEqual(['+14155552671', '+447400123456']);
    expect(p.countries).toEqual(['US', 'GB']);
    expect(p.invalidCount).toBe(2);
    expect(p.repeatCount).toBe(1);
  });
});

describe('timing_time', () => {
  it('reads ISO with an offset and local times in the account zone', () => {
    expect(parseTimingTime('2026-11-21T18:00:00+08:00', 'Asia/Shanghai').toISOString()).toBe(
      '2026-11-21T10:00:00.000Z',
    );
    expect(parseTimingTime('2026-11-21 18:00:00', 'Asia/Shanghai').toISOString()).toBe('2026-11-21T10:00:00.000Z');
    expect(parseTimingTime('2026-07-01 12:00', 'Europe/Berlin').toISOString()).toBe('2026-07-01T10:00:00.000Z');
    expect(() => parseTimingTime('2026-02-30 10:00:00', 'Asia/Shanghai')).toThrow();
    expect(() => parseTimingTime('soon', 'Asia/Shanghai')).toThrow();
  });

  it('files a record under the month of the account zone', () => {
    expect(monthIn('Asia/Shanghai', new Date('2026-11-30T17:00:00Z'))).toBe('202612');
  });
});

describe('simulator', () => {
  it('draws outcomes by the configured rates with realistic failure codes', () => {
    let seed = 1;
    const random = () => ((seed = (seed * 16807) % 2147483647) - 1) / 2147483646;
    const sim = createSimulator({ reviewMs: 1, reportMs: 1, successRate: 0.7, failureRate: 0.2, replyRate: 0 }, random);
    const counts = { 0: 0, 600: 0, 700: 0 };
    for (let i = 0; i < 10_000; i++) {
      const r = sim.report({ sn: String(i), prod_type: 0, cus_id: 'X', mobile: '13900000000', content: 'x' });
      counts[r.mt_status] += 1;
      if (r.mt_status === 700) expect(r.report_result_desc).toBeTruthy();
    }
    expect(counts[0] / 10_000).toBeCloseTo(0.7, 1);
    expect(counts[700] / 10_000).toBeCloseTo(0.2, 1);
    expect(counts[600] / 10_000).toBeCloseTo(0.1, 1);
  });
});

describe('number lists read in slices', () => {
  // lists longer than a slice, with repeats inside a slice and across slices, as pasted
  const domestic = Array.from({ length: 2600 }, (_, i) =>
    i % 97 === 0 ? `bad${i % 3}` : String(13900000000 + (i % 1700)),
  ).join('\n');
  const intl = Array.from({ length: 1300 }, (_, i) =>
    i % 89 === 0
      ? `+999${i % 2}`
      : i % 3
        ? `+1415555${String(1000 + (i % 900)).padStart(4, '0')}`
        : `0044 7400 ${String(100000 + (i % 700))}`,
  ).join('\n');

  it('answer what the one-pass parsers answer', async () => {
    expect(await parseDomesticSliced(domestic)).toEqual(parseDomestic(domestic));
    expect(await parseDomesticSliced('13900000001\n13900000002, 13900000001 13900000001\n12345\n01012345678')).toEqual(
      parseDomestic('13900000001\n13900000002, 13900000001 13900000001\n12345\n01012345678'),
    );
    expect(await parseInternationalSliced(intl)).toEqual(parseInternational(intl));
  });
});
