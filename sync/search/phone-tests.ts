// Phone tests: digit needles are integer operations on the phone column; other phones are compared as text.

/** Phones of 1–15 digits are held as numbers; any other phone as text. */
export const PHONE_DIGITS = /^\d{1,15}$/;
const POW10 = Array.from({ length: 17 }, (_, i) => 10 ** i);
/** the same up to 10^9, as int32 (a double array would make every step below a double division). */
const POW10_32 = Int32Array.from({ length: 10 }, (_, i) => 10 ** i);

/** The phone columns a test reads (Columns holds them, row by row). */
export interface PhoneColumns {
  phone: Float64Array;
  /** the phone's digits; 0 when it is held as text. */
  plen: Uint8Array;
  /** digitPairs of each phone. */
  pairs: Uint32Array;
  /** phones that are not 1–15 digits, by row. */
  raw: Map<number, string>;
}

/** A bit per pair of neighbouring digits (100 pairs hashed into 32 bits): a phone that lacks a bit of the needle's
 * cannot contain it. About a quarter of the bits are set for an 11-digit phone, so a 4-digit needle's three pairs
 * leave about 3 rows in 100 to the exact test. */
export function digitPairs(p: string): number {
  let bits = 0;
  for (let i = 0; i + 1 < p.length; i++) {
    const a = p.charCodeAt(i) - 48;
    const b = p.charCodeAt(i + 1) - 48;
    if (a >= 0 && a <= 9 && b >= 0 && b <= 9) bits |= 1 << (Math.imul(a * 10 + b + 1, 0x9e3779b1) >>> 27);
  }
  return bits;
}

/** The test of one row for a phone filter. */
export function phoneTest(c: PhoneColumns, op: 'eq' | 'prefix' | 'contains', needle: string): (r: number) => boolean {
  const asText = (p: string) =>
    op === 'eq' ? p === needle : op === 'prefix' ? p.startsWith(needle) : p.includes(needle);
  const rawTest = (r: number): boolean => {
    const p = c.raw.get(r);
    return p !== undefined && asText(p);
  };
  if (!PHONE_DIGITS.test(needle)) return needle === '' ? () => true : rawTest;
  const want = Number(needle);
  const nl = needle.length;
  const mod = POW10[nl];
  const { phone, plen } = c;
  if (op === 'eq') return (r) => (plen[r] === nl ? phone[r] === want : plen[r] === 0 && rawTest(r));
  // up to 9 digits: split the phone at its last 6 digits so every step is int32 arithmetic (a double's % is a call)
  const small = nl <= 9;
  if (op === 'prefix') {
    return (r) => {
      const len = plen[r];
      if (len === 0) return rawTest(r);
      if (len < nl) return false;
      if (small && len - nl >= 6 && len - nl <= 15)
        return ((((phone[r] / 1e6) | 0) / POW10_32[len - nl - 6]) | 0) === want;
      return Math.floor(phone[r] / POW10[len - nl]) === want;
    };
  }
  const need = digitPairs(needle);
  const { pairs } = c;
  if (small) {
    return (r) => {
      if ((pairs[r] & need) !== need) return false;
      const len = plen[r];
      if (len === 0) return rawTest(r);
      const p = phone[r];
      const hi = (p / 1e6) | 0;
      const lo = (p - hi * 1e6) | 0;
      for (let s = len - nl; s >= 0; s--) {
        const w =
          s >= 6
            ? ((hi / POW10_32[s - 6]) | 0) % mod
            : s + nl <= 6
              ? ((lo / POW10_32[s]) | 0) % mod
              : (hi % POW10_32[s + nl - 6]) * POW10_32[6 - s] + ((lo / POW10_32[s]) | 0);
        if (w === want) return true;
      }
      return false;
    };
  }
  return (r) => {
    const len = plen[r];
    if (len === 0) return rawTest(r);
    const p = phone[r];
    for (let s = len - nl; s >= 0; s--) if (Math.floor(p / POW10[s]) % mod === want) return true;
    return false;
  };
}
