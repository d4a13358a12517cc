import { describe, expect, it } from 'vitest';
import { billedSegments, decodeText, decodeUcs2, encodeText, encodeUcs2 } from './sms-text';

describe('message text by data_coding', () => {
  it('UCS-2 is big-endian UTF-16 and keeps surrogate pairs', () => {
    expect([...encodeUcs2('你')]).toEqual([0x4f, 0x60]);
    expect(decodeUcs2(encodeUcs2('短信😀'))).toBe('短信😀');
    expect(decodeUcs2(Buffer.from([0x00, 0x41, 0x00]))).toBe('A');
  });

  it('reads each supported coding', () => {
    expect(decodeText(0, Buffer.from([0x48, 0x69, 0x1b, 0x65]))).toBe('Hi€');
    expect(decodeText(3, Buffer.from([0x63, 0x61, 0x66, 0xe9]))).toBe('café');
    expect(decodeText(8, Buffer.from([0x4f, 0x60, 0x59, 0x7d]))).toBe('你好');
    expect(decodeText(1, Buffer.from('plain'))).toBe('plain');
    expect(decodeText(4, Buffer.from([1, 2]))).toBeNull();
    expect(decodeText(2, Buffer.from([1, 2]))).toBeNull();
  });

  it('picks GSM-7 when it can and UCS-2 otherwise for outgoing text', () => {
    expect(encodeText('id:1 stat:DELIVRD').dataCoding).toBe(0);
    expect(encodeText('回复').dataCoding).toBe(8);
  });

  it('bills text by the console rule, whatever coding carried it', () => {
    expect(billedSegments('a'.repeat(160), 160)).toBe(1);
    expect(billedSegments('a'.repeat(161), 161)).toBe(2);
    expect(billedSegments('你'.repeat(70), 140)).toBe(1);
    expect(billedSegments('你'.repeat(71), 142)).toBe(2);
    expect(billedSegments('', 0)).toBe(1);
    expect(billedSegments(null, 140)).toBe(1);
    expect(billedSegments(null, 141)).toBe(2);
    expect(billedSegments(null, 134 * 3)).toBe(3);
  });
});
