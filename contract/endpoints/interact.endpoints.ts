import { z } from 'zod';
import { defineEndpoint, LONG_TIMEOUT_MS, pageOf, pageRequest } from '../endpoint';
import { interactMessageSchema, interactSessionSchema } from '../entities.schema';
import { epochMs, text } from '../bounds';
import { mobileSchema } from '../validation/mobile.rules';
import { optText, timeRange } from './records.endpoints';

// Interaction: two-way conversations built from sent (MT) and uplink (MO) records per mobile.

const sessionFilter = z.object({ cus_id: optText, decodeMobile: optText, ...timeRange });

export const interactListEndpoint = defineEndpoint({
  path: '/interact/list',
  doc: 'Conversations, newest activity first.',
  request: pageRequest.extend(sessionFilter.shape),
  response: pageOf(interactSessionSchema),
});

export const messageInteractListEndpoint = defineEndpoint({
  path: '/interact/messageInteractList',
  auth: 'none',
  doc:
    'The messages of one conversation, oldest first, up to `limit` before `before` (epoch ms). The spec does not flag ' +
    'this call as needing a token, so the console does not redirect to /login before calling; the platform still ' +
    'scopes it to the bearer token and answers 401 without one.',
  request: z.object({
    cus_id: text(64, 1).trim(),
    decodeMobile: text(32, 1).trim(),
    before: z.preprocess((v) => (v === '' || v === null ? undefined : v), epochMs().optional()),
    limit: z.coerce.number().int().min(1).max(500).default(100),
  }),
  response: z.object({ messages: z.array(interactMessageSchema), hasMore: z.boolean() }),
});

export const messageInteractSendEndpoint = defineEndpoint({
  path: '/interact/messageInteractSend',
  doc: 'Replies to the mobile of a conversation from the account, as a one-number home SMS (billed like any send).',
  request: z.object({
    cus_id: text(64, 1).trim(),
    decodeMobile: mobileSchema.pipe(text(32)),
    content: z
      .string({ error: 'v.interact.contentRequired' })
      .trim()
      .min(1, { error: 'v.interact.contentRequired' })
      .max(1000)
      .pipe(text(1000)),
  }),
  response: z.object({ sn: z.string(), segments: z.number().int() }),
});

export const interactDownloadEndpoint = defineEndpoint({
  path: '/interact/download',
  kind: 'file',
  timeoutMs: LONG_TIMEOUT_MS,
  doc: 'The conversations list as xlsx, same filters without paging.',
  request: sessionFilter,
  response: z.unknown(),
});
