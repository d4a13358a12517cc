import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { parseMobiles } from '../../contract/validation/mobile.rules';

// Turning pasted number lists into the numbers a send goes to, with the counts the send answers.

export interface ParsedNumbers {
  valid: string[];
  /** ISO 3166 country per valid number (international sends only). */
  countries?: string[];
  invalidCount: number;
  /** extra occurrences of a number already listed. */
  repeatCount: number;
}

const TOKENS = /[\s,，;；、]+/u;
const tokenCount = (text: string) => text.split(TOKENS).filter((t) => t !== '').length;

/** Domestic: 11-digit mobiles, never landlines (contract rule). */
export function parseDomestic(text: string): ParsedNumbers {
  const p = parseMobiles(text);
  return { valid: p.valid, invalidCount: p.invalid.length, repeatCount: tokenCount(text) - p.valid.length - p.invalid.length };
}

/** International: one number per line carrying its country code as +CC… or 00CC…; stored as E.164. */
export function parseInternational(text: string): ParsedNumbers {
  const seen = new Set<string>();
  const out: ParsedNumbers & { countries: string[] } = { valid: [], countries: [], invalidCount: 0, repeatCount: 0 };
  for (const raw of text.split(/\r?\n|[,，;；]/u)) {
    const token = raw.replace(/[\s\-()]/g, '');
    if (token === '') continue;
    const withPlus = token.startsWith('00') ? `+${token.slice(2)}` : token;
    const phone = withPlus.startsWith('+') ? parsePhoneNumberFromString(withPlus) : undefined;
    const key = phone?.isValid() && phone.country ? phone.number : `?${token}`;
    if (seen.has(key)) {
      out.repeatCount += 1;
      continue;
    }
    seen.add(key);
    if (phone?.isValid() && phone.country) {
      out.valid.push(phone.number);
      out.countries.push(phone.country);
    } else out.invalidCount += 1;
  }
  return out;
}
