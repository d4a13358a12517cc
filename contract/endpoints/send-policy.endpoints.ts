import { z } from 'zod';
import { defineEndpoint, emptyRequest } from '../endpoint';

// An enterprise's send policy: the limits that protect its recipients (and, through them, its sender numbers with the
// carriers). One module on the platform (platform/messaging/send-policy.ts) applies it to every door: the console's
// send, SMPP submit_sm and the HTTP API refuse the same numbers for the same reasons.

/** What a message is for. Each send has one: the console asks, SMPP and HTTP take the template's or a field's. */
export const CONTENT_CATEGORIES = ['verification', 'notification', 'marketing'] as const;
export type ContentCategory = (typeof CONTENT_CATEGORIES)[number];
export const DEFAULT_CATEGORY: ContentCategory = 'notification';
/** A send request's category, on every door that takes one; absent: the default. */
export const categoryField = z.enum(CONTENT_CATEGORIES).optional();

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
  caps: z.object({
    verification: frequencyCapsSchema,
    notification: frequencyCapsSchema,
    marketing: frequencyCapsSchema,
  }),
  /** the same text to the same number within this many seconds is refused as a duplicate; 0 turns it off. */
  duplicateWindowS: z.number().int().min(0).max(DUPLICATE_WINDOW_MAX_S),
  /** messages an account may send a day (in the enterprise's time zone), unless the account has its own; 0: no cap. */
  dailyCap: z.number().int().min(0).max(DAILY_CAP_MAX),
  dailyCaps: z
    .array(z.object({ cusId: z.string().min(1).max(32), cap: z.number().int().min(0).max(DAILY_CAP_MAX) }))
    .max(DAILY_CAP_ACCOUNTS_MAX),
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

// The console's settings form: the same policy and bounds, each broken bound told in words at its field (the
// contract's own schema answers zod's generic issues), an empty number box as that bound, and one row per account.
const formCap = (max: number, error: string) =>
  z.number({ error }).int({ error }).min(0, { error }).max(max, { error });
const formCaps = z.object({
  perMinute: formCap(FREQUENCY_CAP_MAX, 'policy.capRange'),
  perHour: formCap(FREQUENCY_CAP_MAX, 'policy.capRange'),
  perDay: formCap(FREQUENCY_CAP_MAX, 'policy.capRange'),
});
const optOutText = z
  .string()
  .trim()
  .min(1, { error: 'policy.optOutTextRequired' })
  .max(OPT_OUT_TEXT_MAX, { error: 'policy.optOutTextTooLong' });

export const sendPolicyFormSchema = sendPolicySchema.extend({
  caps: z.object({ verification: formCaps, notification: formCaps, marketing: formCaps }),
  duplicateWindowS: formCap(DUPLICATE_WINDOW_MAX_S, 'policy.windowRange'),
  dailyCap: formCap(DAILY_CAP_MAX, 'policy.dailyCapRange'),
  dailyCaps: z
    .array(
      z.object({
        cusId: z.string({ error: 'policy.accountRequired' }).trim().min(1, { error: 'policy.accountRequired' }).max(32),
        cap: formCap(DAILY_CAP_MAX, 'policy.dailyCapRange'),
      }),
    )
    .max(DAILY_CAP_ACCOUNTS_MAX, { error: 'policy.tooManyAccounts' })
    .superRefine((rows, ctx) => {
      // an account's second row would leave which cap holds to the order of the rows: said at the later one
      const seen = new Set<string>();
      rows.forEach((r, i) => {
        if (r.cusId && seen.has(r.cusId))
          ctx.addIssue({ code: 'custom', path: [i, 'cusId'], message: 'policy.accountTwice' });
        seen.add(r.cusId);
      });
    }),
  marketingOptOut: sendPolicySchema.shape.marketingOptOut.extend({ textZh: optOutText, textEn: optOutText }),
});

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
