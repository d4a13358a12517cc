import { parseIntlSendList } from './international-send.rules';
import { parseMobiles, splitNumberList } from './mobile.rules';

// Checking a send's number list in pieces: the console checks 100,000 numbers in a Web Worker with
// progress, so it feeds the list a piece at a time. Each piece is read by the very rules the platform runs on the whole
// list (parseMobiles for domestic sends, parseIntlSendList for international ones); numbers seen in an earlier piece
// count as repeats, so the totals equal the platform's validCount / invalidCount / repeatCount.

export type NumberMode = 'domestic' | 'international';

export interface NumberCheck {
  /** unique valid numbers, first-seen order (E.164 for international). */
  valid: string[];
  /** unique tokens that are not valid numbers, first-seen order. */
  invalid: string[];
  /** extra occurrences of a number (valid or not) already listed. */
  repeatCount: number;
  /** international: destination country (ISO 3166) → valid numbers. */
  countries: Record<string, number>;
  /** international: the destination country of each valid number, in the same order, so the numbers of a country
   * the account has no price for can be taken out of the list. */
  validCountries?: string[];
}

export interface NumberChecker {
  add(piece: string): void;
  result(): NumberCheck;
}

export function createNumberChecker(mode: NumberMode): NumberChecker {
  const seen = new Set<string>();
  const out: NumberCheck = {
    valid: [],
    invalid: [],
    repeatCount: 0,
    countries: {},
    ...(mode === 'international' ? { validCountries: [] } : {}),
  };
  const take = (key: string, bucket: string[], value: string): boolean => {
    if (seen.has(key)) {
      out.repeatCount += 1;
      return false;
    }
    seen.add(key);
    bucket.push(value);
    return true;
  };
  return {
    add(piece) {
      if (mode === 'domestic') {
        const p = parseMobiles(piece);
        const tokens = splitNumberList(piece).length;
        out.repeatCount += tokens - p.valid.length - p.invalid.length;
        for (const m of p.valid) take(m, out.valid, m);
        for (const m of p.invalid) take(m, out.invalid, m);
        return;
      }
      const p = parseIntlSendList(piece);
      out.repeatCount += p.repeatCount;
      p.valid.forEach((n, i) => {
        if (!take(n, out.valid, n)) return;
        out.countries[p.countries[i]] = (out.countries[p.countries[i]] ?? 0) + 1;
        out.validCountries!.push(p.countries[i]);
      });
      for (const t of p.invalid) take(`?${t}`, out.invalid, t);
    },
    result: () => out,
  };
}

/** Splits a list into pieces of about `size` characters at line ends, so no number is cut in two. */
export function* piecesOf(text: string, size = 50_000): Generator<string> {
  let start = 0;
  while (start < text.length) {
    let end = Math.min(text.length, start + size);
    if (end < text.length) {
      const nl = text.indexOf('\n', end);
      end = nl < 0 ? text.length : nl + 1;
    }
    yield text.slice(start, end);
    start = end;
  }
}

/** The whole check at once (tests, small lists, and the machine's default when no worker is provided). */
export function checkNumbers(mode: NumberMode, text: string): NumberCheck {
  const c = createNumberChecker(mode);
  for (const piece of piecesOf(text)) c.add(piece);
  return c.result();
}

/** The check without the numbers going to `countries` (international). */
export function withoutCountries(check: NumberCheck, countries: ReadonlySet<string>): NumberCheck {
  const of = check.validCountries ?? [];
  const keep = check.valid.map((_, i) => !countries.has(of[i] ?? ''));
  return {
    ...check,
    valid: check.valid.filter((_, i) => keep[i]),
    validCountries: of.filter((_, i) => keep[i]),
    countries: Object.fromEntries(Object.entries(check.countries).filter(([cc]) => !countries.has(cc))),
  };
}

/** The list without its invalid tokens and repeats: what "remove invalid lines" leaves in the box. */
export function cleanedList(check: Pick<NumberCheck, 'valid'>): string {
  return check.valid.join('\n');
}
