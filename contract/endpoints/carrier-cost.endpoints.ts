import { z } from 'zod';
import { carrierNameSchema } from '../carrier.schema';
import { defineEndpoint, LONG_TIMEOUT_MS, pageOf, pageRequest } from '../endpoint';

// What a carrier charges per segment, by country or number prefix, from a date on; and the margins the platform makes
// over it. Money travels as decimal strings with at most four decimals (yuan, as prices are stored), never as floats,
// so a sum is exactly the sum of its records. Only the platform operator reaches these endpoints.

export const MAX_COSTS = 100_000;
/** the longest range the margins are grouped over at once, in days */
export const MAX_MARGIN_DAYS = 366;

/** yuan per segment: up to 8 integer digits and 4 decimals, as numeric(12,4) holds */
export const costAmountSchema = z
  .string()
  .trim()
  .max(13)
  .regex(/^\d{1,8}(\.\d{1,4})?$/, 'v.carrier.cost');
const countrySchema = z
  .string()
  .max(2)
  .regex(/^[A-Z]{2}$/, 'v.carrier.country');
const prefixSchema = z
  .string()
  .max(15)
  .regex(/^\d{1,15}$/, 'v.carrier.prefix');
const daySchema = z
  .string()
  .max(10)
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'v.carrier.day');
const idSchema = z.number().int().min(1).max(Number.MAX_SAFE_INTEGER);

export const costRowSchema = z.object({
  id: z.number().int(),
  carrier: z.string().max(32),
  country: z.string().max(2).nullable(),
  prefix: z.string().max(15).nullable(),
  cost: z.string().max(16),
  effectiveFrom: z.string().max(40),
  updatedAt: z.string().max(40),
  updatedBy: z.string().max(64),
});
export type CostRow = z.infer<typeof costRowSchema>;

export const carrierCostListEndpoint = defineEndpoint({
  path: '/carrier/costList',
  doc: "Every carrier cost, a carrier's and scope's newest first (history kept); optionally one carrier's.",
  request: pageRequest.extend({ carrier: carrierNameSchema.optional() }),
  response: pageOf(costRowSchema),
});

export const carrierCostSaveEndpoint = defineEndpoint({
  path: '/carrier/costSave',
  doc:
    'Creates a cost row (no id) or changes one: a carrier, a country or a number prefix (exactly one), the cost per ' +
    'segment in yuan, and when it takes effect. A row with a later date replaces the earlier one from that date; the ' +
    'earlier stays for what was sent before. The longest matching prefix wins over the country.',
  request: z
    .object({
      id: idSchema.optional(),
      carrier: carrierNameSchema,
      country: countrySchema.optional(),
      prefix: prefixSchema.optional(),
      cost: costAmountSchema,
      effectiveFrom: z.iso.datetime({ offset: true }).max(40),
    })
    .strict()
    .refine((c) => (c.country === undefined) !== (c.prefix === undefined), {
      message: 'carrier.cost.scope',
      path: ['country'],
    }),
  response: costRowSchema,
});

export const carrierCostDeleteEndpoint = defineEndpoint({
  path: '/carrier/costDelete',
  request: z.object({ id: idSchema }).strict(),
  response: z.object({ id: z.number().int() }),
});

export const MARGIN_DIMENSIONS = ['day', 'carrier', 'country', 'enterprise'] as const;
export type MarginDimension = (typeof MARGIN_DIMENSIONS)[number];

const marginFilterFields = {
  /** days in the platform's time zone (Asia/Shanghai), both included */
  from: daySchema,
  to: daySchema,
  groupBy: z
    .array(z.enum(MARGIN_DIMENSIONS))
    .min(1)
    .max(4)
    .default([...MARGIN_DIMENSIONS]),
  carrier: carrierNameSchema.optional(),
  country: countrySchema.optional(),
  enterprise: z.string().trim().min(1).max(32).optional(),
};
const inRange = (f: { from: string; to: string }) =>
  f.from <= f.to && Date.parse(f.to) - Date.parse(f.from) <= (MAX_MARGIN_DAYS - 1) * 86_400_000;
const rangeError = { message: 'carrier.margins.range', path: ['to'] };

export const marginFilterSchema = z.object(marginFilterFields).strict().refine(inRange, rangeError);
export type MarginFilter = z.output<typeof marginFilterSchema>;

const money = z.string().max(24);
/** Sums of one group. `cost` and `margin` are over the records whose cost is known; the others are counted in
 * `costUnknown` and their price in `costUnknownPrice`, never as a cost of zero. */
export const marginSumsSchema = z.object({
  records: z.number().int(),
  segments: z.number().int(),
  price: money,
  cost: money,
  margin: money,
  costUnknown: z.number().int(),
  costUnknownPrice: money,
});
export const marginRowSchema = marginSumsSchema.extend({
  day: z.string().max(10).nullable(),
  carrier: z.string().max(32).nullable(),
  country: z.string().max(2).nullable(),
  enterprise: z.string().max(32).nullable(),
  enterpriseName: z.string().max(200).nullable(),
});
export type MarginRow = z.infer<typeof marginRowSchema>;

export const carrierMarginsEndpoint = defineEndpoint({
  path: '/carrier/margins',
  doc: "Customer price minus carrier cost over the records submitted in the range, grouped by the chosen dimensions (a dimension not chosen is summed over and answered null; a record no carrier took has carrier null), paged, with the range's totals.",
  timeoutMs: LONG_TIMEOUT_MS,
  request: pageRequest.extend(marginFilterFields).strict().refine(inRange, rangeError),
  response: pageOf(marginRowSchema).extend({ totals: marginSumsSchema }),
});

export const carrierMarginsExportEndpoint = defineEndpoint({
  path: '/carrier/marginsExport',
  doc: 'The margins of the range as a workbook: every group, then the totals.',
  kind: 'file',
  timeoutMs: LONG_TIMEOUT_MS,
  request: marginFilterSchema,
  response: z.unknown(),
});
