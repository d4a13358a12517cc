import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { backoffMs, signCallback } from './callbacks';

// The callback signature as README "API document and callbacks" documents it, and the retry schedule.
describe('callbacks', () => {
  it('signs timestamp.body with HMAC-SHA256 of the app secret', () => {
    const sig = signCallback('s3cret', '1700000000000', '{"a":1}');
    expect(sig).toBe(`sha256=${createHmac('sha256', 's3cret').update('1700000000000.{"a":1}').digest('hex')}`);
    expect(signCallback('s3cret', '1700000000001', '{"a":1}')).not.toBe(sig);
    expect(signCallback('other', '1700000000000', '{"a":1}')).not.toBe(sig);
  });
  it('doubles the wait per failed attempt, at most an hour', () => {
    expect([1, 2, 3, 4].map((n) => backoffMs(n, 1000))).toEqual([1000, 2000, 4000, 8000]);
    expect(backoffMs(30, 1000)).toBe(3_600_000);
  });
});
