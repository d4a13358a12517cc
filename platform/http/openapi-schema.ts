import { z } from 'zod';

// A contract schema as OpenAPI 3.1 JSON Schema, for the platform's API documents (the console's and the integrators').

/** Schemas shared by reference: a recursive schema (the menu tree) comes out of zod with `$defs` and `#/$defs/...`
 * references, which resolve only at a document's root, so they are hoisted into `components.schemas`. */
export type Shared = Map<string, { name: string; schema: unknown }>;

function hoistDefs(json: Record<string, unknown>, shared: Shared, owner: string): Record<string, unknown> {
  const defs = json.$defs as Record<string, unknown> | undefined;
  if (!defs) return json;
  delete json.$defs;
  // the same definitions in another endpoint (the menu tree answers three of them) share one component
  const key = JSON.stringify(defs);
  const taken = new Set([...shared.values()].map((v) => v.name));
  const fresh = (name: string) => (taken.has(name) ? `${name}_${shared.size}` : name);
  const names = new Map(
    Object.keys(defs).map((d) => [
      d,
      shared.get(`${key}:${d}`)?.name ?? fresh(d.startsWith('__') ? `${owner}_${d.replace(/^_+/, '')}` : d),
    ]),
  );
  const rewrite = (v: unknown): unknown =>
    Array.isArray(v)
      ? v.map(rewrite)
      : typeof v === 'object' && v !== null
        ? Object.fromEntries(
            Object.entries(v).map(([k, x]) =>
              k === '$ref' && typeof x === 'string' && x.startsWith('#/$defs/')
                ? [k, `#/components/schemas/${names.get(x.slice(8))}`]
                : [k, rewrite(x)],
            ),
          )
        : v;
  for (const [d, schema] of Object.entries(defs)) {
    if (!shared.has(`${key}:${d}`)) shared.set(`${key}:${d}`, { name: names.get(d)!, schema: rewrite(schema) });
  }
  return rewrite(json) as Record<string, unknown>;
}

export function schemaOf(s: z.ZodType, io: 'input' | 'output', shared: Shared, owner: string): Record<string, unknown> {
  let json: Record<string, unknown>;
  try {
    json = z.toJSONSchema(s, { io, unrepresentable: 'any', target: 'draft-2020-12' }) as Record<string, unknown>;
  } catch {
    return {};
  }
  delete json.$schema;
  return hoistDefs(json, shared, `${owner}_${io}`);
}
