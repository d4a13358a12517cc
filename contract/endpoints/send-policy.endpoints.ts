import { z } from 'zod';
import { defineEndpoint, emptyRequest } from '../endpoint';

// An enterprise's send policy: the limits that protect its recipients (and, through them, its sender numbers with the
// carriers). One module on the platform (platform/messaging/send-policy.ts) applies it to every door: the console's
// send, SMPP submit_sm and the HTTP API refuse the same numbers for the same reasons.

/** What a message is for. Each send has one: the console asks, SMPP and HTTP take the template's or a field's. */
export const CONTENT_CATEGORIES = ['verification', 'notification', 'marketing'] as const;
export type ContentCategory = (typeof CONTENT_CATEGORIES)[number];
export const DEFAULT_CATEGORY: ContentCategory = 'notification';

/** The most messages a cap may allow in its period; 0 means no cap. */
export const FREQUENCY_CAP_MAX = 10_000;
export const DAILY_CAP_MAX = 100_000_000;
export const DUPLICATE_WINDOW_MAX_S = 86_400;
export const DAILY_CAP_ACCOUNTS_MAX = 500;
export const OPT_OUT_TEXT_MAX = 40;

const cap = z.number().int().min(0).max(FREQUENCY_CAP_MAX);

/** How many messages one number may get from the enterprise per minute, hour and day in one category (0: no cap). */
export const frequencyCapsSchema = z.object({ perMinute: cap, perHour: cap, perDay: cap });
export type FrequencyCaps = z.infer<typeof frequencyCapsSchema>;

const clock = z
  .string()
  .max(5)
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: 'policy.badClock' });

export const sendPolicySchema = z.object({
  caps: z.object({ verification: frequencyCapsSchema, notification: frequencyCapsSchema, marketing: frequencyCapsSchema }),
  /** the same text to the same number within this many seconds is refused as a duplicate; 0 turns it off. */
  duplicateWindowS: z.number().int().min(0).max(DUPLICATE_WINDOW_MAX_S),
  /** messages an account may send a day (in the enterprise's time zone), unless the account has its own; 0: no cap. */
  dailyCap: z.number().int().min(0).max(DAILY_CAP_MAX),
  dailyCaps: z.array(z.object({ cusId: z.string().min(1).max(32), cap: z.number().int().min(0).max(DAILY_CAP_MAX) })).max(DAILY_CAP_ACCOUNTS_MAX),
  /** marketing sends in this window (the enterprise's time zone) are held until it ends, or refused. */
  quietHours: z.object({ enabled: z.boolean(), from: clock, to: clock, action: z.enum(['hold', 'refuse']) }),
  /** marketing content must carry an opt-out instruction: appended when missing, or the send refused; or neither. */
  marketingOptOut: z.object({
    mode: z.enum(['append', 'refuse', 'off']),
    textZh: z.string().trim().min(1).max(OPT_OUT_TEXT_MAX),
    textEn: z.string().trim().min(1).max(OPT_OUT_TEXT_MAX),
  }),
});
export type SendPolicy = z.infer<typeof sendPolicySchema>;

/** Why the policy refuses a number: the cap it hit, or a duplicate. */
export const POLICY_REASONS = ['frequency.minute', 'frequency.hour', 'frequency.day', 'duplicate'] as const;
export type PolicyReason = (typeof POLICY_REASONS)[number];

export const sendPolicyGetEndpoint = defineEndpoint({
  path: '/sendPolicy/get',
  doc: "The enterprise's send policy: per-number caps per category, the duplicate window, daily caps, quiet hours and the marketing opt-out text (the defaults when never set).",
  request: emptyRequest,
  response: sendPolicySchema,
});

export const sendPolicyModifyEndpoint = defineEndpoint({
  path: '/sendPolicy/modify',
  doc: "Changes the enterprise's send policy; enterprise admins only.",
  request: sendPolicySchema,
  response: sendPolicySchema,
});
