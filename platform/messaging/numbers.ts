import { parseIntlSendList } from '../../contract/validation/international-send.rules';
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

/** International: numbers carrying their country code as +CC… or 00CC…; stored as E.164 (contract rule). */
export function parseInternational(text: string): ParsedNumbers {
  const p = parseIntlSendList(text);
  return { valid: p.valid, countries: p.countries, invalidCount: p.invalid.length, repeatCount: p.repeatCount };
}
