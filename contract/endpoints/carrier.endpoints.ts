import { z } from 'zod';
import { defineEndpoint, emptyRequest } from '../endpoint';

// The platform's links to its carriers' SMSCs as the platform operator sees them: summed over every platform instance
// that reported within the last few seconds.

const count = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);

export const carrierStatusSchema = z.object({
  name: z.string().max(32),
  /** sessions bound now over every instance, and those the carriers file asks for. */
  bound: count,
  wanted: count,
  /** submit_sm outstanding, and the room the bound sessions' windows give. */
  inFlight: count,
  window: count,
  /** submits the carrier accepted per second over the last report interval. */
  rate: z.number().min(0).max(1_000_000),
  submitted: count,
  accepted: count,
  throttled: count,
  /** refusals by command_status (0x hex) and `unanswered`, most frequent first. */
  errors: z.array(z.object({ code: z.string().max(16), count })).max(64),
  /** from the submit's acceptance to the final receipt of a part, over the receipts of the last minute; null: none. */
  receiptP50Ms: z.number().min(0).nullable(),
  receiptP95Ms: z.number().min(0).nullable(),
  /** the share of final receipts that said delivered over the last 5 minutes (the lowest instance's); null: too few */
  successRatio: z.number().min(0).max(1).nullable().default(null),
  /** the circuit breaker of quality pools: open (taken out), probing (a trickle), closed; the worst instance's */
  breaker: z.enum(['closed', 'open', 'probing']).default('closed'),
  /** platform instances that reported this carrier. */
  instances: count,
});
export type CarrierStatus = z.infer<typeof carrierStatusSchema>;

export const getCarrierStatusEndpoint = defineEndpoint({
  path: '/user/getCarrierStatus',
  doc:
    "The platform's carrier links (platform operator only): binds, window in use, messages per second, throttles, errors " +
    'by code and receipt latency, summed over the instances that reported in the last 10 seconds. `inProcess` is true when ' +
    'no carrier is configured and messages end in the in-process simulator (the list is then empty).',
  request: emptyRequest,
  response: z.object({ inProcess: z.boolean(), carriers: z.array(carrierStatusSchema).max(64) }),
});
