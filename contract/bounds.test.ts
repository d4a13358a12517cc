import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Endpoint } from './endpoint';
import { leavesOf } from './schema-walk';

// Every field of every request the platform accepts carries a bound its column can hold (contract/bounds.ts):
// strings a maximum length, numbers a range, arrays a maximum count. A new endpoint is covered without editing this.
const dir = join(import.meta.dirname, 'endpoints');
const endpoints: Endpoint[] = [];
for (const file of readdirSync(dir).filter((f) => f.endsWith('.endpoints.ts'))) {
  const mod = (await import(`./endpoints/${file}`)) as Record<string, unknown>;
  for (const e of Object.values(mod))
    if (typeof e === 'object' && e && 'path' in e && 'request' in e && 'method' in e) endpoints.push(e as Endpoint);
}

/** A string can never be longer than the JSON body the platform accepts (platform/server.ts). */
const JSON_BODY_MAX = 8 * 1024 * 1024;

export function unbounded(e: Endpoint): string[] {
  return leavesOf(e.request).flatMap((l) => {
    const { min, max } = l;
    const at = `${e.path} ${l.path || '(body)'}`;
    switch (l.type) {
      case 'string':
        return max !== undefined && max <= JSON_BODY_MAX ? [] : [`${at}: string without a maximum length`];
      case 'number':
        return min !== undefined &&
          max !== undefined &&
          min >= -Number.MAX_SAFE_INTEGER &&
          max <= Number.MAX_SAFE_INTEGER
          ? []
          : [`${at}: number without a range`];
      case 'array':
        return max !== undefined ? [] : [`${at}: array without a maximum count`];
      case 'record':
      case 'unknown':
      case 'any':
        return [`${at}: ${l.type} accepts anything`];
      default:
        return [];
    }
  });
}

describe('request bounds', () => {
  it('finds the endpoints', () => expect(endpoints.length).toBeGreaterThan(100));
  it('every string, number and array of every request is bounded', () => {
    expect(endpoints.flatMap(unbounded)).toEqual([]);
  });
});

describe('unstorable text', () => {
  it('finds NUL and lone surrogates in values and keys, and accepts paired surrogates', async () => {
    const { unstorablePath } = await import('./bounds');
    expect(unstorablePath({ a: 'ok 😀', b: [1, 'x'] })).toBeNull();
    expect(unstorablePath({ a: { b: ['x', 'y\u0000'] } })).toEqual({ path: 'a.b.1', key: 'v.badText' });
    expect(unstorablePath({ a: 'x\uDC00' })).toEqual({ path: 'a', key: 'v.badText' });
    expect(unstorablePath({ ['k\uD800']: 1 })).toEqual({ path: 'body', key: 'v.badText' });
    let deep: unknown = 'x';
    for (let i = 0; i < 100; i++) deep = [deep];
    expect(unstorablePath(deep)?.key).toBe('v.field.tooDeep');
  });
});
