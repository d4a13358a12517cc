import { readFileSync } from 'node:fs';
import { z } from 'zod';

// The carrier links and routes the platform reads at start from CARRIERS_FILE (JSON). Every field is bounded and
// every reference checked, so a mistake stops the start with the path of the bad field rather than failing later on
// the first message.

const name = z.string().regex(/^[A-Za-z0-9_.-]{1,32}$/, 'letters, digits, _ . - (1-32)');
const octet = z.number().int().min(0).max(255);

export const carrierSchema = z
  .object({
    name,
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
        z.string().regex(/^\d{1,15}$/),
        z
          .array(z.string().regex(/^\d{1,15}$/))
          .min(1)
          .max(1000),
      ])
      .optional(),
    /** ISO 3166 alpha-2 of the destination (international sends). */
    country: z
      .union([
        z.string().regex(/^[A-Z]{2}$/),
        z
          .array(z.string().regex(/^[A-Z]{2}$/))
          .min(1)
          .max(300),
      ])
      .optional(),
    prodTypes: z
      .array(z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(6)]))
      .min(1)
      .optional(),
    accounts: z.array(z.string().min(1).max(32)).min(1).max(10_000).optional(),
    senders: z.array(z.string().min(1).max(21)).min(1).max(1000).optional(),
    carriers: z.array(name).min(1).max(32),
    /** round robin over the healthy carriers, or weighted by `weights` (same order as `carriers`). */
    pool: z.enum(['round-robin', 'weighted']).default('round-robin'),
    weights: z.array(z.number().int().min(1).max(1000)).optional(),
  })
  .strict();

export const carriersFileSchema = z
  .object({
    carriers: z.array(carrierSchema).min(1).max(64),
    routes: z.array(routeSchema).max(10_000).default([]),
    /** a part without its final receipt this long after the carrier took it ends the record as unknown (600). */
    receiptWaitS: z
      .number()
      .min(1)
      .max(30 * 86_400)
      .default(72 * 3600),
    /** a message no carrier could take within this long after it was sent fails as expired. */
    validityS: z
      .number()
      .min(1)
      .max(30 * 86_400)
      .default(48 * 3600),
  })
  .strict()
  .superRefine((file, ctx) => {
    const names = new Set<string>();
    file.carriers.forEach((c, i) => {
      if (names.has(c.name)) ctx.addIssue({ code: 'custom', path: ['carriers', i, 'name'], message: `carrier "${c.name}" is named twice` });
      names.add(c.name);
    });
    file.routes.forEach((r, i) => {
      r.carriers.forEach((c, k) => {
        if (!names.has(c)) ctx.addIssue({ code: 'custom', path: ['routes', i, 'carriers', k], message: `no carrier is named "${c}"` });
      });
      if (r.pool === 'weighted' && r.weights?.length !== r.carriers.length)
        ctx.addIssue({ code: 'custom', path: ['routes', i, 'weights'], message: 'a weighted pool needs one weight per carrier' });
    });
  });

export type CarrierConfig = z.infer<typeof carrierSchema>;
export type RouteConfig = z.infer<typeof routeSchema>;
export type CarriersFile = z.infer<typeof carriersFileSchema>;

/** Parses a carriers file's text; throws an Error naming each bad field by its path. */
export function parseCarriersFile(text: string, source = 'CARRIERS_FILE'): CarriersFile {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (err) {
    throw new Error(`${source}: not JSON (${(err as Error).message})`, { cause: err });
  }
  const parsed = carriersFileSchema.safeParse(json);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.') || '(file)'}: ${i.message}`);
    throw new Error(`${source} is not a valid carriers file:\n${lines.join('\n')}`);
  }
  return parsed.data;
}

export function readCarriersFile(path: string): CarriersFile {
  return parseCarriersFile(readFileSync(path, 'utf8'), path);
}
