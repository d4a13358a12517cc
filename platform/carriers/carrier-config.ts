import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { carrierSchema, routeFaults, routeSchema } from '../../contract/carrier.schema';

// The carrier links and routes the platform reads at start from CARRIERS_FILE (JSON). Every field is bounded and
// every reference checked, so a mistake stops the start with the path of the bad field rather than failing later on
// the first message.

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
      if (names.has(c.name))
        ctx.addIssue({ code: 'custom', path: ['carriers', i, 'name'], message: `carrier "${c.name}" is named twice` });
      names.add(c.name);
    });
    file.routes.forEach((r, i) => {
      for (const f of routeFaults(r, names))
        ctx.addIssue(
          f.kind === 'unknownCarrier'
            ? { code: 'custom', path: ['routes', i, 'carriers', f.index], message: `no carrier is named "${f.name}"` }
            : { code: 'custom', path: ['routes', i, 'weights'], message: 'weights must be one per carrier' },
        );
    });
  });

export type { CarrierConfig, RouteConfig } from '../../contract/carrier.schema';
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
