import { z } from 'zod';

// A carrier link's connection settings and a route's rule, as the carriers file writes them and as the platform
// operator's endpoints take them: one set of bounds for both.

export const carrierNameSchema = z
  .string()
  .max(32)
  .regex(/^[A-Za-z0-9_.-]{1,32}$/, 'v.carrier.name');
const octet = z.number().int().min(0).max(255);

export const carrierSchema = z
  .object({
    name: carrierNameSchema,
    host: z.string().min(1).max(253),
    port: z.number().int().min(1).max(65535),
    /** SMPP 3.4: system_id is at most 15 characters, password 8, system_type 12. */
    systemId: z.string().min(1).max(15),
    password: z.string().max(8),
    systemType: z.string().max(12).default(''),
    /** transceiver binds, or a transmitter and a receiver per bind. */
    bindMode: z.enum(['transceiver', 'transmitter+receiver']).default('transceiver'),
    binds: z.number().int().min(1).max(32).default(1),
    /** submit_sm outstanding per bind. */
    window: z.number().int().min(1).max(1000).default(10),
    /** messages per second over all the carrier's binds. */
    rate: z.number().min(0.1).max(100_000).default(100),
    sourceTon: octet.default(0),
    sourceNpi: octet.default(0),
    destTon: octet.default(1),
    destNpi: octet.default(1),
    /** how a message longer than one segment is split. */
    longMessages: z.enum(['udh', 'sar', 'payload']).default('udh'),
    /** how the carrier's receipts write the message id its submit_sm_resp gave. */
    receiptIds: z.enum(['same', 'hex-to-decimal', 'decimal-to-hex']).default('same'),
    enquireLinkS: z.number().min(1).max(3600).default(30),
    responseTimeoutS: z.number().min(1).max(600).default(30),
    reconnectMinS: z.number().min(0.1).max(600).default(1),
    reconnectMaxS: z.number().min(1).max(3600).default(60),
  })
  .strict();

export const routeSchema = z
  .object({
    /** destination prefixes (E.164 digits, no +); the longest matching prefix wins over shorter ones. */
    prefix: z
      .union([
        z
          .string()
          .max(15)
          .regex(/^\d{1,15}$/),
        z
          .array(
            z
              .string()
              .max(15)
              .regex(/^\d{1,15}$/),
          )
          .min(1)
          .max(1000),
      ])
      .optional(),
    /** ISO 3166 alpha-2 of the destination (international sends). */
    country: z
      .union([
        z
          .string()
          .max(2)
          .regex(/^[A-Z]{2}$/),
        z
          .array(
            z
              .string()
              .max(2)
              .regex(/^[A-Z]{2}$/),
          )
          .min(1)
          .max(300),
      ])
      .optional(),
    prodTypes: z
      .array(z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(6)]))
      .min(1)
      .max(4)
      .optional(),
    accounts: z.array(z.string().min(1).max(32)).min(1).max(10_000).optional(),
    senders: z.array(z.string().min(1).max(21)).min(1).max(1000).optional(),
    carriers: z.array(carrierNameSchema).min(1).max(32),
    /** round robin over the healthy carriers, or weighted by `weights` (same order as `carriers`). */
    pool: z.enum(['round-robin', 'weighted', 'quality', 'cheapest']).default('round-robin'),
    weights: z.array(z.number().int().min(1).max(1000)).max(32).optional(),
    /** an international message whose send named a sender id goes out from that id (alphanumeric: ton 5, npi 0)
     * rather than from the platform's code and the account's extension; absent or false: it does not. */
    alphaSenderIds: z.boolean().optional(),
  })
  .strict();

export type CarrierConfig = z.infer<typeof carrierSchema>;
export type RouteConfig = z.infer<typeof routeSchema>;

/** What a route gets wrong about the carriers there are, for the carriers file and the operator's endpoints alike: a
 * carrier it names that does not exist, or weights that are not one per carrier (a weighted pool without weights
 * uses the carriers' own). */
export type RouteFault = { kind: 'unknownCarrier'; index: number; name: string } | { kind: 'weights' };

export function routeFaults(route: RouteConfig, carriers: ReadonlySet<string>): RouteFault[] {
  const faults: RouteFault[] = route.carriers.flatMap((name, index) =>
    carriers.has(name) ? [] : [{ kind: 'unknownCarrier' as const, index, name }],
  );
  if (route.weights !== undefined && route.weights.length !== route.carriers.length) faults.push({ kind: 'weights' });
  return faults;
}
