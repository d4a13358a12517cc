import { parseIntlSendList } from '../../contract/validation/international-send.rules';
import {
  isMobile,
  NUMBER_LIST_SEPARATORS,
  parseMobiles,
  splitNumberList,
} from '../../contract/validation/mobile.rules';
import { slicer } from '../db/slices';

// Turning pasted number lists into the numbers a send goes to, with the counts the send answers.

export interface ParsedNumbers {
  valid: string[];
  /** ISO 3166 country per valid number (international sends only). */
  countries?: string[];
  invalidCount: number;
  /** extra occurrences of a number already listed. */
  repeatCount: number;
}

const tokenCount = (text: string) => splitNumberList(text).length;

/** Domestic: 11-digit mobiles, never landlines (contract rule). */
export function parseDomestic(text: string): ParsedNumbers {
  const p = parseMobiles(text);
  return {
    valid: p.valid,
    invalidCount: p.invalid.length,
    repeatCount: tokenCount(text) - p.valid.length - p.invalid.length,
  };
}

/** International: numbers carrying their country code as +CC… or 00CC…; stored as E.164 (contract rule). */
export function parseInternational(text: string): ParsedNumbers {
  const p = parseIntlSendList(text);
  return { valid: p.valid, countries: p.countries, invalidCount: p.invalid.length, repeatCount: p.repeatCount };
}

/** Tokens per call of the contract's parser between checks of the clock. */
const SLICE = 500;

/** parseDomestic's answer, read a slice at a time with yields: 100,000 numbers are 50-100 ms of work. */
export async function parseDomesticSliced(text: string): Promise<ParsedNumbers> {
  const tokens = splitNumberList(text);
  const valid: string[] = [];
  const seen = new Set<string>();
  let invalidCount = 0;
  const pause = slicer();
  for (let i = 0; i < tokens.length; i += SLICE) {
    const p = parseMobiles(tokens.slice(i, i + SLICE).join('\n'));
    for (const v of [...p.valid, ...p.invalid]) {
      if (seen.has(v)) continue;
      seen.add(v);
      if (p.invalid.length === 0 || isMobile(v)) valid.push(v);
      else invalidCount++;
    }
    await pause();
  }
  return { valid, invalidCount, repeatCount: tokens.length - valid.length - invalidCount };
}

/** parseInternational's answer, a slice at a time with yields: each number is checked against libphonenumber's full
 * metadata, ~2.5 s for 100,000 on one core, which must never hold the event loop at once. */
export async function parseInternationalSliced(text: string): Promise<ParsedNumbers> {
  const tokens = text.split(NUMBER_LIST_SEPARATORS);
  const out: ParsedNumbers = { valid: [], countries: [], invalidCount: 0, repeatCount: 0 };
  const seen = new Set<string>();
  const pause = slicer();
  for (let i = 0; i < tokens.length; i += SLICE) {
    const p = parseIntlSendList(tokens.slice(i, i + SLICE).join('\n'));
    out.repeatCount += p.repeatCount;
    p.valid.forEach((v, j) => {
      if (seen.has(v)) {
        out.repeatCount++;
        return;
      }
      seen.add(v);
      out.valid.push(v);
      out.countries!.push(p.countries[j]);
    });
    for (const v of p.invalid) {
      if (seen.has(`?${v}`)) {
        out.repeatCount++;
        continue;
      }
      seen.add(`?${v}`);
      out.invalidCount++;
    }
    await pause();
  }
  return out;
}
