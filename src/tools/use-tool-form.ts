import type { z } from 'zod';
import type { FormValues } from '../../machines/form.machine';
import { useForm } from '../forms/use-form';

/** A tool form (shorten a link, reply in a conversation): the values as typed go to `submit`, which records the
 * command and waits for its outcome; the screen renders values, errors, the answer and a rejection. */
export function useToolForm(schema: z.ZodType, initial: FormValues, submit: (values: FormValues) => Promise<unknown>) {
  return useForm({ schema, values: initial }, submit);
}
