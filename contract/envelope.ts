import { z } from 'zod';

// Every JSON answer: success is HTTP 200 with type 0; failures are non-200 with a message.
export const SUCCESS_TYPE = 0;
export const envelopeSchema = z.object({
  type: z.number().int(),
  message: z.string().default(''),
  data: z.unknown().optional(),
  /** on 400: the field the message is about, for forms. */
  field: z.string().optional(),
});
export type Envelope = z.infer<typeof envelopeSchema>;

/** Headers the console sends and the platform reads. */
export const LANGUAGE_HEADER = 'Accept-Language';
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
