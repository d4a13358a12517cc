import { z } from 'zod';
import { coercedInt16, epochMs, INDEXED_TEXT_MAX, INT16_MAX, text } from '../bounds';
import { MT_SOURCES } from '../constants';
import { defineEndpoint, LONG_TIMEOUT_MS, pageOf, pageRequest } from '../endpoint';
import { batchSchema, moRecordSchema, mtRecordSchema, statisticsRowSchema } from '../records.schema';

// Record lists, statistics reads and their downloads (the record and statistics screens).
// Filter fields are named after the entity fields. Unset filters may be sent as '' or null (forms do), meaning "any".
// List rows are the full contract documents, feed fields (seq, deleted, updated_at) included, so one row shape serves
// list, download and change feed. Times are epoch ms. Downloads take the same filters as their list without paging.

const blank = (v: unknown) => (v === '' || v === null ? undefined : v);
/** optional text filter; '' means unset. */
export const optText = z.preprocess(blank, text(INDEXED_TEXT_MAX).optional()).transform((v) => v?.trim() || undefined);
/** optional code filter (a smallint column); '' means unset. */
export const optInt = z.preprocess(blank, coercedInt16(-INT16_MAX - 1).optional());
/** epoch ms; '' means unset. */
export const optTime = z.preprocess(blank, epochMs().optional());

/** Submit-time (or creation-time) range of every list: epoch ms, both ends inclusive. */
export const timeRange = { startTime: optTime, endTime: optTime };

/** Totals are exact up to this many matching rows; beyond, PostgreSQL's planner estimate (totalExact false). */
export const EXACT_COUNT_CAP = 10_000;
function listOf<T extends z.ZodType>(row: T) {
  return pageOf(row).extend({ totalExact: z.boolean() });
}

/** Final and intermediate MT statuses a list can filter on: 0 success, 100 review, 500 waiting, 600 unknown,
 * 700 failure. */
export const MT_STATUS_FILTER = [0, 100, 500, 600, 700] as const;

const mtFilters = {
  cus_id: optText,
  /** the records of one send (the send result links here). */
  batch_id: optText,
  /** phone number prefix. */
  decodeMobile: optText,
  /** substring of the content; honoured only when the caller's showContentFilterWhere is 1. */
  decodeContent: optText,
  mt_status: z.preprocess(
    blank,
    coercedInt16()
      .refine((v) => (MT_STATUS_FILTER as readonly number[]).includes(v), 'v.mtStatus')
      .optional(),
  ),
  /** where the sends came from (console, SMPP or the HTTP API). */
  source: z.preprocess(blank, z.enum(MT_SOURCES, { error: 'v.source' }).optional()),
  /** YYYYMM */
  month: z.preprocess(
    blank,
    z
      .string()
      .max(6, 'v.month')
      .regex(/^\d{6}$/, 'v.month')
      .optional(),
  ),
  ...timeRange,
};

export const mtRecordFilter = z.object({
  prod_type: coercedInt16()
    .pipe(z.union([z.literal(0), z.literal(1)]))
    .default(0),
  ...mtFilters,
});
export const newMtRecordFilter = z.object({
  prod_type: coercedInt16()
    .pipe(z.union([z.literal(1), z.literal(2), z.literal(6)]))
    .default(2),
  ...mtFilters,
});
export const moRecordFilter = z.object({
  prod_type: optInt,
  cus_id: optText,
  src_calling_number: optText,
  decodeMobile: optText,
  decodeContent: optText,
  ...timeRange,
});
export const batchFilter = z.object({
  cus_id: optText,
  prod_type: optInt,
  batch_type: optInt,
  batch_id: optText,
  ...timeRange,
});
/** dimension 0 day, 1 month, 2 year. The range selects gathering_time in the tenant's time zone. */
export const statisticsFilter = z.object({
  cus_id: optText,
  prod_type: coercedInt16().default(0),
  dimension: coercedInt16(0, 2).default(0),
  ...timeRange,
});
export const countryFilter = z.object({ cus_id: optText, countryCode: optText, ...timeRange });
export const dimeFilter = z.object({ cus_id: optText, prod_type: coercedInt16().default(0), ...timeRange });

export const mtRecordListEndpoint = defineEndpoint({
  path: '/mtRecord/list',
  request: pageRequest.extend(mtRecordFilter.shape),
  response: listOf(mtRecordSchema),
});
export const mtRecordDownloadEndpoint = defineEndpoint({
  path: '/mtRecord/download',
  kind: 'file',
  timeoutMs: LONG_TIMEOUT_MS,
  request: mtRecordFilter,
  response: z.unknown(),
});
export const newMtRecordListEndpoint = defineEndpoint({
  path: '/newMtRecord/list',
  request: pageRequest.extend(newMtRecordFilter.shape),
  response: listOf(mtRecordSchema),
});
export const newMtRecordDownloadEndpoint = defineEndpoint({
  path: '/newMtRecord/download',
  kind: 'file',
  timeoutMs: LONG_TIMEOUT_MS,
  request: newMtRecordFilter,
  response: z.unknown(),
});
export const moRecordListEndpoint = defineEndpoint({
  path: '/moRecord/list',
  request: pageRequest.extend(moRecordFilter.shape),
  response: listOf(moRecordSchema),
});
export const moRecordDownloadEndpoint = defineEndpoint({
  path: '/moRecord/download',
  kind: 'file',
  timeoutMs: LONG_TIMEOUT_MS,
  request: moRecordFilter,
  response: z.unknown(),
});
/** Summary row of the batch list: sums with no decimals; pending = max(received - sent, 0) per batch. */
export const batchSummarySchema = z.object({
  receive: z.number().int(),
  pending: z.number().int(),
  sent: z.number().int(),
  success: z.number().int(),
  failure: z.number().int(),
  unknown: z.number().int(),
});
export const batchListEndpoint = defineEndpoint({
  path: '/dataGathering/batchList',
  request: pageRequest.extend(batchFilter.shape),
  response: listOf(batchSchema).extend({ summary: batchSummarySchema }),
});
export const batchDownloadEndpoint = defineEndpoint({
  path: '/dataGathering/downloadBatch',
  kind: 'file',
  timeoutMs: LONG_TIMEOUT_MS,
  request: batchFilter,
  response: z.unknown(),
});
/** The numbers of one send batch with their statuses as a spreadsheet. */
export const batchMobileDownloadEndpoint = defineEndpoint({
  path: '/dataGathering/mobileDownload',
  kind: 'file',
  timeoutMs: LONG_TIMEOUT_MS,
  request: z.object({ batch_id: text(64, 1) }),
  response: z.unknown(),
});
export const queryReplyCountEndpoint = defineEndpoint({
  path: '/dataGathering/queryReplyCount',
  request: z.object({ batch_id: text(64, 1) }),
  response: z.object({ batch_id: z.string(), replyCount: z.number().int() }),
});

export const statisticsListEndpoint = defineEndpoint({
  path: '/dataGathering/list',
  request: pageRequest.extend(statisticsFilter.shape),
  response: listOf(statisticsRowSchema),
});
export const countryListEndpoint = defineEndpoint({
  path: '/dataGathering/countryList',
  request: pageRequest.extend(countryFilter.shape),
  response: listOf(statisticsRowSchema),
});

/** Per-account totals over the range ("dime" list). */
/** Per-account totals: the account and count columns of a statistics row. */
export const dimeRowSchema = statisticsRowSchema.pick({
  cus_id: true,
  cus_name: true,
  sent_count: true,
  success_count: true,
  failure_count: true,
  unknown_count: true,
  successUnionStr: true,
  failureUnionStr: true,
  unknownUnionStr: true,
});
export type DimeRow = z.infer<typeof dimeRowSchema>;
export const dimeListEndpoint = defineEndpoint({
  path: '/dataGathering/dimeList',
  request: pageRequest.extend(dimeFilter.shape),
  response: listOf(dimeRowSchema),
});
export const dimeDownloadEndpoint = defineEndpoint({
  path: '/dataGathering/downloadDimeList',
  kind: 'file',
  timeoutMs: LONG_TIMEOUT_MS,
  request: dimeFilter,
  response: z.unknown(),
});
