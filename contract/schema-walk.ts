import type { z } from 'zod';

// Walks a zod 4 schema's definition, for the checks that hold for every request schema (bounds.test.ts) and for the
// fuzz suite that builds requests from the contract. Reads zod's own definition objects (`_zod.def`, `_zod.bag`).

export interface Leaf {
  /** dotted path; array elements are `[]`. */
  path: string;
  type: string;
  schema: z.ZodType;
  /** length bounds of a string or array, value bounds of a number, from the schema's checks. */
  min?: number;
  max?: number;
  /** the values a literal or enum allows. */
  values?: unknown[];
}

interface Def {
  type: string;
  innerType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  options?: z.ZodType[];
  element?: z.ZodType;
  shape?: Record<string, z.ZodType>;
  left?: z.ZodType;
  right?: z.ZodType;
  items?: z.ZodType[];
  valueType?: z.ZodType;
  keyType?: z.ZodType;
  getter?: () => z.ZodType;
  values?: unknown[];
  entries?: Record<string, unknown>;
  checks?: Array<{ _zod: { def: CheckDef } }>;
}
interface CheckDef {
  check: string;
  value?: number;
  inclusive?: boolean;
  minimum?: number;
  maximum?: number;
  length?: number;
}
const defOf = (s: z.ZodType) => (s as unknown as { _zod: { def: Def } })._zod;

/** The tightest bounds the checks state (exclusive bounds count as inclusive: close enough for "is it bounded"). */
function boundsOf(def: Def): { min?: number; max?: number } {
  let min: number | undefined;
  let max: number | undefined;
  const lo = (v: number | undefined) => v !== undefined && (min = min === undefined ? v : Math.max(min, v));
  const hi = (v: number | undefined) => v !== undefined && (max = max === undefined ? v : Math.min(max, v));
  for (const c of def.checks ?? []) {
    const d = c._zod.def;
    if (d.check === 'greater_than' || d.check === 'min_length' || d.check === 'min_size') lo(d.value ?? d.minimum);
    if (d.check === 'less_than' || d.check === 'max_length' || d.check === 'max_size') hi(d.value ?? d.maximum);
    if (d.check === 'length_equals' || d.check === 'size_equals') {
      lo(d.length);
      hi(d.length);
    }
  }
  return { min, max };
}

const WRAPPERS = new Set([
  'optional',
  'nullable',
  'default',
  'prefault',
  'catch',
  'readonly',
  'nonoptional',
  'success',
]);

/** Every leaf (string, number, literal, enum, boolean, ...) and array under `schema`, with its path. */
export function leavesOf(schema: z.ZodType, path = '', seen = new Set<z.ZodType>()): Leaf[] {
  if (seen.has(schema)) return [];
  seen.add(schema);
  const { def } = defOf(schema);
  const bag = boundsOf(def);
  if (WRAPPERS.has(def.type) && def.innerType) return leavesOf(def.innerType, path, seen);
  switch (def.type) {
    case 'pipe':
      return [...leavesOf(def.in!, path, seen), ...leavesOf(def.out!, path, seen)];
    case 'transform':
      return [];
    case 'lazy':
      return leavesOf(def.getter!(), path, seen);
    case 'object':
      return Object.entries(def.shape ?? {}).flatMap(([k, v]) => leavesOf(v, path ? `${path}.${k}` : k, seen));
    case 'union':
      return (def.options ?? []).flatMap((o) => leavesOf(o, path, seen));
    case 'intersection':
      return [...leavesOf(def.left!, path, seen), ...leavesOf(def.right!, path, seen)];
    case 'array':
      return [{ path, type: 'array', schema, ...bag }, ...leavesOf(def.element!, `${path}[]`, seen)];
    case 'tuple':
      return (def.items ?? []).flatMap((i, n) => leavesOf(i, `${path}[${n}]`, seen));
    case 'record':
      return [
        { path, type: 'record', schema },
        ...leavesOf(def.keyType!, `${path}{key}`, seen),
        ...leavesOf(def.valueType!, `${path}{}`, seen),
      ];
    case 'literal':
      return [{ path, type: 'literal', schema, values: def.values }];
    case 'enum':
      return [{ path, type: 'enum', schema, values: Object.values(def.entries ?? {}) }];
    default:
      return [{ path, type: def.type, schema, ...bag }];
  }
}

/** Top-level field names of an object request schema (through wrappers and pipes). */
export function fieldsOf(schema: z.ZodType): string[] {
  const names = new Set<string>();
  for (const l of leavesOf(schema)) if (l.path) names.add(l.path.split(/[.[{]/)[0]);
  return [...names];
}

/** A value the schema probably accepts: the smallest of each kind, every optional field filled in. For building
 * requests from the contract (the fuzz suite), not a generator of all valid values. */
export function sampleOf(schema: z.ZodType, depth = 0): unknown {
  const { def } = defOf(schema);
  if (depth > 12) return undefined;
  const { min } = boundsOf(def);
  switch (def.type) {
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      return sampleOf(def.innerType!, depth + 1);
    case 'pipe':
      return sampleOf(def.in!, depth + 1) ?? sampleOf(def.out!, depth + 1);
    case 'transform':
      return undefined;
    case 'lazy':
      return sampleOf(def.getter!(), depth + 1);
    case 'object':
      return Object.fromEntries(Object.entries(def.shape ?? {}).map(([k, v]) => [k, sampleOf(v, depth + 1)]));
    case 'union':
      return def.options?.length ? sampleOf(def.options[0], depth + 1) : undefined;
    case 'array':
      return Array.from({ length: Math.max(1, min ?? 0) }, () => sampleOf(def.element!, depth + 1));
    case 'literal':
      return def.values?.[0];
    case 'enum':
      return Object.values(def.entries ?? {})[0];
    case 'string':
      return 'a'.repeat(Math.max(1, min ?? 1));
    case 'number':
    case 'int':
      return Math.max(min ?? 0, 0) || (min ?? 1);
    case 'boolean':
      return false;
    default:
      return undefined;
  }
}

/** `base` with the value at a leaf path (as leavesOf names it) replaced; missing parents are made. */
export function withValueAt(base: unknown, path: string, value: unknown): unknown {
  const parts = path.split(/\.|(?=\[\])/).filter(Boolean);
  const set = (node: unknown, i: number): unknown => {
    if (i === parts.length) return value;
    const part = parts[i];
    if (part.startsWith('[]')) {
      const arr = Array.isArray(node) && node.length ? [...node] : [{}];
      arr[0] = set(arr[0], i + 1);
      return arr;
    }
    const obj =
      node !== null && typeof node === 'object' && !Array.isArray(node) ? { ...(node as Record<string, unknown>) } : {};
    obj[part] = set(obj[part], i + 1);
    return obj;
  };
  return set(base, 0);
}
