import { describe, expect, it } from 'vitest';
import { AccountBuckets, TokenBucket } from './token-bucket';

function clock() {
  let t = 0;
  return { now: () => t, advance: (ms: number) => (t += ms) };
}

describe('token bucket in segments', () => {
  it('lets a burst of a few seconds through, then the rate', () => {
    const c = clock();
    const b = new TokenBucket({ ratePerSecond: 10, burstSeconds: 2, now: c.now });
    let taken = 0;
    while (b.tryTake(1)) taken++;
    expect(taken).toBe(20);
    expect(b.waitMs(1)).toBe(100);
    c.advance(99);
    expect(b.tryTake(1)).toBe(false);
    c.advance(1);
    expect(b.tryTake(1)).toBe(true);
  });

  it('holds the rate within ±5 % over 10 s of steady demand', () => {
    const c = clock();
    const b = new TokenBucket({ ratePerSecond: 50, burstSeconds: 2, now: c.now });
    while (b.tryTake(1));
    let sent = 0;
    for (let ms = 0; ms < 10_000; ms += 1) {
      c.advance(1);
      while (b.tryTake(1)) sent++;
    }
    expect(sent).toBeGreaterThanOrEqual(475);
    expect(sent).toBeLessThanOrEqual(525);
  });

  it('charges a long message by its segments, and lets one larger than the burst through on a full bucket', () => {
    const c = clock();
    const b = new TokenBucket({ ratePerSecond: 2, burstSeconds: 2, now: c.now });
    expect(b.tryTake(3)).toBe(true);
    expect(b.tryTake(2)).toBe(false);
    c.advance(2_000);
    expect(b.available).toBe(4);
    expect(b.tryTake(6)).toBe(true);
    expect(b.available).toBe(-2);
    c.advance(1_000);
    expect(b.tryTake(1)).toBe(false);
  });

  it('never counts time backwards', () => {
    const c = clock();
    const b = new TokenBucket({ ratePerSecond: 1, burstSeconds: 1, now: c.now });
    expect(b.tryTake(1)).toBe(true);
    c.advance(-5_000);
    expect(b.tryTake(1)).toBe(false);
    c.advance(5_999);
    expect(b.tryTake(1)).toBe(false);
    c.advance(1_000);
    expect(b.tryTake(1)).toBe(true);
  });

  it('one bucket per account across its binds, following a changed rate', () => {
    const c = clock();
    const buckets = new AccountBuckets({ burstSeconds: 1, now: c.now });
    for (let i = 0; i < 5; i++) expect(buckets.take('a', 5, 1)).toBe(true);
    expect(buckets.take('a', 5, 1)).toBe(false);
    expect(buckets.take('b', 5, 1)).toBe(true);
    c.advance(1_000);
    expect(buckets.take('a', 2, 2)).toBe(true);
    expect(buckets.take('a', 2, 1)).toBe(false);
    buckets.forget('a');
    expect(buckets.take('a', 2, 2)).toBe(true);
  });
});
