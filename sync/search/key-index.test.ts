import { describe, expect, it } from 'vitest';
import { KeyIndex } from './key-index';

// The index against a Map through a random mix of inserts, re-points, deletes and lookups, across several resizes.

describe('key index', () => {
  it('answers what a Map answers through inserts, deletes and resizes', () => {
    let s = 12345;
    const rand = () => (s = (s * 1103515245 + 12345) >>> 0) / 2 ** 32;
    const keys: string[] = [];
    const index = new KeyIndex((row) => keys[row]);
    const map = new Map<string, number>();
    for (let step = 0; step < 60_000; step++) {
      const r = rand();
      const key = `k${Math.floor(rand() * 20_000)}`;
      if (r < 0.6) {
        // a new row for the key (as a record that moved in time gets one)
        keys.push(key);
        index.set(key, keys.length - 1);
        map.set(key, keys.length - 1);
      } else if (r < 0.85) {
        index.delete(key);
        map.delete(key);
      } else {
        expect(index.get(key)).toBe(map.get(key));
        expect(index.has(key)).toBe(map.has(key));
      }
    }
    expect(index.size).toBe(map.size);
    for (const [k, row] of map) expect(index.get(k)).toBe(row);
    expect(index.get('never')).toBeUndefined();
    // no more than four slots per live key after the last resize
    expect(index.bytes() / 4).toBeLessThanOrEqual(Math.max(1024, map.size * 4 * 1.5));
  });
});
