import { z } from 'zod';
import { PHONE_DIGITS } from '../constants';

// Mainland mobile numbers: exactly 11 digits, 1 then 3-9, never a landline.

const MOBILE = new RegExp(`^1[3-9]\\d{${PHONE_DIGITS - 2}}$`);
/** Fixed-line shapes that can also be 11 digits long: area code 0xx/0xxx + number, 400/800 service numbers. */
const LANDLINE = /^(0\d{2,3}\d{7,8}|[48]00\d{7})$/;

export function isLandline(s: string): boolean {
  return LANDLINE.test(s);
}

export function isMobile(s: string): boolean {
  return MOBILE.test(s) && !isLandline(s);
}

export const mobileSchema = z
  .string({ error: 'v.mobile.required' })
  .max(40, { error: 'v.mobile.invalid' })
  .trim()
  .min(1, { error: 'v.mobile.required' })
  .refine(isMobile, { error: 'v.mobile.invalid' });

export interface ParsedMobiles {
  /** unique valid numbers as 11 digits (a China country code dropped), first-seen order. */
  valid: string[];
  /** unique tokens that are not mobile numbers, first-seen order. */
  invalid: string[];
  /** numbers (valid or not) that occurred more than once, each listed once, in order of their first repeat. */
  duplicates: string[];
}

/** Separators a pasted list may use: newlines, ASCII/full-width commas and semicolons, any whitespace. */
const SEPARATORS = /[\s,，;；、]+/u;

/** A list field that takes either an array or pasted text: trimmed tokens, blanks dropped, first-seen order. */
export function splitMobileList(v: string | string[]): string[] {
  return (Array.isArray(v) ? v : v.split(SEPARATORS)).map((s) => s.trim()).filter(Boolean);
}
export const mobileListField = z.union([z.string(), z.array(z.string())]).transform(splitMobileList);

/** China's country code written before a mobile in a send list: +86, 0086 or a bare 86 (the bare form leaves 13
 * digits starting 861, which no 11-digit mobile can be). */
const CHINA_PREFIX = /^(?:\+86|0086|86)(?=1\d{10}$)/;

/** A send list's token as the 11-digit mobile it names: one written with China's country code is the same number
 * (and the same recipient, so a repeat of its bare form); anything else is left as typed. */
export function domesticMobileOf(token: string): string {
  const bare = token.replace(CHINA_PREFIX, '');
  return bare !== token && isMobile(bare) ? bare : token;
}

export function parseMobiles(text: string): ParsedMobiles {
  const seen = new Set<string>();
  const repeated = new Set<string>();
  const result: ParsedMobiles = { valid: [], invalid: [], duplicates: [] };
  for (const raw of text.split(SEPARATORS)) {
    if (raw === '') continue;
    const token = domesticMobileOf(raw);
    if (seen.has(token)) {
      if (!repeated.has(token)) result.duplicates.push(token);
      repeated.add(token);
      continue;
    }
    seen.add(token);
    (isMobile(token) ? result.valid : result.invalid).push(token);
  }
  return result;
}
