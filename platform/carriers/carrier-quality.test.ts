import { describe, expect, it } from 'vitest';
import { CarrierQuality, MIN_SAMPLES, OPEN_MS, PROBE_EVERY, PROBE_SAMPLES, QUALITY_WINDOW_MS } from './carrier-quality';
import { Router } from './routing';

describe('carrier quality and its circuit breaker', () => {
  const clock = () => {
    let t = 1_000_000;
    return { now: () => t, advance: (ms: number) => (t += ms) };
  };

  it('says nothing before MIN_SAMPLES receipts, then opens below the success floor', () => {
    const c = clock();
    const q = new CarrierQuality(c.now);
    const changes = [];
    for (let i = 0; i < MIN_SAMPLES - 1; i++) changes.push(q.note('bad', i % 2 === 0, 100));
    expect(changes.every((x) => x === null)).toBe(true);
    expect(q.admits('bad')).toBe(true);
    expect(q.note('bad', false, 100)).toMatchObject({ carrier: 'bad', change: 'opened', ratio: 0.5 });
    expect(q.admits('bad')).toBe(false);
    expect(q.figures('bad')).toMatchObject({ breaker: 'open', samples: 0 });
  });

  it('opens on latency too, lets a trickle through after OPEN_MS, and closes when the probes come back good', () => {
    const c = clock();
    const q = new CarrierQuality(c.now);
    let change = null;
    for (let i = 0; i < MIN_SAMPLES && !change; i++) change = q.note('slow', true, 20 * 60_000);
    expect(change).toMatchObject({ change: 'opened' });
    c.advance(OPEN_MS);
    const picks = Array.from({ length: PROBE_EVERY * 2 }, () => q.admits('slow'));
    expect(picks.filter(Boolean)).toHaveLength(2);
    let back = null;
    for (let i = 0; i < PROBE_SAMPLES && !back; i++) back = q.note('slow', true, 500);
    expect(back).toMatchObject({ change: 'closed', ratio: 1 });
    expect(q.admits('slow')).toBe(true);
  });

  it('forgets receipts older than the window', () => {
    const c = clock();
    const q = new CarrierQuality(c.now);
    q.note('a', false, 100);
    c.advance(QUALITY_WINDOW_MS + 1);
    expect(q.figures('a').samples).toBe(0);
  });

  it('keeps the newest 10,000 receipts, and decides on the counts of those it keeps', () => {
    const q = new CarrierQuality(clock().now);
    for (let i = 0; i < 10_000; i++) q.note('busy', true, 100);
    // three in four delivered: at a full window each of these pushes out one of the first ten thousand
    for (let i = 0; i < 10_000; i++) expect(q.note('busy', i % 4 !== 0, 200)).toBeNull();
    expect(q.figures('busy')).toMatchObject({ samples: 10_000, ratio: 0.75, p50Ms: 200, breaker: 'closed' });
    // each failure now pushes out one of those, three in four of them delivered: 7,000 delivered of 10,000 after 667,
    // below the floor at the 668th
    let failures = 0;
    let change = null;
    while (!change && failures < 10_000) {
      failures++;
      change = q.note('busy', false, 200);
    }
    expect(failures).toBe(668);
    expect(change).toMatchObject({ change: 'opened' });
  });

  it('a quality pool moves traffic off a carrier at half the success of the other', () => {
    const q = new CarrierQuality();
    for (let i = 0; i < MIN_SAMPLES; i++) {
      q.note('good', true, 100);
      q.note('half', i % 2 === 0, 100);
    }
    const r = new Router([{ carriers: ['good', 'half'], pool: 'quality' }], () => 1, q);
    const picks = Array.from({ length: 100 }, () =>
      r.carrierFor({ mobile: '8613800000000', country: null, prodType: 0, cusId: 'X', sender: null }, () => true),
    );
    expect(picks.filter((p) => p === 'half').length).toBeLessThanOrEqual(10);
  });

  it('a quality pool whose carriers are all out still sends, to them all', () => {
    const q = new CarrierQuality();
    for (let i = 0; i < MIN_SAMPLES; i++) q.note('only', false, 100);
    const r = new Router([{ carriers: ['only'], pool: 'quality' }], () => 1, q);
    expect(
      r.carrierFor({ mobile: '8613800000000', country: null, prodType: 0, cusId: 'X', sender: null }, () => true),
    ).toBe('only');
  });
});
