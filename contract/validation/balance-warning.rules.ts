import { z } from 'zod';
import { isMobile, splitMobileList } from './mobile.rules';

// Balance warning settings (personal settings, /warn/*): a threshold in yuan and up to 5 mobiles to notify.
export const WARN_MOBILES_MAX = 5;

export const balanceWarningFormSchema = z
  .object({
    /** omitted: the caller's own account; an admin may name a sub-account it can see. */
    cus_id: z.string().trim().min(1).max(20).optional(),
    enabled: z.boolean(),
    /** yuan, 0 or more, at most two decimals (checked on the text so 0.29 is not lost to float rounding). */
    warnBalance: z
      .union([z.string().max(20, { error: 'v.warn.balanceInvalid' }), z.number().min(-1e12).max(1e12)], {
        error: 'v.warn.balanceInvalid',
      })
      .refine((v) => /^\d{1,10}(\.\d{1,2})?$/.test(String(v).trim()), { error: 'v.warn.balanceInvalid' })
      .transform(Number),
    /** a list or the textarea's text (one per line, commas also separate). */
    warnMobiles: z
      .union([
        z.string().max(1000, { error: 'v.mobile.invalid' }),
        z.array(z.string().max(20, { error: 'v.mobile.invalid' })).max(50, { error: 'v.warn.tooManyMobiles' }),
      ])
      .transform((v) => [...new Set(splitMobileList(v))])
      .pipe(
        z
          .array(z.string().max(20).refine(isMobile, { error: 'v.mobile.invalid' }))
          .max(WARN_MOBILES_MAX, { error: 'v.warn.tooManyMobiles' }),
      ),
  })
  .superRefine((v, ctx) => {
    if (v.enabled && v.warnMobiles.length === 0)
      ctx.addIssue({ code: 'custom', path: ['warnMobiles'], message: 'v.warn.mobilesRequired' });
  });
export type BalanceWarningForm = z.infer<typeof balanceWarningFormSchema>;
