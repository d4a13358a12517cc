import { z } from 'zod';
import { coercedInt16, text } from '../bounds';
import { splitMobileList } from '../validation/mobile.rules';
import { defineEndpoint, LONG_TIMEOUT_MS, pageRequest } from '../endpoint';
import { optText, timeRange } from './records.endpoints';

// Number checks: number-status checks (batches), AIM materials and templates, number porting and
// blacklist statistics. A status check decides each number deterministically (the same number always gets the same
// answer), so results can be checked and repeated.

/** dead empty number, real real number, down suspended, not not in library, silence silent, danger dangerous. */
export const NUMBER_STATUSES = ['real', 'dead', 'down', 'not', 'silence', 'danger'] as const;
export type NumberStatus = (typeof NUMBER_STATUSES)[number];

/** One count per number status (real, empty, suspended, not in library, silent, dangerous). */
const statusCounts = Object.fromEntries(NUMBER_STATUSES.map((st) => [`${st}_count`, z.number().int()])) as Record<
  `${NumberStatus}_count`,
  z.ZodNumber
>;

export const numberStatusBatchSchema = z.object({
  batch_id: z.string(),
  batch_name: z.string(),
  cus_id: z.string(),
  batch_count: z.number().int(),
  /** numbers that were not 11-digit mobiles. */
  invalid_count: z.number().int(),
  ...statusCounts,
  create_time: z.number().int(),
  /** 0 checking, 1 done. */
  status: z.number().int(),
  /** numbers checked so far (progress of a batch check). */
  checked_count: z.number().int(),
});
export type NumberStatusBatch = z.infer<typeof numberStatusBatchSchema>;

/** Pasted text or an array; at most MAX_CHECK_NUMBERS numbers (the platform answers numberCheck.tooMany above). */
const mobileListField = z.union([text(2_000_000), z.array(text(32)).max(100_000)]).transform(splitMobileList);
const batchName = z.preprocess(
  (v) => (v === null ? undefined : v),
  z.string().trim().max(100).pipe(text(100)).optional(),
);

export const onlineCheckEndpoint = defineEndpoint({
  path: '/mobileStatus/onlineCheck',
  timeoutMs: LONG_TIMEOUT_MS,
  doc: "Checks the numbers at once and answers each one's status; recorded as a finished batch.",
  request: z.object({ mobiles: mobileListField, batch_name: batchName, cus_id: optText }),
  response: numberStatusBatchSchema.extend({
    results: z.array(z.object({ mobile: z.string(), status: z.enum([...NUMBER_STATUSES, 'invalid']) })),
  }),
});

export const batchCheckEndpoint = defineEndpoint({
  path: '/mobileStatus/batchCheck',
  timeoutMs: LONG_TIMEOUT_MS,
  doc:
    'Accepts a batch check of an uploaded xlsx (fileId from /file/upload; numbers in the first column, a header row ' +
    'is skipped) or of pasted mobiles, and answers the batch at once with status 0; the platform checks it in the ' +
    'background (checked_count grows, status becomes 1). /mobileStatus/list shows the progress.',
  request: z.object({
    fileId: z.preprocess((v) => (v === '' || v === null ? undefined : v), text(64).optional()),
    mobiles: mobileListField.optional(),
    batch_name: batchName,
    cus_id: optText,
  }),
  response: numberStatusBatchSchema,
});

export const numberStatusDownloadEndpoint = defineEndpoint({
  path: '/mobileStatus/download',
  kind: 'file',
  timeoutMs: LONG_TIMEOUT_MS,
  doc: 'The checked numbers of one batch with their status, as xlsx (the file form of the online check).',
  request: z.object({ batch_id: text(64).min(1) }),
  response: z.unknown(),
});

export const numberStatusBatchListEndpoint = defineEndpoint({
  path: '/mobileStatus/list',
  request: pageRequest.extend({ cus_id: optText, batch_name: optText, ...timeRange }),
  response: z.object({ total: z.number().int(), totalExact: z.boolean(), data: z.array(numberStatusBatchSchema) }),
});

/** Per day (tenant time zone): numbers requested, checked (success), invalid (failure), and each status. */
export const numberStatusStatisticsRowSchema = z.object({
  gathering_time: z.string(),
  cus_id: z.string(),
  cus_name: z.string(),
  request_count: z.number().int(),
  success_count: z.number().int(),
  failure_count: z.number().int(),
  ...statusCounts,
});
/** Time dimension of the statistics: 0 day, 1 month, 2 year; gathering_time is YYYY-MM-DD, YYYY-MM or YYYY. */
const dimension = z.preprocess((v) => (v === '' || v === null ? undefined : v), coercedInt16(0, 2).default(0));

export const numberStatusStatisticsEndpoint = defineEndpoint({
  path: '/mobileStatus/mobileStatusStatistics',
  request: pageRequest.extend({ cus_id: optText, dimension, ...timeRange }),
  response: z.object({
    total: z.number().int(),
    totalExact: z.boolean(),
    data: z.array(numberStatusStatisticsRowSchema),
  }),
});

/** Screen 17's customer list: per account, its finished checks over the range (batches, numbers, each status). */
export const numberStatusCustomerRowSchema = z.object({
  cus_id: z.string(),
  cus_name: z.string(),
  batch_total: z.number().int(),
  request_count: z.number().int(),
  success_count: z.number().int(),
  failure_count: z.number().int(),
  ...statusCounts,
  last_time: z.number().int(),
});
export const numberStatusCustomerListEndpoint = defineEndpoint({
  path: '/mobileStatus/customerList',
  doc: 'Per visible account: its finished number-status checks in the range, most recent first.',
  request: pageRequest.extend({ cus_id: optText, ...timeRange }),
  response: z.object({
    total: z.number().int(),
    totalExact: z.boolean(),
    data: z.array(numberStatusCustomerRowSchema),
  }),
});

/** Daily query statistics with success/failure ratios (percent, two decimals). */
export const queryRatioRowSchema = z.object({
  gathering_time: z.string(),
  cus_id: z.string(),
  cus_name: z.string(),
  request_count: z.number().int(),
  success_count: z.number().int(),
  failure_count: z.number().int(),
  successRatio: z.number(),
  failureRatio: z.number(),
});
const ratioStatistics = (path: string, doc: string) =>
  defineEndpoint({
    path,
    doc,
    request: pageRequest.extend({ cus_id: optText, dimension, ...timeRange }),
    response: z.object({ total: z.number().int(), totalExact: z.boolean(), data: z.array(queryRatioRowSchema) }),
  });
export const numberPortingStatisticsEndpoint = ratioStatistics(
  '/numberPorting/numberPortingStatistics',
  'number-porting queries per day: success = the carrier of the number was resolved, failure = it was not',
);
export const mobileBlackStatisticsEndpoint = ratioStatistics(
  '/mobileBlack/mobileBlackStatistics',
  'blacklist checks per day: success = the number passed (not listed), failure = it was on a blacklist',
);

export const aimMaterialSchema = z.object({
  material_id: z.string(),
  cus_id: z.string(),
  name: z.string(),
  /** image | video | audio */
  media_type: z.string(),
  size: z.number().int(),
  create_time: z.number().int(),
});
export const aimTemplateSchema = z.object({
  template_id: z.string(),
  cus_id: z.string(),
  template_name: z.string(),
  content: z.string(),
  status: z.number().int(),
  create_time: z.number().int(),
});
export const aimMaterialListEndpoint = defineEndpoint({
  path: '/aim/materialList',
  doc: 'AIM (intelligent message) media materials of the visible accounts',
  request: pageRequest.extend({ cus_id: optText, name: optText }),
  response: z.object({ total: z.number().int(), totalExact: z.boolean(), data: z.array(aimMaterialSchema) }),
});
export const aimMaterialDeleteEndpoint = defineEndpoint({
  path: '/aim/materialDelete',
  request: z.object({ material_id: text(64).min(1) }),
  response: z.object({ material_id: z.string() }),
});
export const aimTemplateListEndpoint = defineEndpoint({
  path: '/aim/templateList',
  request: pageRequest.extend({ cus_id: optText, template_name: optText }),
  response: z.object({ total: z.number().int(), totalExact: z.boolean(), data: z.array(aimTemplateSchema) }),
});
/** Checks which numbers can receive AIM messages; answers a spreadsheet (mobile, status). */
export const aimOnlineMobileCheckEndpoint = defineEndpoint({
  path: '/aim/onlineMobileCheck',
  kind: 'file',
  timeoutMs: LONG_TIMEOUT_MS,
  request: z.object({ mobiles: mobileListField }),
  response: z.unknown(),
});
