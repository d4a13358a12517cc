import { describe, expect, it } from 'vitest';
import { parseIntlSendList } from './international-send.rules';
import { parseMobiles } from './mobile.rules';
import { NUMBER_VECTORS } from './number-vectors';
import { checkNumbers, createNumberChecker, piecesOf, withoutCountries } from './send-numbers.rules';

describe('send number check in pieces', () => {
  it('counts valid, invalid and repeats like the platform, across newlines, commas, spaces and full-width separators', () => {
    const text = '13900000001\n13900000002，13900000003 12345\n13900000001；13900000004、12345';
    const c = checkNumbers('domestic', text);
    expect(c.valid).toEqual(['13900000001', '13900000002', '13900000003', '13900000004']);
    expect(c.invalid).toEqual(['12345']);
    expect(c.repeatCount).toBe(2);
    const whole = parseMobiles(text);
    expect(c.valid).toEqual(whole.valid);
  });

  it('gives the same totals however the list is cut, including repeats across pieces', () => {
    const lines = Array.from({ length: 3000 }, (_, i) =>
      i % 7 === 0 ? 'bad' + (i % 5) : String(13900000000 + (i % 2500)),
    );
    const text = lines.join('\n');
    const whole = checkNumbers('domestic', text);
    const c = createNumberChecker('domestic');
    for (const piece of piecesOf(text, 100)) c.add(piece);
    expect(c.result()).toEqual(whole);
    expect(whole.valid.length + whole.invalid.length + whole.repeatCount).toBe(3000);
  });

  it('counts destination countries for international lists with the platform rule', () => {
    const text = '+14155552671\n0044 7400 123456\n4155552672\n+14155552671\n+6591234567';
    const c = checkNumbers('international', text);
    const platform = parseIntlSendList(text);
    expect(c.valid).toEqual(platform.valid);
    expect(c.invalid).toEqual(platform.invalid);
    expect(c.repeatCount).toBe(platform.repeatCount);
    expect(c.countries).toEqual({ US: 1, GB: 1, SG: 1 });
    expect(c.validCountries).toEqual(['US', 'GB', 'SG']);
    const priced = withoutCountries(c, new Set(['SG']));
    expect(priced).toMatchObject({
      valid: ['+14155552671', '+447400123456'],
      validCountries: ['US', 'GB'],
      countries: { US: 1, GB: 1 },
    });
  });

  it('counts a domestic mobile written with +86 / 86 as its 11 digits, a repeat of the bare form in a later piece', () => {
    const c = createNumberChecker('domestic');
    c.add('13912345681\n');
    c.add('+8613912345681\n8613912345682\n');
    expect(c.result()).toMatchObject({ valid: ['13912345681', '13912345682'], invalid: [], repeatCount: 1 });
  });

  it('never cuts a number in two', () => {
    const text = '13900000001\n13900000002\n13900000003';
    expect([...piecesOf(text, 5)].join('')).toBe(text);
    expect([...piecesOf(text, 5)].every((p) => p.endsWith('\n') || p === '13900000003')).toBe(true);
  });
});

describe("the console's send lists read the number table as every door does", () => {
  it('domestic list: a mainland mobile in any written form is its 11 digits; anything else, a + number included, is invalid', () => {
    for (const v of NUMBER_VECTORS) {
      const c = checkNumbers('domestic', v.raw);
      if (v.kind === 'domestic') expect(c.valid, v.raw).toEqual([v.stored]);
      else expect([c.valid, c.invalid.length], v.raw).toEqual([[], 1]);
    }
  });

  it('international list: a number written with its country code is its E.164 and country; a mainland mobile so written is +86', () => {
    for (const v of NUMBER_VECTORS) {
      const c = checkNumbers('international', v.raw);
      const withCode = /^(\+|00)/.test(v.raw) && v.kind !== 'invalid';
      if (!withCode) expect([c.valid, c.invalid.length], v.raw).toEqual([[], 1]);
      else if (v.kind === 'international')
        expect([c.valid, c.validCountries], v.raw).toEqual([[v.stored], [v.country]]);
      else expect([c.valid, c.validCountries], v.raw).toEqual([[`+86${v.stored}`], ['CN']]);
    }
  });
});
