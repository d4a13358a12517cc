import { z } from 'zod';
import { MT_SOURCES } from './constants';

// Record entities that the console replicates. Times are epoch milliseconds; the console formats them.
// Every replicated document carries the change-feed fields (seq, deleted, updated_at) the console pulls by.
/** the longest alphanumeric sender id a send may ask for (GSM's 11 characters). */
export const SENDER_ID_MAX = 11;

export const feedFields = {
  seq: z.number().int(),
  deleted: z.boolean(),
  updated_at: z.number().int(),
};

/** Send record (MT). prod_type: 0 home, 1 international, 2 video, 6 CSP. */
export const mtRecordSchema = z.object({
  sn: z.string(),
  prod_type: z.number().int(),
  cus_id: z.string(),
  cus_name: z.string(),
  batch_id: z.string(),
  decodeMobile: z.string(),
  decodeContent: z.string(),
  mt_status: z.number().int(),
  report_result: z.string().nullable(),
  report_result_desc: z.string().nullable(),
  errDesc: z.string().nullable(),
  /** 'review' when the record still sits in the pending-review table. */
  table_name: z.string(),
  receive_time: z.number().int(),
  /** YYYYMM of receive_time, in the tenant's time zone. */
  month: z.string(),
  segments: z.number().int(),
  /** cost of this record in yuan. */
  price: z.number(),
  priceStr: z.string(),
  countryName: z.string().nullable(),
  countryCode: z.string().nullable(),
  /** video subject or CSP template name. */
  titleStr: z.string().nullable(),
  receive_content: z.string().nullable(),
  /** the sender id the international send asked for (its batch's); null elsewhere. */
  sender_id: z.string().max(SENDER_ID_MAX).nullable(),
  /** where the send came from: the console, an SMPP bind or the HTTP API. */
  source: z.enum(MT_SOURCES),
  ...feedFields,
});
export type MtRecord = z.infer<typeof mtRecordSchema>;

/** Uplink record (MO). */
export const moRecordSchema = z.object({
  sn: z.string(),
  /** the product line of the send replied to (0 domestic, 1 international, ...), so each line lists its own replies. */
  prod_type: z.number().int(),
  cus_id: z.string(),
  cus_name: z.string(),
  src_calling_number: z.string(),
  decodeMobile: z.string(),
  decodeContent: z.string(),
  decodeWholeContent: z.string(),
  deliver_time: z.number().int(),
  batch_id: z.string(),
  /** what the enterprise's reply rule that matched the reply tagged it with ('' when none did). */
  tag: z.string(),
  ...feedFields,
});
export type MoRecord = z.infer<typeof moRecordSchema>;

/** Send batch (statistics "batch lists"). */
export const batchSchema = z.object({
  batch_id: z.string(),
  prod_type: z.number().int(),
  batch_type: z.number().int(),
  create_time: z.number().int(),
  receive_count: z.number().int(),
  wait_send_count: z.number().int(),
  sent_count: z.number().int(),
  success_count: z.number().int(),
  failure_count: z.number().int(),
  unknown_count: z.number().int(),
  cus_id: z.string(),
  cus_name: z.string(),
  decodeContent: z.string(),
  /** the sender id an international send asked for; null when none was. */
  sender_id: z.string().max(SENDER_ID_MAX).nullable(),
  ...feedFields,
});
export type Batch = z.infer<typeof batchSchema>;

/** Timed (scheduled) batch. send_status: 0 to be sent, 1 sent, 2 paused, 3 intercepted, other failure. */
export const timeBatchSchema = z.object({
  time_batch: z.string(),
  cus_id: z.string(),
  cus_name: z.string(),
  prod_type: z.number().int(),
  batch_count: z.number().int(),
  batch_type: z.number().int(),
  send_status: z.number().int(),
  timing_time: z.number().int(),
  create_time: z.number().int(),
  decodeContent: z.string(),
  ...feedFields,
});
export type TimeBatch = z.infer<typeof timeBatchSchema>;

/** Timed detail: one number of a timed batch. */
export const timeMtMessageSchema = z.object({
  sn: z.string(),
  decodeMobile: z.string(),
  send_status: z.number().int(),
  time_batch: z.string(),
  timing_time: z.number().int(),
  create_time: z.number().int(),
  cus_id: z.string(),
  ...feedFields,
});
export type TimeMtMessage = z.infer<typeof timeMtMessageSchema>;

/** Statistics row kinds share one shape, so the console keeps them in one local collection. */
export const STAT_KINDS = ['day', 'month', 'year', 'country'] as const;
export const statisticsRowSchema = z.object({
  id: z.string(),
  kind: z.enum(STAT_KINDS),
  prod_type: z.number().int(),
  /** YYYY-MM-DD, YYYY-MM or YYYY; for country rows the day. */
  gathering_time: z.string(),
  cus_id: z.string(),
  cus_name: z.string(),
  countryName: z.string().nullable(),
  sent_count: z.number().int(),
  success_count: z.number().int(),
  failure_count: z.number().int(),
  unknown_count: z.number().int(),
  /** "count (ratio%)" cells of the spec. */
  successUnionStr: z.string(),
  failureUnionStr: z.string(),
  unknownUnionStr: z.string(),
  ...feedFields,
});
export type StatisticsRow = z.infer<typeof statisticsRowSchema>;
