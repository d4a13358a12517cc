import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  checkPlaceholders,
  fillPlaceholders,
  invalidPlaceholders,
  maxPlaceholderIndex,
  namedPlaceholders,
  placeholderIndexes,
  unfilledPlaceholders,
} from './template-placeholders';

describe('template placeholders', () => {
  it('highest ${pN} index', () => {
    expect(maxPlaceholderIndex('Dear ${p1}, your code is ${p3}; ${p2}')).toBe(3);
    expect(maxPlaceholderIndex('${p10} and ${p9}')).toBe(10);
    expect(maxPlaceholderIndex('no placeholders, $p1, {p2}, ${q3}, ${p}')).toBe(0);
    expect(maxPlaceholderIndex('')).toBe(0);
  });
  it('distinct indexes ascending; what is no placeholder counts for none', () => {
    expect(placeholderIndexes('${p2}${p1}${p2}${p0}')).toEqual([1, 2]);
    // an index past the sheet's columns, or written with a leading zero, is no placeholder: it is refused, not filled
    expect(placeholderIndexes('${p999} ${p1000} ${p01}')).toEqual([999]);
  });
  it('fills values and leaves missing ones', () => {
    expect(fillPlaceholders('Hi ${p1}, ${p2}!', ['Li', 'welcome'])).toBe('Hi Li, welcome!');
    expect(fillPlaceholders('Hi ${p1}, ${p3}', ['Li'])).toBe('Hi Li, ${p3}');
    expect(fillPlaceholders('${p1}', ['$& literal'])).toBe('$& literal');
  });

  // [text, the invalid placeholders it holds, as written]
  const vectors: Array<[string, string[]]> = [
    ['Your code is ${p1}, ${p2} and ${p10}', []],
    ['no variable at all, $100, {p1}, $ {p1}', []],
    ['', []],
    ['Dear ${name}', ['${name}']],
    ['${}', ['${}']],
    ['${p0}', ['${p0}']],
    ['${ p1}', ['${ p1}']],
    ['${p1 }', ['${p1 }']],
    ['${P1}', ['${P1}']],
    ['${p}', ['${p}']],
    ['${p01}', ['${p01}']],
    ['${p1000}', ['${p1000}']],
    ['${p-1}', ['${p-1}']],
    ['${p1.5}', ['${p1.5}']],
    ['Hi ${p1, welcome', ['${p1']],
    ['ends open ${', ['${']],
    ['${${p1}}', ['${']],
    ['${name} and ${name} and ${x}', ['${name}', '${x}']],
    ['${p1}${name}${p2}', ['${name}']],
    ['line ${p1\n} next', ['${p1']],
    // a name too long to be one is cut where the scan stops looking (30 characters)
    [`\${${'a'.repeat(40)}}`, [`\${${'a'.repeat(30)}`]],
  ];
  it.each(vectors)('invalid placeholders of %j', (text, invalid) => {
    expect(invalidPlaceholders(text)).toEqual(invalid);
  });

  it('a refusal names at most three', () => {
    expect(namedPlaceholders(['${a}'])).toBe('${a}');
    expect(namedPlaceholders(['${a}', '${b}', '${c}', '${d}'])).toBe('${a} ${b} ${c} …');
    expect(unfilledPlaceholders('${p2} ${p1}')).toBe('${p1}、${p2}');
  });

  it('as a schema check: one issue naming them, none for valid text', () => {
    const schema = z.string().superRefine(checkPlaceholders);
    expect(schema.safeParse('Hi ${p1}').success).toBe(true);
    const issue = schema.safeParse('Hi ${name} ${p0}').error?.issues;
    expect(issue).toHaveLength(1);
    expect(issue?.[0]).toMatchObject({ message: 'v.template.placeholderInvalid', params: { names: '${name} ${p0}' } });
  });
});
