import { z } from 'zod';
import { coercedInt16 } from '../bounds';
import { defineEndpoint } from '../endpoint';

// The home dashboards: what the console's first pages chart and count.
export const smsIndexInfoSchema = z.object({
  lastLoginTime: z.string().nullable(),
  balance: z.number(),
  monthAllCount: z.number().int(),
  yesterdayAllCount: z.number().int(),
  todayAllCount: z.number().int(),
  todaySuccessCount: z.number().int(),
  todayFailureCount: z.number().int(),
  todayUnknownCount: z.number().int(),
  /** YYYY-MM-DD labels, the last 30 days. */
  timeAxis: z.array(z.string()),
  sentCountAxis: z.array(z.number().int()),
  /** percentages 0-100, two decimals. */
  successRatioAxis: z.array(z.number()),
  failureRatioAxis: z.array(z.number()),
  unknownRatioAxis: z.array(z.number()),
});
export type SmsIndexInfo = z.infer<typeof smsIndexInfoSchema>;

export const getSmsIndexInfoEndpoint = defineEndpoint({
  path: '/dataGathering/getSmsIndexInfo',
  request: z.object({ prod_type: coercedInt16().default(0) }),
  response: smsIndexInfoSchema,
});

export const inteSmsIndexInfoSchema = z.object({
  prevMonthAllCount: z.number().int(),
  curMonthAllCount: z.number().int(),
  yesterdayAllCount: z.number().int(),
  todayAllCount: z.number().int(),
  timeAxis: z.array(z.string()),
  sentCountAxis: z.array(z.number().int()),
});
export type InteSmsIndexInfo = z.infer<typeof inteSmsIndexInfoSchema>;

export const getInteSmsIndexInfoEndpoint = defineEndpoint({
  path: '/dataGathering/getInteSmsIndexInfo',
  request: z.object({}).loose(),
  response: inteSmsIndexInfoSchema,
});
