import { z } from 'zod';

// What a request field may hold (DESIGN: "Platform bounds"): PostgreSQL rejects NUL in text, smallint overflows at
// 32768, integer at 2^31, a btree index row holds ~2.7 KB, and JavaScript dates end at 8.64e15 ms. Every request field
// is built from these, so bad input fails validation with a 400 that names the field instead of failing in the database.
// contract/bounds.test.ts walks every endpoint's request schema and refuses a string or number without its bound.

export const INT16_MAX = 32_767;
export const INT32_MAX = 2_147_483_647;
/** Latest time a request may carry: 9999-12-31T23:59:59.999Z (Date's own end is 8.64e15). */
export const MAX_EPOCH_MS = 253_402_300_799_999;
/** Longest text an indexed column takes: well under the btree row limit even at 4 bytes a character. */
export const INDEXED_TEXT_MAX = 200;
/** Longest free text (contents, remarks, JSON blobs) a request may carry. */
export const LONG_TEXT_MAX = 10_000;

/** NUL, or a UTF-16 surrogate that is not part of a pair: PostgreSQL cannot store either as UTF-8 text. */
// eslint-disable-next-line no-control-regex -- finding NUL is the point
export const UNSTORABLE_TEXT = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
export const isStorableText = (v: string) => !UNSTORABLE_TEXT.test(v);

/** A string of `min` to `max` characters that PostgreSQL can store. */
export const text = (max: number = INDEXED_TEXT_MAX, min = 0) =>
  z.string().min(min).max(max).refine(isStorableText, 'v.badText');

/** Whole numbers in a column's range. */
export const int16 = (min = 0, max = INT16_MAX) => z.number().int().min(min).max(max);
export const int32 = (min = 0, max = INT32_MAX) => z.number().int().min(min).max(max);
/** The same, accepting numeric strings (query strings and forms). */
export const coercedInt16 = (min = 0, max = INT16_MAX) => z.coerce.number().int().min(min).max(max);
export const coercedInt32 = (min = 0, max = INT32_MAX) => z.coerce.number().int().min(min).max(max);
/** Epoch milliseconds a Date and a timestamptz can hold. */
export const epochMs = () => z.coerce.number().int().min(0).max(MAX_EPOCH_MS);
/** Money in yuan: two decimals' worth of a numeric(14,2) column. */
export const money = (min = 0, max = 999_999_999_999) => z.number().min(min).max(max);

/** Deeper than any request of the contract nests. */
const MAX_DEPTH = 32;

/** Where a request carries text PostgreSQL cannot store (NUL, a lone surrogate; in a key or a value), or nests past
 * any schema, as a dotted path; null when it is clean. Checked before validation, so no route can miss it. */
export function unstorablePath(input: unknown): { path: string; key: 'v.badText' | 'v.field.tooDeep' } | null {
  const stack: Array<{ v: unknown; path: string; depth: number }> = [{ v: input, path: '', depth: 0 }];
  while (stack.length) {
    const { v, path, depth } = stack.pop()!;
    if (typeof v === 'string') {
      if (!isStorableText(v)) return { path: path || 'body', key: 'v.badText' };
      continue;
    }
    if (v === null || typeof v !== 'object') continue;
    if (depth >= MAX_DEPTH) return { path: path || 'body', key: 'v.field.tooDeep' };
    for (const [k, child] of Object.entries(v)) {
      const at = path ? `${path}.${k}` : k;
      if (!isStorableText(k)) return { path: path || 'body', key: 'v.badText' };
      stack.push({ v: child, path: at, depth: depth + 1 });
    }
  }
  return null;
}
