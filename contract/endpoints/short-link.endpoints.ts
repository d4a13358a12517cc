import { z } from 'zod';
import { defineEndpoint, LONG_TIMEOUT_MS, pageOf, pageRequest } from '../endpoint';
import { shortLinkRecordSchema } from '../entities.schema';
import { epochMs, text } from '../bounds';
import { optText, timeRange } from './records.endpoints';
import { webLinkField } from '../web-link';

// Short links: click records of links sent with /shortChainTool/smsLinkGroupSend (send.endpoints.ts),
// and the two conversion tools.

const shortLinkFilter = z.object({
  cus_id: optText,
  decodeMobile: optText,
  batch_id: optText,
  /** 1 clicked, 2 not clicked. */
  click_status: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.coerce.number().int().min(1).max(2).optional(),
  ),
  ...timeRange,
});

export const shortLinkListEndpoint = defineEndpoint({
  path: '/shortChainTool/list',
  doc: 'One row per number a link was sent to; the time range selects the send time.',
  request: pageRequest.extend(shortLinkFilter.shape),
  response: pageOf(shortLinkRecordSchema),
});

export const shortLinkDownloadEndpoint = defineEndpoint({
  path: '/shortChainTool/download',
  kind: 'file',
  timeoutMs: LONG_TIMEOUT_MS,
  doc: "The list's rows as xlsx, same filters without paging.",
  request: shortLinkFilter,
  response: z.unknown(),
});

const longUrl = webLinkField(2000, { required: 'v.shortLink.urlRequired', tooLong: 'v.shortLink.urlTooLong' });

export const longToShortEndpoint = defineEndpoint({
  path: '/shortChainTool/longToShort',
  doc:
    'Creates (or reuses, for the same caller, URL and expiry) a short link that redirects to longUrl and counts clicks. ' +
    'expiresAt (epoch ms, optional): after it the link answers the not-found page.',
  request: z.object({
    longUrl,
    expiresAt: z.preprocess((v) => (v === '' ? null : v), epochMs().nullable().optional()),
  }),
  response: z.object({
    shortUrl: z.string(),
    longUrl: z.string(),
    code: z.string(),
    expiresAt: z.number().int().nullable(),
  }),
});

export const shortToLongEndpoint = defineEndpoint({
  path: '/shortChainTool/shortToLong',
  doc: "Resolves one of the platform's short links; 400 v.shortLink.notFound when it is unknown.",
  request: z.object({
    shortUrl: z
      .string({ error: 'v.shortLink.urlRequired' })
      .trim()
      .min(1, { error: 'v.shortLink.urlRequired' })
      .max(200)
      .pipe(text(200)),
  }),
  response: z.object({ shortUrl: z.string(), longUrl: z.string(), expiresAt: z.number().int().nullable() }),
});

/** Answered by shortToLong for an unknown link. */
export const SHORT_LINK_NOT_FOUND = 'v.shortLink.notFound';

/** Click-through per link send: numbers sent a link, numbers that clicked, and the rate (percent, two decimals). */
export const shortLinkBatchSummaryRowSchema = z.object({
  batch_id: z.string(),
  cus_id: z.string(),
  cus_name: z.string(),
  mtLonglink: z.string(),
  create_time: z.number().int(),
  sent_count: z.number().int(),
  clicked_count: z.number().int(),
  clickRatio: z.number(),
});
export const shortLinkBatchSummaryEndpoint = defineEndpoint({
  path: '/shortChainTool/batchSummary',
  doc: 'One row per link send (batch), newest first; the time range selects the send time.',
  request: pageRequest.extend({ cus_id: optText, batch_id: optText, ...timeRange }),
  response: z.object({
    total: z.number().int(),
    totalExact: z.boolean(),
    data: z.array(shortLinkBatchSummaryRowSchema),
  }),
});
