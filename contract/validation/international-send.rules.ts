import { z } from 'zod';
import { SCHEDULE_MIN_AHEAD_MS } from '../constants';
import { compactNumber, NUMBER_LIST_SEPARATORS } from './mobile.rules';
import { classifyNumber, INVALID_NUMBER } from './number.rules';
import { isSenderId } from './sender.rules';

// International send form: account, content, numbers with a country code one per line, sender id,
// scheduled time at least 10 minutes ahead, balance sufficient. Numbers are validated with libphonenumber-js
// full metadata, so a number of the right length but an unallocated range is refused.

/** A pasted international send list as the platform reads it (console and platform run this same code):
 * numbers separated by newlines, commas or semicolons (ASCII or full-width); spaces, dashes and brackets inside a
 * number are ignored; each must carry its country code as +CC… or 00CC…. */
export interface IntlSendList {
  /** E.164 numbers, first-seen order. */
  valid: string[];
  /** ISO 3166 country of each valid number. */
  countries: string[];
  /** tokens that are not valid international numbers, first-seen order, each once. */
  invalid: string[];
  /** extra occurrences of a number already listed. */
  repeatCount: number;
}

export function parseIntlSendList(text: string): IntlSendList {
  const seen = new Set<string>();
  const out: IntlSendList = { valid: [], countries: [], invalid: [], repeatCount: 0 };
  for (const raw of text.split(NUMBER_LIST_SEPARATORS)) {
    const token = compactNumber(raw);
    if (token === '') continue;
    // the international form takes only numbers written with their country code; what each is, is the number rule's
    const n = /^(?:\+|00)/.test(token) ? classifyNumber(token) : INVALID_NUMBER;
    const key = n.kind === 'invalid' ? `?${token}` : n.e164;
    if (seen.has(key)) {
      out.repeatCount += 1;
      continue;
    }
    seen.add(key);
    if (n.kind === 'invalid') out.invalid.push(token);
    else {
      out.valid.push(n.e164);
      out.countries.push(n.country);
    }
  }
  return out;
}

export const SCHEDULE_QUICK_PICKS_MS = [10 * 60_000, 30 * 60_000, 60 * 60_000, 24 * 60 * 60_000] as const;

export function isScheduleFarEnough(timingTime: number, now: number): boolean {
  return timingTime - now >= SCHEDULE_MIN_AHEAD_MS;
}

export interface IntlSendContext {
  now: number;
  /** balance of the chosen account in yuan; omit to skip the balance check (the platform re-checks). */
  balance?: number;
  /** cost in yuan of one message (all its segments) to this number; needed for the balance check. */
  costOf?: (n: { e164: string; country: string }) => number;
}

/** The form as typed; `mobiles` is the textarea, one number per line. */
export function intlSendFormSchema(ctx: IntlSendContext) {
  return z
    .object({
      cus_id: z.string({ error: 'v.intl.accountRequired' }).trim().min(1, { error: 'v.intl.accountRequired' }),
      content: z.string({ error: 'v.intl.contentRequired' }).trim().min(1, { error: 'v.intl.contentRequired' }),
      mobiles: z.string({ error: 'v.intl.noValidNumber' }),
      senderId: z
        .string()
        .trim()
        .refine((s) => s === '' || isSenderId(s), { error: 'v.intl.senderIdFormat' })
        .default(''),
      timing: z.boolean().default(false),
      /** epoch ms; required when timing. */
      timingTime: z.number().int().nullable().default(null),
    })
    .superRefine((v, issue) => {
      const list = parseIntlSendList(v.mobiles);
      const valid = list.valid.map((e164, i) => ({ e164, country: list.countries[i] }));
      if (valid.length === 0) issue.addIssue({ code: 'custom', path: ['mobiles'], message: 'v.intl.noValidNumber' });
      if (v.timing) {
        if (v.timingTime == null)
          issue.addIssue({ code: 'custom', path: ['timingTime'], message: 'v.intl.timingRequired' });
        else if (!isScheduleFarEnough(v.timingTime, ctx.now))
          issue.addIssue({ code: 'custom', path: ['timingTime'], message: 'v.intl.timingTooSoon' });
      }
      if (ctx.balance != null && ctx.costOf && valid.length > 0) {
        const costFen = valid.reduce((sum, n) => sum + Math.round(ctx.costOf!(n) * 100), 0);
        if (costFen > Math.round(ctx.balance * 100))
          issue.addIssue({ code: 'custom', path: ['mobiles'], message: 'v.intl.insufficientBalance' });
      }
    });
}
