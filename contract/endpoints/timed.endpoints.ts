import { z } from 'zod';
import { text } from '../bounds';
import { defineEndpoint, LONG_TIMEOUT_MS, pageOf, pageRequest } from '../endpoint';
import { MESSAGE_TEXT_MAX } from '../message-length';
import { timeBatchSchema, timeMtMessageSchema } from '../records.schema';
import { checkPlaceholders } from '../validation/template-placeholders';
import { optInt, optText, timeRange } from './records.endpoints';

// Timed (scheduled) batches and their messages. send_status: 0 to be sent, 1 sent, 2 paused, 3 intercepted.

export const TIMED_OPERATIONS = ['pause', 'recover', 'intercept'] as const;
export type TimedOperation = (typeof TIMED_OPERATIONS)[number];

/** List rows are the replicated documents; the feed fields may be left out. */
const feedOptional = { seq: true, deleted: true, updated_at: true } as const;

export const timeBatchRowSchema = timeBatchSchema.partial(feedOptional);
export const timeMtMessageRowSchema = timeMtMessageSchema.partial(feedOptional);

export const timeBatchListRequest = pageRequest.extend({
  cus_id: optText,
  // blank filters mean "not set" (a coerced '' would be 0, "to be sent")
  send_status: optInt,
  time_batch: optText,
  decodeContent: optText,
  ...timeRange,
});
export const timeBatchListEndpoint = defineEndpoint({
  path: '/pageTimeBatch/list',
  request: timeBatchListRequest,
  response: pageOf(timeBatchRowSchema),
});

export const timeMtMessageListRequest = pageRequest.extend({
  cus_id: optText,
  time_batch: optText,
  decodeMobile: optText,
  send_status: optInt,
  ...timeRange,
});
export const timeMtMessageListEndpoint = defineEndpoint({
  path: '/timeMtMessage/list',
  request: timeMtMessageListRequest,
  response: pageOf(timeMtMessageRowSchema),
});

/** The numbers of one timed batch as an .xlsx. */
export const timeBatchMobileDownloadEndpoint = defineEndpoint({
  path: '/pageTimeBatch/mobileDownload',
  kind: 'file',
  timeoutMs: LONG_TIMEOUT_MS,
  request: z.object({ time_batch: text(64, 1).trim() }),
  response: z.unknown(),
});

export const timeBatchOperationEndpoint = defineEndpoint({
  path: '/pageTimeBatch/operation',
  doc: 'pause 0→2, recover 2→0, intercept 0|2→3 (refunds what was charged). Only batches not yet sent.',
  request: z.object({ time_batch: text(64, 1).trim(), operation: z.enum(TIMED_OPERATIONS) }),
  // seq: the row's change-feed position after the command, so the console keeps its own copy over older pulled ones
  response: z.object({
    time_batch: z.string(),
    send_status: z.number().int(),
    refunded: z.number(),
    seq: z.number().int().nonnegative(),
  }),
});

/** A scheduled time in epoch ms: from 2000 to 2100, the rule of at least 10 minutes ahead is the platform's. */
const timingMs = z.number().int().min(946_684_800_000).max(4_102_444_800_000);

export const timeBatchEditEndpoint = defineEndpoint({
  path: '/pageTimeBatch/edit',
  doc: 'Changes the content of a batch not yet sent, and its scheduled time when given (at least 10 minutes ahead); re-prices when the segment count changes (charges or refunds the difference).',
  // a ${…} that is no placeholder would go out as written: refused here as on the sends (template-placeholders.ts)
  request: z.object({
    time_batch: text(64, 1).trim(),
    content: text(MESSAGE_TEXT_MAX).default('').superRefine(checkPlaceholders),
    timing_time: timingMs.optional(),
  }),
  response: z.object({
    time_batch: z.string(),
    segments: z.number().int(),
    charged: z.number(),
    difference: z.number(),
    timing_time: z.number().int(),
    seq: z.number().int().nonnegative(),
  }),
});

export const timeBatchEditQuoteEndpoint = defineEndpoint({
  path: '/pageTimeBatch/editQuote',
  doc: 'What an edit of the content would cost, before it is saved: segments and charge now and after, and the difference charged or refunded.',
  request: z.object({ time_batch: text(64, 1).trim(), content: text(MESSAGE_TEXT_MAX).default('') }),
  response: z.object({
    segmentsBefore: z.number().int(),
    segments: z.number().int(),
    charged: z.number(),
    newCharged: z.number(),
    difference: z.number(),
  }),
});
