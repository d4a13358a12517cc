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

/** A mainland mobile as people write it (with +86, 0086 or 86, spaces or dashes inside), kept as its 11 digits: what
 * the send forms accept as one, the address book stores. */
export const writtenMobileSchema = z
  .string({ error: 'v.mobile.required' })
  .max(40, { error: 'v.mobile.invalid' })
  .trim()
  .min(1, { error: 'v.mobile.required' })
  .overwrite((v) => domesticMobile(v) ?? v)
  .refine(isMobile, { error: 'v.mobile.invalid' });

export interface ParsedMobiles {
  /** unique valid numbers as 11 digits (a China country code dropped), first-seen order. */
  valid: string[];
  /** unique tokens that are not mobile numbers, first-seen order. */
  invalid: string[];
  /** numbers (valid or not) that occurred more than once, each listed once, in order of their first repeat. */
  duplicates: string[];
}

/** A list field that takes either an array or pasted text (split as splitNumberList does): trimmed tokens, blanks
 * dropped, first-seen order. */
export function splitMobileList(v: string | string[]): string[] {
  return Array.isArray(v) ? v.map((s) => s.trim()).filter(Boolean) : splitNumberList(v);
}
export const mobileListField = z.union([z.string(), z.array(z.string())]).transform(splitMobileList);

/** China's country code written before a mobile: +86, 0086 or a bare 86 (the bare form leaves 13 digits starting
 * 861, which no 11-digit mobile can be). */
const CHINA_PREFIX = /^(?:\+86|0086|86)(?=1\d{10}$)/;
/** What may stand inside a written number without changing it: spaces (ASCII and full-width), dashes, brackets, dots. */
const NUMBER_FILLER = /[\s\u3000\-().]/gu;

/** A number as typed, without the spaces, dashes and brackets people write inside it. */
export function compactNumber(raw: string): string {
  return raw.replace(NUMBER_FILLER, '');
}

/** The 11-digit mainland mobile a written number names (bare, or after China's country code, with spaces or dashes
 * inside), or null. This is the domestic half of the number rule (number.rules.ts), kept here free of the
 * international metadata so the screens that only take mobiles stay small. */
export function domesticMobile(raw: string): string | null {
  const bare = compactNumber(raw).replace(CHINA_PREFIX, '');
  return isMobile(bare) ? bare : null;
}

/** A send list's token as the 11-digit mobile it names: one written with China's country code is the same number
 * (and the same recipient, so a repeat of its bare form); anything else is left as typed. */
export function domesticMobileOf(token: string): string {
  return domesticMobile(token) ?? token;
}

/** Separators between the numbers of a pasted list, whitespace aside. */
export const NUMBER_LIST_SEPARATORS = /\r?\n|[,，;；、]/u;
/** A line with spaces that is one number written with its country code: at most the 15 digits E.164 allows, so two
 * numbers side by side are never read as one. */
const SPACED_WITH_COUNTRY_CODE = /^(?:\+|00)\d{3,15}$/;

/** The numbers of a pasted list: split at newlines, commas, semicolons and enumeration commas; a line with whitespace
 * inside is one number when it is a mainland mobile written in groups ("139 0000 5555", "+86 139-0000-5555") or a
 * number written with its country code ("+44 7400 123456"), else split at the whitespace too (a list pasted with
 * spaces between its numbers). Blank tokens dropped, in order. */
export function splitNumberList(text: string): string[] {
  const out: string[] = [];
  for (const line of text.split(NUMBER_LIST_SEPARATORS)) {
    const t = line.trim();
    if (t === '') continue;
    if (!/[\s\u3000]/u.test(t) || domesticMobile(t) !== null || SPACED_WITH_COUNTRY_CODE.test(compactNumber(t)))
      out.push(t);
    else for (const w of t.split(/[\s\u3000]+/u)) if (w !== '') out.push(w);
  }
  return out;
}

export function parseMobiles(text: string): ParsedMobiles {
  const seen = new Set<string>();
  const repeated = new Set<string>();
  const result: ParsedMobiles = { valid: [], invalid: [], duplicates: [] };
  for (const raw of splitNumberList(text)) {
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
