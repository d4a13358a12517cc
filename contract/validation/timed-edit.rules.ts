import { z } from 'zod';

// Editing the content of a timed batch: content cannot be empty.
export const timedContentSchema = z.string({ error: 'v.timedEdit.contentRequired' }).trim().min(1, { error: 'v.timedEdit.contentRequired' });

export const timedEditSchema = z.object({
  time_batch: z.string({ error: 'v.timedEdit.batchRequired' }).trim().min(1, { error: 'v.timedEdit.batchRequired' }),
  content: timedContentSchema,
});
export type TimedEdit = z.infer<typeof timedEditSchema>;
