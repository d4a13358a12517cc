import { z } from 'zod';
import { INDEXED_TEXT_MAX, int16, text } from '../bounds';
import { defineEndpoint } from '../endpoint';

// The price list: what each account the caller may send for pays, per product and destination country.
// The console keeps it locally as reference data to price a send before it is made; the platform charges by the same rows.

export const priceRowSchema = z.object({
  cus_id: z.string(),
  /** 0 home, 1 international, 2 video, 6 CSP. */
  prod_type: z.number().int(),
  /** ISO 3166 alpha-2; '' for the domestic (single) price. */
  country_code: z.string(),
  country_name: z.string(),
  /** yuan per segment (per message for video and CSP). */
  price: z.number(),
});
export type PriceRow = z.infer<typeof priceRowSchema>;

/** What a send form needs of an account besides its prices: its time zone (schedules are entered in it), pay type
 * (postpaid accounts are not stopped by their balance) and balance as of the answer. */
export const sendAccountSchema = z.object({
  cus_id: z.string(),
  time_zone: z.string(),
  /** 0 prepaid, 1 postpaid. */
  pay_type: z.number().int(),
  balance: z.number(),
  /** 0 closed (the platform refuses its sends), 1 open; absent from an answer kept before it was listed: open. */
  status: z.number().int().optional(),
});
export type SendAccount = z.infer<typeof sendAccountSchema>;

export const priceListEndpoint = defineEndpoint({
  path: '/price/list',
  doc: "Effective prices (the account's own, else its enterprise's) of the accounts the caller may see (spec §6); optionally one account or product.",
  request: z.object({
    cus_id: text(INDEXED_TEXT_MAX).trim().optional(),
    prod_type: int16(0, 9).optional(),
  }),
  response: z.object({ prices: z.array(priceRowSchema), accounts: z.array(sendAccountSchema) }),
});
