import { describe, expect, it } from 'vitest';
import { isLandline, isMobile, mobileSchema, parseMobiles } from './mobile.rules';

describe('isMobile', () => {
  it('accepts 11 digits starting 1[3-9]', () => {
    for (const n of ['13800138000', '15912345678', '19900000000', '16612345678']) expect(isMobile(n)).toBe(true);
  });
  it('rejects wrong length, letters and bad second digit', () => {
    for (const n of [
      '1380013800',
      '138001380001',
      '1380013800a',
      '12800138000',
      '11800138000',
      '',
      ' 13800138000',
      '+8613800138000',
    ])
      expect(isMobile(n)).toBe(false);
  });
  it('rejects 11-digit landline-looking numbers', () => {
    for (const n of ['01088886666', '02161234567', '07551234567', '4008001234', '40080012345', '80012345678']) {
      expect(isMobile(n)).toBe(false);
    }
    expect(isLandline('01088886666')).toBe(true);
    expect(isLandline('05711234567')).toBe(true);
    expect(isLandline('4008001234')).toBe(true);
    expect(isLandline('13800138000')).toBe(false);
  });
});

describe('mobileSchema', () => {
  it('gives catalogue keys', () => {
    expect(mobileSchema.safeParse(' 13800138000 ').data).toBe('13800138000');
    expect(mobileSchema.safeParse('').error?.issues[0].message).toBe('v.mobile.required');
    expect(mobileSchema.safeParse('01088886666').error?.issues[0].message).toBe('v.mobile.invalid');
  });
});

describe('parseMobiles', () => {
  it('splits on newlines, ASCII/full-width commas, semicolons and spaces, keeping first-seen order', () => {
    const text =
      '13800138000\n15912345678,13700000000，18600000000;18800000000；19900000000 17700000000\r\n\t16600000000　14700000000';
    expect(parseMobiles(text)).toEqual({
      valid: [
        '13800138000',
        '15912345678',
        '13700000000',
        '18600000000',
        '18800000000',
        '19900000000',
        '17700000000',
        '16600000000',
        '14700000000',
      ],
      invalid: [],
      duplicates: [],
    });
  });
  it('separates invalid tokens and reports duplicates once', () => {
    const r = parseMobiles('13800138000, abc\n01088886666\n13800138000\n13800138000;abc;15912345678');
    expect(r.valid).toEqual(['13800138000', '15912345678']);
    expect(r.invalid).toEqual(['abc', '01088886666']);
    expect(r.duplicates).toEqual(['13800138000', 'abc']);
  });
  it('reads a mobile written with +86, 0086 or 86, or in groups, as its 11 digits, a repeat of the bare form', () => {
    const r = parseMobiles(
      '+8613912345681\n8613912345682\n008613912345683\n13912345681\n+86 13912345684\n+8601088886666\n861391234568\n139 1234 5685',
    );
    expect(r.valid).toEqual(['13912345681', '13912345682', '13912345683', '13912345684', '13912345685']);
    expect(r.invalid).toEqual(['+8601088886666', '861391234568']);
    expect(r.duplicates).toEqual(['13912345681']);
  });
  it('empty input yields nothing', () => {
    expect(parseMobiles('  \n ,, ')).toEqual({ valid: [], invalid: [], duplicates: [] });
  });
});
