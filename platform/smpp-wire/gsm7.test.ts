import { describe, expect, it } from 'vitest';
import { countSegments } from '../../contract/segments';
import { decodeGsm7, encodeGsm7, gsm7Length, isGsm7Encodable } from './gsm7';

describe('GSM 03.38 default alphabet', () => {
  it('maps the basic table by position', () => {
    expect([...encodeGsm7('@£$¥')]).toEqual([0, 1, 2, 3]);
    expect([...encodeGsm7('ΔÆÉ')]).toEqual([0x10, 0x1c, 0x1f]);
    expect([...encodeGsm7(' A¿aà')]).toEqual([0x20, 0x41, 0x60, 0x61, 0x7f]);
    expect([...encodeGsm7('\n\r')]).toEqual([0x0a, 0x0d]);
  });

  it('writes extension characters as escape plus code, and reads them back', () => {
    expect([...encodeGsm7('€')]).toEqual([0x1b, 0x65]);
    expect([...encodeGsm7('{}[]~\\|^\f')]).toEqual([
      0x1b, 0x28, 0x1b, 0x29, 0x1b, 0x3c, 0x1b, 0x3e, 0x1b, 0x3d, 0x1b, 0x2f, 0x1b, 0x40, 0x1b, 0x14, 0x1b, 0x0a,
    ]);
    const text = 'Price: 5€ {ok} [1|2] ~^\\ @home ÄÖÑÜ§ äöñü';
    expect(decodeGsm7(encodeGsm7(text))).toBe(text);
  });

  it('round-trips every character of both tables', () => {
    const all =
      [...Array(128).keys()]
        .filter((c) => c !== 0x1b)
        .map((c) => decodeGsm7(Buffer.from([c])))
        .join('') + '^{}\\[~]|€\f';
    expect(isGsm7Encodable(all)).toBe(true);
    expect(decodeGsm7(encodeGsm7(all))).toBe(all);
  });

  it('reads what is not a septet the way a handset shows it', () => {
    expect(decodeGsm7(Buffer.from([0x1b, 0x41]))).toBe('A');
    expect(decodeGsm7(Buffer.from([0x41, 0x1b]))).toBe('A ');
    expect(decodeGsm7(Buffer.from([0xc1]))).toBe('A');
  });

  it('replaces what it cannot write, or refuses when strict', () => {
    expect(encodeGsm7('a你b').toString('latin1')).toBe('a?b');
    expect(() => encodeGsm7('你', true)).toThrow(RangeError);
    expect(isGsm7Encodable('你')).toBe(false);
  });

  it('counts septets and segments as the console does', () => {
    expect(gsm7Length('abc€')).toBe(5);
    expect(countSegments('a'.repeat(160)).segments).toBe(1);
    expect(countSegments('a'.repeat(159) + '€').segments).toBe(2);
    expect(countSegments('a'.repeat(161)).segments).toBe(2);
    // an escape pair never straddles two parts: 152 + €(2) goes to the next part
    expect(countSegments('a'.repeat(152) + '€' + 'a'.repeat(152)).segments).toBe(3);
    for (const text of ['hello', 'x'.repeat(306), 'x'.repeat(307), '€'.repeat(80), 'a{b}c'.repeat(40)]) {
      expect(countSegments(text).units).toBe(gsm7Length(text));
    }
  });
});
