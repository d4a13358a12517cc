import { z } from 'zod';
import { coercedInt32, MAX_EPOCH_MS, text } from '../bounds';
import { INTEGRATOR_BASE_PATH } from '../constants';
import { MESSAGE_TEXT_MAX } from '../message-length';
import { defineEndpoint, MAX_PAGE_NUMBER } from '../endpoint';
import { categoryField, POLICY_REASONS } from './send-policy.endpoints';

// The signed integrator API customers' own systems call. Every request carries X-App-Id, X-Timestamp, X-Nonce and
// X-Signature (see INTEGRATOR_HEADERS); answers are the data itself, refusals `{code, message, requestId}` with the
// HTTP status of the code (integratorErrorSchema).

export const INTEGRATOR_HEADERS = {
  appId: 'X-App-Id',
  timestamp: 'X-Timestamp',
  nonce: 'X-Nonce',
  signature: 'X-Signature',
  idempotencyKey: 'Idempotency-Key',
} as const;

/** How far a request's X-Timestamp may be from the platform's clock, either way. */
export const INTEGRATOR_CLOCK_SKEW_S = 300;
export const INTEGRATOR_NONCE = /^[A-Za-z0-9_-]{8,64}$/;
export const INTEGRATOR_MAX_NUMBERS = 1000;
export const INTEGRATOR_MAX_ITEMS = 100;
/** The widest time range a message list may ask for. */
export const INTEGRATOR_MAX_RANGE_DAYS = 31;
export const CLIENT_REF_MAX_BYTES = 64;

/** The stable error codes and the HTTP status each answers with. */
export const INTEGRATOR_ERRORS = {
  SIGNATURE_INVALID: 401,
  APP_ID_UNKNOWN: 401,
  TIMESTAMP_EXPIRED: 401,
  NONCE_REUSED: 401,
  IP_NOT_ALLOWED: 403,
  ACCOUNT_CLOSED: 403,
  RATE_LIMITED: 429,
  INVALID_REQUEST: 400,
  INSUFFICIENT_BALANCE: 402,
  SENDER_NOT_ALLOWED: 400,
  NOT_FOUND: 404,
  IDEMPOTENCY_CONFLICT: 409,
  /** the send would pass the account's daily cap (the enterprise's send policy): refused whole. */
  DAILY_CAP_REACHED: 429,
  /** a marketing send inside the enterprise's quiet hours: this API answers message ids at once, so it cannot hold one
   * for later as the console does; it is refused whole, the window named, to be sent again once it ends. */
  QUIET_HOURS: 409,
  INTERNAL_ERROR: 500,
} as const;
export type IntegratorErrorCode = keyof typeof INTEGRATOR_ERRORS;

/** Why one number of a send was not sent (the rest of the request still is). INTERNATIONAL_NOT_ALLOWED: an
 * international number (written with + or 00 and another country's code) on a send that goes on the domestic
 * product, because the account has no international SMS or the call is /sms/batch. The enterprise's send policy:
 * FREQUENCY_LIMITED, a per-number cap of the send's category (which one in `limit`); DUPLICATE, the same text to the
 * same number within the duplicate window (DUPLICATE_NUMBER is a number written twice in one request). */
export const NUMBER_CODES = [
  'INVALID_NUMBER',
  'INTERNATIONAL_NOT_ALLOWED',
  'BLACKLISTED',
  'DUPLICATE_NUMBER',
  'FREQUENCY_LIMITED',
  'DUPLICATE',
] as const;

export const integratorErrorSchema = z.object({
  code: z.enum(Object.keys(INTEGRATOR_ERRORS) as [IntegratorErrorCode, ...IntegratorErrorCode[]]),
  message: z.string(),
  /** the request's id in the platform's log. */
  requestId: z.string().optional(),
  /** INVALID_REQUEST: the offending field. */
  field: z.string().optional(),
});

const numberField = text(32, 1);
/** The message as it is sent. These doors have no templates and fill no variables, so a `${…}` here (valid or not) is
 * the caller's own text and goes out as written; the console's sends and templates, which have variables, refuse a
 * misspelt one (validation/template-placeholders.ts). */
const smsText = text(MESSAGE_TEXT_MAX, 1);
/** The account's sender id and extension, or a longer address starting with them. */
const senderField = text(21, 1)
  .regex(/^[0-9A-Za-z]+$/)
  .optional();
/** The caller's own reference, echoed in answers, queries and report callbacks. */
const clientRefField = text(CLIENT_REF_MAX_BYTES)
  .refine((v) => Buffer.byteLength(v, 'utf8') <= CLIENT_REF_MAX_BYTES, 'v.integrator.clientRefTooLong')
  .optional();

export const numberResultSchema = z.object({
  number: z.string(),
  /** null when the number was not sent. */
  messageId: z.string().nullable(),
  accepted: z.boolean(),
  /** why it was not sent: one of NUMBER_CODES; null when accepted. */
  code: z.enum(NUMBER_CODES).nullable(),
  /** FREQUENCY_LIMITED and DUPLICATE: the send policy's reason (frequency.minute, frequency.hour, frequency.day, duplicate). */
  limit: z.enum(POLICY_REASONS).optional(),
  segments: z.number().int(),
  /** yuan charged for this number. */
  fee: z.number(),
});
export const sendAnswerSchema = z.object({ results: z.array(numberResultSchema), clientRef: z.string().nullable() });
export type IntegratorSendAnswer = z.infer<typeof sendAnswerSchema>;
export type NumberResult = z.infer<typeof numberResultSchema>;

export const integratorSendEndpoint = defineEndpoint({
  base: INTEGRATOR_BASE_PATH,
  path: '/sms/send',
  auth: 'none',
  doc: 'One text to 1-1000 numbers. Each number answers in the order given: sent (messageId) or refused with its code; the valid ones are sent and charged even when others are refused. Numbers written +CC… or 00CC… are international: with any of them the send goes on the international product (each number at its country price), else INTERNATIONAL_NOT_ALLOWED when the account has only the domestic product.',
  request: z.object({
    text: smsText,
    numbers: z.array(numberField).min(1).max(INTEGRATOR_MAX_NUMBERS),
    sender: senderField,
    clientRef: clientRefField,
    category: categoryField,
  }),
  response: sendAnswerSchema,
});

export const integratorBatchEndpoint = defineEndpoint({
  base: INTEGRATOR_BASE_PATH,
  path: '/sms/batch',
  auth: 'none',
  doc: 'A personalised text per number (1-100 items; domestic numbers). Answers as /sms/send.',
  request: z.object({
    items: z
      .array(z.object({ number: numberField, text: smsText }))
      .min(1)
      .max(INTEGRATOR_MAX_ITEMS),
    sender: senderField,
    clientRef: clientRefField,
    category: categoryField,
  }),
  response: sendAnswerSchema,
});

export const MESSAGE_STATES = ['review', 'sending', 'delivered', 'failed', 'timeout'] as const;

export const messageSchema = z.object({
  messageId: z.string(),
  number: z.string(),
  state: z.enum(MESSAGE_STATES),
  /** the carrier's report code and text, once reported. */
  reportCode: z.string().nullable(),
  reportDesc: z.string().nullable(),
  /** ISO 8601. */
  submittedAt: z.string(),
  /** when the final state was reached; null while under review or sending. */
  reportedAt: z.string().nullable(),
  segments: z.number().int(),
  fee: z.number(),
  sender: z.string().nullable(),
  clientRef: z.string().nullable(),
});

export const integratorMessageEndpoint = defineEndpoint({
  base: INTEGRATOR_BASE_PATH,
  path: '/sms/:messageId',
  method: 'GET',
  auth: 'none',
  doc: "One message the caller's account sent through this API.",
  request: z.object({ messageId: text(64, 1) }),
  response: messageSchema,
});

/** The latest unix second a Date can hold. */
const maxUnixSeconds = Math.floor(MAX_EPOCH_MS / 1000);

export const integratorListEndpoint = defineEndpoint({
  base: INTEGRATOR_BASE_PATH,
  path: '/sms',
  method: 'GET',
  auth: 'none',
  doc: 'Messages sent through this API, newest first, in a range of at most 31 days (unix seconds; default the last day).',
  request: z.object({
    number: text(32).optional(),
    from: z.coerce.number().int().min(0).max(maxUnixSeconds).optional(),
    to: z.coerce.number().int().min(0).max(maxUnixSeconds).optional(),
    page: coercedInt32(1, MAX_PAGE_NUMBER).default(1),
    size: coercedInt32(1, 100).default(20),
  }),
  response: z.object({
    total: z.number().int(),
    page: z.number().int(),
    size: z.number().int(),
    items: z.array(messageSchema),
  }),
});

export const replySchema = z.object({
  replyId: z.string(),
  /** the number that replied. */
  number: z.string(),
  text: z.string(),
  /** the code the reply came in on. */
  to: z.string(),
  receivedAt: z.string(),
});

export const integratorRepliesEndpoint = defineEndpoint({
  base: INTEGRATOR_BASE_PATH,
  path: '/replies',
  method: 'GET',
  auth: 'none',
  doc: "Replies to the caller's account after the cursor (none: from the first), oldest first; pass nextCursor to read on.",
  request: z.object({
    cursor: text(20)
      .regex(/^\d{1,19}$/)
      .optional(),
    limit: coercedInt32(1, 100).default(50),
  }),
  response: z.object({ items: z.array(replySchema), nextCursor: z.string().nullable() }),
});

export const integratorBalanceEndpoint = defineEndpoint({
  base: INTEGRATOR_BASE_PATH,
  path: '/balance',
  method: 'GET',
  auth: 'none',
  doc: "The caller's account balance in yuan (prepaid accounts are refused sends beyond it).",
  request: z.object({}),
  response: z.object({ balance: z.number(), prepaid: z.boolean() }),
});

/** The integrator API's calls, in the order its document lists them: the platform serves a handler for each
 * (integrator.routes.ts) and documents each (integrator-openapi.ts), so a call added here is both or neither. */
export const INTEGRATOR_ENDPOINTS = {
  send: integratorSendEndpoint,
  batch: integratorBatchEndpoint,
  message: integratorMessageEndpoint,
  list: integratorListEndpoint,
  replies: integratorRepliesEndpoint,
  balance: integratorBalanceEndpoint,
} as const;
