import { z } from 'zod';
import { defineEndpoint, LONG_TIMEOUT_MS, pageOf, pageRequest } from '../endpoint';
import { shortLinkRecordSchema } from '../entities.schema';
import { optInt, optText, timeRange } from './records.endpoints';

// Spec §7 "Short links": click records of links sent with /shortChainTool/smsLinkGroupSend (send.endpoints.ts),
// and the two conversion tools.

const shortLinkFilter = z.object({
  cus_id: optText,
  decodeMobile: optText,
  /** 1 clicked, 2 not clicked. */
  click_status: optInt,
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
  doc: 'The list\'s rows as xlsx, same filters without paging.',
  request: shortLinkFilter,
  response: z.unknown(),
});

const longUrl = z
  .string({ error: 'v.shortLink.urlRequired' })
  .trim()
  .min(1, { error: 'v.shortLink.urlRequired', abort: true })
  .max(2000, { error: 'v.shortLink.urlTooLong' })
  .refine((s) => /^https?:\/\/[^\s/]+\.[^\s]+$/i.test(s), { error: 'v.url.invalid' });

export const longToShortEndpoint = defineEndpoint({
  path: '/shortChainTool/longToShort',
  doc: 'Creates (or reuses, for the same caller and URL) a short link that redirects to longUrl and counts clicks.',
  request: z.object({ longUrl }),
  response: z.object({ shortUrl: z.string(), longUrl: z.string() }),
});

export const shortToLongEndpoint = defineEndpoint({
  path: '/shortChainTool/shortToLong',
  doc: 'Resolves one of the platform\'s short links; 400 v.shortLink.notFound when it is unknown.',
  request: z.object({ shortUrl: z.string({ error: 'v.shortLink.urlRequired' }).trim().min(1, { error: 'v.shortLink.urlRequired' }).max(200) }),
  response: z.object({ shortUrl: z.string(), longUrl: z.string() }),
});

/** Answered by shortToLong for an unknown link. */
export const SHORT_LINK_NOT_FOUND = 'v.shortLink.notFound';
