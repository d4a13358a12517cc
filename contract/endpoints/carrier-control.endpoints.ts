import { z } from 'zod';
import { carrierNameSchema, carrierSchema, routeSchema } from '../carrier.schema';
import { defineEndpoint, emptyRequest, pageOf, pageRequest } from '../endpoint';
import { carrierStatusSchema } from './carrier.endpoints';

// The platform operator's control of carriers and routes, kept in the database and applied by every instance within
// 2 s without a restart. Only the platform operator's role reaches these endpoints; everyone else is answered 403.

const stamp = { updatedAt: z.string().max(40), updatedBy: z.string().max(64) };
export const MAX_CARRIERS = 64;
export const MAX_ROUTES = 10_000;
export const carrierWeightSchema = z.number().int().min(1).max(1000);

/** What an operator sees of a carrier: its settings without the password, what it does now over every instance, and
 * its state: active (bound), broken (enabled, no bind up), probing (bound, but out of its quality pools or being
 * probed back by their circuit breaker), draining (disabled, messages still out), disabled. */
export const carrierViewSchema = carrierSchema.omit({ password: true }).extend({
  hasPassword: z.boolean(),
  enabled: z.boolean(),
  weight: carrierWeightSchema,
  /** the demo's simulator: each instance binds to the SMSC it runs on loopback, whatever host and port say. */
  local: z.boolean(),
  state: z.enum(['active', 'broken', 'probing', 'draining', 'disabled']),
  status: carrierStatusSchema.nullable(),
  ...stamp,
});
export type CarrierView = z.infer<typeof carrierViewSchema>;

export const carrierListEndpoint = defineEndpoint({
  path: '/carrier/list',
  doc: 'Every carrier with its settings (never its password), live status summed over the instances, and state.',
  request: emptyRequest,
  response: z.object({ inProcess: z.boolean(), carriers: z.array(carrierViewSchema).max(MAX_CARRIERS) }),
});

export const carrierSaveEndpoint = defineEndpoint({
  path: '/carrier/save',
  doc:
    "Creates or changes a carrier by name: the carriers file's fields plus enabled and weight. An absent password keeps " +
    'the stored one. A changed carrier reconnects its own binds only; no other bind drops.',
  request: carrierSchema.extend({
    password: z.string().max(8).optional(),
    enabled: z.boolean().default(true),
    weight: carrierWeightSchema.default(1),
  }),
  response: carrierViewSchema,
});

export const carrierActionEndpoint = defineEndpoint({
  path: '/carrier/action',
  doc:
    'disable: the carrier takes no new messages, its window empties and its receipts are still matched; enable; ' +
    'reconnect: every instance rebinds it; weight: its share in weighted pools that give no weights of their own.',
  request: z.discriminatedUnion('action', [
    z.object({ name: carrierNameSchema, action: z.enum(['enable', 'disable', 'reconnect']) }).strict(),
    z.object({ name: carrierNameSchema, action: z.literal('weight'), weight: carrierWeightSchema }).strict(),
  ]),
  response: carrierViewSchema,
});

export const routeViewSchema = routeSchema.extend({
  id: z.number().int().min(1),
  position: z.number().int().min(0),
  ...stamp,
});
export type RouteView = z.infer<typeof routeViewSchema>;

export const carrierRoutesEndpoint = defineEndpoint({
  path: '/carrier/routes',
  doc: 'Every route in the order they are tried (position, then id); the longest matching prefix wins over that order.',
  request: emptyRequest,
  response: z.object({ routes: z.array(routeViewSchema).max(MAX_ROUTES) }),
});

export const carrierRouteSaveEndpoint = defineEndpoint({
  path: '/carrier/routeSave',
  doc:
    'Creates a route (no id) or changes one. It may name known carriers only, and no other route may have exactly the ' +
    'same conditions. It applies from the next message on every instance.',
  request: routeSchema.extend({
    id: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER).optional(),
    position: z.number().int().min(0).max(1_000_000).optional(),
  }),
  response: routeViewSchema,
});

export const carrierRouteDeleteEndpoint = defineEndpoint({
  path: '/carrier/routeDelete',
  request: z.object({ id: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER) }).strict(),
  response: z.object({ id: z.number().int() }),
});

export const carrierRouteTestEndpoint = defineEndpoint({
  path: '/carrier/routeTest',
  doc: 'The carrier a message to this number would take now, the address it would go out from, and why; it changes no round-robin turn.',
  request: z
    .object({
      mobile: z.string().trim().min(1).max(32),
      prodType: z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(6)]),
      /** what routes match `senders` against: the platform's code and an extension (the account's when absent) */
      sender: z.string().trim().max(21).optional(),
      cusId: z.string().trim().max(32).optional(),
      /** an international send's sender id, used as the address on a route that allows sender ids */
      senderId: z.string().trim().max(15).optional(),
    })
    .strict(),
  response: z.object({
    carrier: z.string().max(32).nullable(),
    routeId: z.number().int().nullable(),
    /** the digits the carrier would be given, and the destination's country */
    destination: z.string().max(16),
    country: z.string().max(2).nullable(),
    /** the address the message would go out from on that carrier, with its type of number and numbering plan; null
     * when no carrier would take it */
    source: z
      .object({
        addr: z.string().max(21),
        ton: z.number().int().min(0).max(255),
        npi: z.number().int().min(0).max(255),
      })
      .nullable(),
    reason: z.string().max(2000),
  }),
});

export const carrierAuditRowSchema = z.object({
  id: z.number().int(),
  at: z.string().max(40),
  actor: z.string().max(64),
  action: z.string().max(32),
  target: z.string().max(64),
  before: z.unknown(),
  after: z.unknown(),
});

export const carrierAuditEndpoint = defineEndpoint({
  path: '/carrier/audit',
  doc: 'Every change to carriers and routes, newest first: who, when, and the object before and after (never a password).',
  request: pageRequest.extend({ target: z.string().trim().max(64).optional() }),
  response: pageOf(carrierAuditRowSchema),
});
