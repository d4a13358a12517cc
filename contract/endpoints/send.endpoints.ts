import { z } from 'zod';
import { INDEXED_TEXT_MAX, text } from '../bounds';
import { defineEndpoint, LONG_TIMEOUT_MS } from '../endpoint';
import { MESSAGE_TEXT_MAX } from '../message-length';
import { checkPlaceholders, invalidPlaceholders, unfilledPlaceholders } from '../validation/template-placeholders';
import { isSenderId } from '../validation/sender.rules';
import { webLinkField } from '../web-link';
import { categoryField, POLICY_REASONS } from './send-policy.endpoints';

// The sending calls. Every send answers the same counts; with `timing_time` it creates a timed batch instead
// (charged up front, sent by the scheduler when due; at least 10 minutes ahead).

/** ISO 8601 with an offset (2026-11-21T18:00:00+08:00) or 'YYYY-MM-DD HH:mm:ss' in the account's time zone; blank = now. */
export const timingTimeField = text(40).trim().optional();

/** Numbers as pasted text: one per line; commas, semicolons and spaces also separate. */
const mobilesField = text(4_000_000).default('');
/** The account sent for (cus_id). */
const cusIdField = text(INDEXED_TEXT_MAX).trim().min(1);
/** The most refused numbers a send's answer names one by one (the count covers them all). */
export const LIMITED_LIST_MAX = 1000;
/** Message text (domestic, international, CSP fallback). */
const contentField = text(MESSAGE_TEXT_MAX).default('');
/** A link the platform shortens: an http(s) address only, since every recipient's short link redirects to it. */
const linkField = webLinkField(2000, { required: 'v.shortLink.urlRequired', tooLong: 'v.shortLink.urlTooLong' });

/** A plain send sends its content as written to every number: a template's ${pN} left in it would reach each
 * recipient literally, so such content is refused and belongs to the one-to-one (personalised) send, which fills
 * them per number from a sheet. A ${…} that is no placeholder at all (${name}) would be filled by neither, so it is
 * refused in the plain content and in each personalised message alike, named (template-placeholders.ts). */
function placeholdersChecked(
  v: { content: string; contents?: Array<{ content: string }> },
  ctx: z.RefinementCtx,
): void {
  if (v.contents !== undefined) {
    const i = v.contents.findIndex((m) => invalidPlaceholders(m.content).length > 0);
    if (i >= 0) checkPlaceholders(v.contents[i].content, ctx, ['contents', i, 'content']);
    return;
  }
  if (invalidPlaceholders(v.content).length > 0) checkPlaceholders(v.content, ctx, ['content']);
  else if (unfilledPlaceholders(v.content) !== '')
    ctx.addIssue({ code: 'custom', message: 'v.send.placeholdersUnfilled', path: ['content'] });
}

export const sendResultSchema = z.object({
  /** the send batch; for a timed send the time_batch id. */
  batch_id: z.string(),
  /** set when the send was scheduled, or held by the enterprise's quiet hours. */
  time_batch: z.string().nullable(),
  /** when a marketing send inside the quiet hours goes out (ISO); absent when it was not held. */
  held_until: z.string().max(40).optional(),
  validCount: z.number().int(),
  invalidCount: z.number().int(),
  /** extra occurrences of numbers already listed. */
  repeatCount: z.number().int(),
  blacklistCount: z.number().int(),
  /** numbers the send policy held back (a per-number cap or a duplicate); absent from answers stored before it. */
  limitedCount: z.number().int().optional(),
  /** the first LIMITED_LIST_MAX of them, each with why. */
  limited: z
    .array(z.object({ mobile: z.string(), reason: z.enum(POLICY_REASONS) }))
    .max(LIMITED_LIST_MAX)
    .optional(),
  /** billing segments per message (the largest, for one-to-one sends). */
  segments: z.number().int(),
  /** yuan charged. */
  cost: z.number(),
  /** batch_type: 0 review, 1 same content, 2 one-to-one. */
  batch_type: z.number().int(),
});
export type SendResult = z.infer<typeof sendResultSchema>;

/** One personalised message of a one-to-one send. */
export const personalMessageSchema = z.object({ mobile: text(40).trim(), content: text(MESSAGE_TEXT_MAX) });

export const groupSendRequest = z.object({
  cus_id: cusIdField,
  content: contentField,
  mobiles: mobilesField,
  /** one-to-one (personalised) form: batch_type 2; `content`/`mobiles` are then ignored. */
  contents: z.array(personalMessageSchema).max(200_000).optional(),
  timing_time: timingTimeField,
  category: categoryField,
});

export const groupSendEndpoint = defineEndpoint({
  path: '/user/groupSend',
  timeoutMs: LONG_TIMEOUT_MS,
  doc: 'Domestic send (prod_type 0). Content with a short URL or a configured keyword, or an account that requires review, makes a review batch (type 0).',
  request: groupSendRequest.superRefine(placeholdersChecked),
  response: sendResultSchema,
});

export const taokeGroupSendEndpoint = defineEndpoint({
  path: '/user/taokeGroupSend',
  timeoutMs: LONG_TIMEOUT_MS,
  doc:
    'Taoke (淘客) send: a marketing SMS promoting a shop product. The product link is shortened and appended to the content ' +
    'with the unsubscribe hint "回T退订"; otherwise a domestic send (prod_type 0, always reviewed: batch_type 0).',
  request: groupSendRequest
    .omit({ contents: true })
    .extend({ product_link: linkField })
    .superRefine(placeholdersChecked),
  response: sendResultSchema,
});

export const smsLinkGroupSendEndpoint = defineEndpoint({
  path: '/shortChainTool/smsLinkGroupSend',
  timeoutMs: LONG_TIMEOUT_MS,
  doc:
    'Link send: a domestic send whose content carries a long link. One short link per recipient (so clicks map to numbers) ' +
    'replaces `{link}` in the content (or the long link itself when it appears there; else it is appended). ' +
    "`short_link` answers the first recipient's link.",
  request: groupSendRequest.omit({ contents: true }).extend({ long_link: linkField }).superRefine(placeholdersChecked),
  response: sendResultSchema.extend({ short_link: z.string() }),
});

/** International numbers carry a country code: +CC… or 00CC…, one per line. */
export const inteGroupSendEndpoint = defineEndpoint({
  path: '/user/inteGroupSend',
  timeoutMs: LONG_TIMEOUT_MS,
  doc: 'International send (prod_type 1); path not shown in the spec. Priced per destination country.',
  request: z
    .object({
      cus_id: cusIdField,
      content: contentField,
      mobiles: mobilesField,
      /** sender id: up to 11 letters and digits, or 15 digits (contract/validation/sender.rules.ts). */
      sender_id: text(15)
        .trim()
        .refine((s) => s === '' || isSenderId(s), { error: 'send.badSenderId' })
        .optional(),
      timing_time: timingTimeField,
      category: categoryField,
    })
    .superRefine(placeholdersChecked),
  response: sendResultSchema,
});

export const videoFrameSchema = z.object({
  mediaType: z.enum(['image', 'video', 'audio', 'text']).default('text'),
  mediaUrl: text(2000).default(''),
  textContent: text(2000).default(''),
});

export const videoSmsGroupSendEndpoint = defineEndpoint({
  path: '/videoTemplate/videoSmsGroupSend',
  timeoutMs: LONG_TIMEOUT_MS,
  doc:
    "Video SMS send (prod_type 2), priced per message. Either a title with frames (record content = the frames' text) " +
    "or a video template id (record title and content: the template's title; `#<cus_template_id>` when the account has no such template).",
  request: z.object({
    cus_id: cusIdField,
    cus_template_id: text(INDEXED_TEXT_MAX).trim().optional(),
    title: text(200).trim().optional(),
    frames: z.array(videoFrameSchema).max(20).optional(),
    mobiles: mobilesField,
    timing_time: timingTimeField,
  }),
  response: sendResultSchema,
});

export const cspSmsGroupSendEndpoint = defineEndpoint({
  path: '/cspSmsGroupSend',
  timeoutMs: LONG_TIMEOUT_MS,
  doc: "Rich card (CSP, prod_type 6) send through one of the account's chatbots, priced per message.",
  request: z.object({
    cus_id: cusIdField,
    chatbot_id: text(INDEXED_TEXT_MAX).trim().min(1),
    template_id: text(INDEXED_TEXT_MAX).trim().optional(),
    template_name: text(200).trim().optional(),
    /** fallback / card text. */
    content: contentField,
    mobiles: mobilesField,
    timing_time: timingTimeField,
  }),
  response: sendResultSchema,
});
