import { z } from 'zod';
import { MAX_EPOCH_MS, text } from '../bounds';
import { defineEndpoint, emptyRequest } from '../endpoint';
import { shortLinkRecordSchema } from '../entities.schema';
import { noticeDocSchema } from '../notice.schema';
import {
  addressGroupDocSchema,
  addressMemberDocSchema,
  contentTemplateDocSchema,
  cspTemplateDocSchema,
  videoTemplateDocSchema,
} from '../library.schema';
import { blacklistDocSchema, FEED_BLACKLIST_PATH } from './mobile-black.endpoints';
import {
  batchSchema,
  moRecordSchema,
  mtRecordSchema,
  statisticsRowSchema,
  timeBatchSchema,
  timeMtMessageSchema,
} from '../records.schema';

// The change feed the console replicates from: one pull route per replicated resource, scoped like its list.
// backfill: newest first (seq descending) from the checkpoint down, only documents at or after `since`;
// forward: seq ascending above the checkpoint (catch-up and live).
export const pullRequest = z.object({
  checkpoint: z
    .object({ seq: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER) })
    .nullable()
    .default(null),
  limit: z.coerce.number().int().min(1).max(10_000).default(1000),
  direction: z.enum(['backfill', 'forward']).default('forward'),
  /** backfill only: epoch ms of the cache horizon. */
  since: z.number().int().min(0).max(MAX_EPOCH_MS).optional(),
});
export type PullRequest = z.input<typeof pullRequest>;

function pullResponse<T extends z.ZodType>(doc: T) {
  return z.object({
    documents: z.array(doc),
    /** pass back to continue; null when there is nothing further in that direction. */
    checkpoint: z.object({ seq: z.number().int() }).nullable(),
    /** the feed's highest seq visible to the caller when answered: where forward pulls start after a backfill. */
    highWater: z.number().int(),
  });
}

export const FEED_RESOURCES = {
  mtRecord: { path: '/mtRecord/pull', key: 'sn', schema: mtRecordSchema },
  moRecord: { path: '/moRecord/pull', key: 'sn', schema: moRecordSchema },
  batch: { path: '/dataGathering/batchPull', key: 'batch_id', schema: batchSchema },
  timeBatch: { path: '/pageTimeBatch/pull', key: 'time_batch', schema: timeBatchSchema },
  timeMtMessage: { path: '/timeMtMessage/pull', key: 'sn', schema: timeMtMessageSchema },
  statistics: { path: '/dataGathering/statPull', key: 'id', schema: statisticsRowSchema },
  shortLink: { path: '/shortChainTool/pull', key: 'sn', schema: shortLinkRecordSchema },
  // templates, groups and members (library-feed.endpoints.ts): keyed by `id`, two local collections by `kind`
  contentTemplate: { path: '/contentTemplate/pull', key: 'id', schema: contentTemplateDocSchema },
  videoTemplate: { path: '/videoTemplate/pull', key: 'id', schema: videoTemplateDocSchema },
  cspTemplate: { path: '/cspTemplate/pull', key: 'id', schema: cspTemplateDocSchema },
  addressGroup: { path: '/addressBook/groupPull', key: 'id', schema: addressGroupDocSchema },
  addressMember: { path: '/addressBook/memberPull', key: 'id', schema: addressMemberDocSchema },
  // the caller's own notices (notice.endpoints.ts)
  notice: { path: '/notice/pull', key: 'id', schema: noticeDocSchema },
  blacklist: { path: FEED_BLACKLIST_PATH, key: 'id', schema: blacklistDocSchema },
} as const;
export type FeedResource = keyof typeof FEED_RESOURCES;

export const mtRecordPullEndpoint = defineEndpoint({
  path: FEED_RESOURCES.mtRecord.path,
  request: pullRequest,
  response: pullResponse(mtRecordSchema),
});
export const moRecordPullEndpoint = defineEndpoint({
  path: FEED_RESOURCES.moRecord.path,
  request: pullRequest,
  response: pullResponse(moRecordSchema),
});
export const batchPullEndpoint = defineEndpoint({
  path: FEED_RESOURCES.batch.path,
  request: pullRequest,
  response: pullResponse(batchSchema),
});
export const timeBatchPullEndpoint = defineEndpoint({
  path: FEED_RESOURCES.timeBatch.path,
  request: pullRequest,
  response: pullResponse(timeBatchSchema),
});
export const timeMtMessagePullEndpoint = defineEndpoint({
  path: FEED_RESOURCES.timeMtMessage.path,
  request: pullRequest,
  response: pullResponse(timeMtMessageSchema),
});
export const statisticsPullEndpoint = defineEndpoint({
  path: FEED_RESOURCES.statistics.path,
  request: pullRequest,
  response: pullResponse(statisticsRowSchema),
});
export const blacklistPullEndpoint = defineEndpoint({
  path: FEED_RESOURCES.blacklist.path,
  request: pullRequest,
  response: pullResponse(blacklistDocSchema),
});
export const shortLinkPullEndpoint = defineEndpoint({
  path: FEED_RESOURCES.shortLink.path,
  request: pullRequest,
  response: pullResponse(shortLinkRecordSchema),
});

/** A single-use ticket, valid for STREAM_TICKET_TTL_S, that opens one change stream: a stream URL carries the ticket,
 * never the token, so the token reaches no URL and no log. */
export const STREAM_TICKET_TTL_S = 60;
export const changesTicketEndpoint = defineEndpoint({
  path: '/changes/ticket',
  doc: 'Issues a single-use ticket (valid 60 s) for GET /changes/stream?ticket=…',
  request: emptyRequest,
  response: z.object({ ticket: z.string(), expiresInS: z.number().int() }),
});

/** Server-Sent Events of "resource changed" notices, scoped to the caller, opened with a ticket from /changes/ticket.
 * The stream ends when its session ends (logout, revocation, expiry). Each event: `event: changed`,
 * `data: {"resource": FeedResource, "seq": n}`. */
export const changesStreamEndpoint = defineEndpoint({
  method: 'GET',
  path: '/changes/stream',
  kind: 'sse',
  auth: 'none',
  request: z.object({ ticket: text(128, 1) }),
  response: z.object({ resource: z.string(), seq: z.number().int() }),
});
