import { describe, expect, it } from 'vitest';
import { fillPlaceholders, maxPlaceholderIndex, placeholderIndexes } from './template-placeholders';

describe('template placeholders', () => {
  it('highest ${pN} index', () => {
    expect(maxPlaceholderIndex('Dear ${p1}, your code is ${p3}; ${p2}')).toBe(3);
    expect(maxPlaceholderIndex('${p10} and ${p9}')).toBe(10);
    expect(maxPlaceholderIndex('no placeholders, $p1, {p2}, ${q3}, ${p}')).toBe(0);
    expect(maxPlaceholderIndex('')).toBe(0);
  });
  it('distinct indexes ascending', () => {
    expect(placeholderIndexes('${p2}${p1}${p2}${p0}')).toEqual([1, 2]);
  });
  it('fills values and leaves missing ones', () => {
    expect(fillPlaceholders('Hi ${p1}, ${p2}!', ['Li', 'welcome'])).toBe('Hi Li, welcome!');
    expect(fillPlaceholders('Hi ${p1}, ${p3}', ['Li'])).toBe('Hi Li, ${p3}');
    expect(fillPlaceholders('${p1}', ['$& literal'])).toBe('$& literal');
  });
});
