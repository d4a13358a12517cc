import { z } from 'zod';
import { epochMs } from '../bounds';
import { defineEndpoint } from '../endpoint';
import { NOTICE_ID, noticeDocSchema, noticeSchema } from '../notice.schema';
import { FEED_RESOURCES, pullRequest } from './feed.endpoints';

// Notices of the caller's own account (the enterprise admin's account also hears of its sub-accounts' changes):
// the list, marking read, and the change feed the console's bell replicates.

/** Ids one /notice/read names at most. */
export const NOTICE_READ_MAX = 100;

export const noticeListEndpoint = defineEndpoint({
  path: '/notice/list',
  doc: "The caller's notices, newest first, paged; `unread` counts every unread notice of the account, whatever the page.",
  request: z.object({
    pageNumber: z.coerce.number().int().min(1).max(10_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(100).default(20),
    unreadOnly: z.boolean().default(false),
  }),
  response: z.object({ total: z.number().int().min(0), unread: z.number().int().min(0), data: z.array(noticeSchema) }),
});

export const noticeReadRequest = z
  .object({
    ids: z.array(z.string().max(26).regex(NOTICE_ID)).min(1).max(NOTICE_READ_MAX).optional(),
    all: z.boolean().optional(),
    /** with `all`: only notices created at or before this time (epoch ms), so a "mark all" queued offline leaves
     * notices that arrived after it unread. */
    upTo: epochMs().optional(),
  })
  .refine((r) => (r.ids !== undefined) !== (r.all === true), { message: 'v.notice.readWhich', path: ['ids'] });

export const noticeReadEndpoint = defineEndpoint({
  path: '/notice/read',
  doc: "Marks the caller's notices read: `ids`, or `all` (up to `upTo`). Ids of notices the caller does not receive are ignored.",
  request: noticeReadRequest,
  response: z.object({ updated: z.number().int().min(0), unread: z.number().int().min(0) }),
});

export const noticePullEndpoint = defineEndpoint({
  path: FEED_RESOURCES.notice.path,
  request: pullRequest,
  response: z.object({
    documents: z.array(noticeDocSchema),
    checkpoint: z.object({ seq: z.number().int() }).nullable(),
    highWater: z.number().int(),
  }),
});
