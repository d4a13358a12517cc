import { describe, expect, it } from 'vitest';
import { billingSegmentLength, countSegments, isGsm7Char } from './segments';

const gsm = (n: number) => 'a'.repeat(n);
const han = (n: number) => '中'.repeat(n);

describe('countSegments', () => {
  it('empty text is 0 segments', () => {
    expect(countSegments('')).toEqual({ encoding: 'GSM-7', units: 0, segments: 0, perSegment: 160 });
  });

  it('GSM-7: 160 chars fit one segment, 161 need two of 153', () => {
    expect(countSegments(gsm(160))).toEqual({ encoding: 'GSM-7', units: 160, segments: 1, perSegment: 160 });
    expect(countSegments(gsm(161))).toEqual({ encoding: 'GSM-7', units: 161, segments: 2, perSegment: 153 });
  });

  it('GSM-7: 153*2 chars are two parts, one more is three', () => {
    expect(countSegments(gsm(306)).segments).toBe(2);
    expect(countSegments(gsm(307)).segments).toBe(3);
  });

  it('extension chars take two septets', () => {
    expect(countSegments('€')).toMatchObject({ encoding: 'GSM-7', units: 2, segments: 1 });
    expect(countSegments(gsm(158) + '{')).toMatchObject({ units: 160, segments: 1 });
    expect(countSegments(gsm(159) + '{')).toMatchObject({ units: 161, segments: 2 });
    for (const ch of '^{}\\[~]|€\f') expect(countSegments(ch).units).toBe(2);
  });

  it('an escape pair straddling a part boundary moves whole to the next part', () => {
    // 306 septets would fit 2 parts exactly, but the € at septets 153-154 cannot be split.
    const text = gsm(152) + '€' + gsm(152);
    expect(countSegments(text)).toMatchObject({ encoding: 'GSM-7', units: 306, segments: 3, perSegment: 153 });
    // not straddling: the same length with the € inside the first part stays at 2.
    expect(countSegments('€' + gsm(304)).segments).toBe(2);
  });

  it('UCS-2: 70 Chinese chars fit one segment, 71 need two of 67', () => {
    expect(countSegments(han(70))).toEqual({ encoding: 'UCS-2', units: 70, segments: 1, perSegment: 70 });
    expect(countSegments(han(71))).toEqual({ encoding: 'UCS-2', units: 71, segments: 2, perSegment: 67 });
    expect(countSegments(han(134)).segments).toBe(2);
    expect(countSegments(han(135)).segments).toBe(3);
  });

  it('one non-GSM char switches the whole text to UCS-2', () => {
    expect(countSegments(gsm(70) + '中')).toMatchObject({ encoding: 'UCS-2', units: 71, segments: 2 });
    // GSM extension chars in UCS-2 count as one code unit
    expect(countSegments('中€')).toMatchObject({ encoding: 'UCS-2', units: 2 });
  });

  it('an emoji counts two UTF-16 units and never straddles 67', () => {
    expect(countSegments('😀')).toMatchObject({ encoding: 'UCS-2', units: 2, segments: 1 });
    expect(countSegments(han(68) + '😀')).toMatchObject({ units: 70, segments: 1 });
    expect(countSegments(han(69) + '😀')).toMatchObject({ units: 71, segments: 2 });
    // 134 units would fit 2 parts, but the emoji at units 67-68 moves whole into part 2.
    expect(countSegments(han(66) + '😀' + han(66))).toMatchObject({ units: 134, segments: 3, perSegment: 67 });
    expect(countSegments('😀' + han(132)).segments).toBe(2);
  });

  it('knows the GSM-7 alphabet', () => {
    expect([...'@£$¥èΔ_ÆßÉ¡Ä§¿àü\n\r '].every(isGsm7Char)).toBe(true);
    expect(['中', 'ç', '`', '😀', 'á'].some(isGsm7Char)).toBe(false);
    expect(countSegments('`').encoding).toBe('UCS-2');
  });
});

describe('billingSegmentLength (spec rule)', () => {
  it('160 for English and digits, 70 with any other character', () => {
    expect(billingSegmentLength('Hello 123, code: 4567!')).toBe(160);
    expect(billingSegmentLength('')).toBe(160);
    expect(billingSegmentLength('Hello 你好')).toBe(70);
    expect(billingSegmentLength('café')).toBe(70);
  });
});
