import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { balanceWarningSchema } from '../entities.schema';
import { balanceWarningFormSchema } from '../validation/balance-warning.rules';

// Warnings: the balance warning of the caller's account (or a visible sub-account for an admin).

export const getCusBneWarnInfoEndpoint = defineEndpoint({
  path: '/warn/getCusBneWarnInfo',
  doc: 'Defaults to disabled with warnBalance 0 and no mobiles when never set.',
  request: z.object({ cus_id: z.string().trim().min(1).max(20).optional() }),
  response: balanceWarningSchema,
});

export const modifyCusBneWarnEndpoint = defineEndpoint({
  path: '/warn/modifyCusBneWarn',
  doc: 'Saves the warning and answers the stored state; a warning is sent once each time the balance falls below warnBalance.',
  request: balanceWarningFormSchema,
  response: balanceWarningSchema,
});
