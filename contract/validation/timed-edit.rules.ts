import { z } from 'zod';

import { checkPlaceholders } from './template-placeholders';

// Editing the content of a timed batch: content cannot be empty, nor hold a ${…} that is no placeholder.
export const timedContentSchema = z
  .string({ error: 'v.timedEdit.contentRequired' })
  .trim()
  .min(1, { error: 'v.timedEdit.contentRequired' })
  .superRefine(checkPlaceholders);

export const timedEditSchema = z.object({
  time_batch: z.string({ error: 'v.timedEdit.batchRequired' }).trim().min(1, { error: 'v.timedEdit.batchRequired' }),
  content: timedContentSchema,
});
export type TimedEdit = z.infer<typeof timedEditSchema>;
