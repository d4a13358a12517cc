import { z } from 'zod';
import { defineEndpoint, emptyRequest } from '../endpoint';

// Each carrier's last hour minute by minute, summed over every platform instance, and what it carried today cost by
// the margins' own rule. Only the platform operator reaches it; everyone else is answered 403.

const count = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);
/** yuan as a decimal string with four decimals, as the margins answer it */
const money = z.string().max(24);
export const HISTORY_MAX_MINUTES = 60;
export const HISTORY_MAX_CARRIERS = 64;

export const carrierMinuteSchema = z.object({
  /** the minute's start (UTC, ISO) */
  minute: z.string().max(40),
  /** submit_sm sent and accepted by the carrier in the minute */
  submitted: count,
  accepted: count,
  /** final receipts matched in the minute, and those that said delivered */
  receipts: count,
  delivered: count,
  /** the receipts' mean latency from the submit's acceptance, in ms; null: no receipt in the minute */
  latencyMs: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).nullable(),
});
export type CarrierMinute = z.infer<typeof carrierMinuteSchema>;

export const carrierHistorySchema = z.object({
  name: z.string().max(32),
  /** oldest first, the current (unfinished) minute last */
  minutes: z.array(carrierMinuteSchema).max(HISTORY_MAX_MINUTES),
  /** today's records it took (the platform's day, as the margins count days), their known cost, and how many of them
   * have no cost for their number (counted apart, never as zero) */
  today: z.object({ records: count, segments: count, cost: money, costUnknown: count }),
});
export type CarrierHistory = z.infer<typeof carrierHistorySchema>;

export const carrierHistoryEndpoint = defineEndpoint({
  path: '/carrier/history',
  doc:
    "Each carrier's last 60 minutes (submits, accepted, final receipts, delivered, mean receipt latency per minute) " +
    "summed over the platform instances, and today's records it took with their cost, as the margins compute it.",
  request: emptyRequest,
  response: z.object({
    /** the platform's day the cost is over (YYYY-MM-DD) */
    day: z.string().max(10),
    carriers: z.array(carrierHistorySchema).max(HISTORY_MAX_CARRIERS),
  }),
});
