import { describe, expect, it } from 'vitest';
import { listText, numberList, optionalList, splitList } from './list-text';

describe('lists typed as text', () => {
  it('splits on commas, Chinese commas, semicolons and lines, trimming and dropping empty values', () => {
    expect(splitList('86138, 86139\n86150；86151，\r\n 852 ,,')).toEqual(['86138', '86139', '86150', '86151', '852']);
    expect(splitList('My Shop, 10690')).toEqual(['My Shop', '10690']);
    expect(splitList('')).toEqual([]);
    expect(splitList(undefined)).toEqual([]);
  });

  it('answers nothing for an empty list, so the rule matches any value', () => {
    expect(optionalList(' , \n')).toBeUndefined();
    expect(optionalList('CN')).toEqual(['CN']);
  });

  it('reads numbers, keeping a value that is no number as NaN for the contract to refuse', () => {
    expect(numberList('3, 1\n10')).toEqual([3, 1, 10]);
    expect(numberList('2, x')).toEqual([2, NaN]);
    expect(numberList('')).toBeUndefined();
  });

  it('writes a stored list, or a single stored value, back as text', () => {
    expect(listText(['86138', '86139'])).toBe('86138, 86139');
    expect(listText('852')).toBe('852');
    expect(listText([3, 1])).toBe('3, 1');
    expect(listText(undefined)).toBe('');
  });
});
