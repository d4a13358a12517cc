import { describe, expect, it } from 'vitest';
import { MINUTE_MS, MinuteCounts, historyOf, minuteOf, type MinuteRow } from './minute-counts';

const T0 = Date.parse('2026-11-29T08:00:00.000Z');
const link = (name: string, submitted: number, accepted = submitted) => ({ name, submitted, accepted });

describe('minuteOf', () => {
  it('puts a time in the minute it falls in, its first millisecond included and its last', () => {
    expect(minuteOf(T0)).toBe(T0);
    expect(minuteOf(T0 + 59_999)).toBe(T0);
    expect(minuteOf(T0 + 60_000)).toBe(T0 + MINUTE_MS);
    expect(minuteOf(T0 - 1)).toBe(T0 - MINUTE_MS);
  });
});

describe('MinuteCounts', () => {
  it("counts what a link's running counters grew by in the minute it grew, and the receipts in theirs", () => {
    const c = new MinuteCounts();
    const a = {};
    c.noteLinks(T0 + 1000, [{ key: a, counters: link('a', 3, 2) }]);
    c.noteReceipt(T0 + 2000, 'a', 400, true);
    c.noteReceipt(T0 + 3000, 'a', 600.4, false);
    c.noteLinks(T0 + MINUTE_MS + 1000, [{ key: a, counters: link('a', 5, 5) }]);
    expect(c.take()).toEqual([
      { minute: T0, carrier: 'a', submitted: 3, accepted: 2, receipts: 2, delivered: 1, latencyMs: 1000 },
      { minute: T0 + MINUTE_MS, carrier: 'a', submitted: 2, accepted: 3, receipts: 0, delivered: 0, latencyMs: 0 },
    ]);
  });

  it('answers nothing to write while nothing was counted, and a minute once more until it has ended', () => {
    const c = new MinuteCounts();
    const a = {};
    c.noteLinks(T0, [{ key: a, counters: link('a', 0) }]);
    expect(c.take()).toEqual([]);
    c.noteLinks(T0 + 1000, [{ key: a, counters: link('a', 4) }]);
    expect(c.take()).toHaveLength(1);
    expect(c.written(T0 + 1000)).toBe(false);
    // the same counters again: nothing new
    c.noteLinks(T0 + 2000, [{ key: a, counters: link('a', 4) }]);
    expect(c.take()).toEqual([]);
    // a receipt of the next minute: both minutes written (the ended one with its final figures), then the ended one let go
    c.noteReceipt(T0 + MINUTE_MS, 'a', 10, true);
    expect(c.take().map((r) => r.minute)).toEqual([T0, T0 + MINUTE_MS]);
    expect(c.written(T0 + MINUTE_MS)).toBe(true);
    c.noteReceipt(T0 + MINUTE_MS + 1, 'a', 10, true);
    expect(c.take()).toEqual([expect.objectContaining({ minute: T0 + MINUTE_MS, receipts: 2 })]);
  });

  it('answers the same figures again after a failed write', () => {
    const c = new MinuteCounts();
    c.noteReceipt(T0, 'a', 10, true);
    const first = c.take();
    expect(c.take()).toEqual([]);
    c.notWritten();
    expect(c.take()).toEqual(first);
  });

  it("counts a changed carrier's new link from zero, keeping what the old one counted", () => {
    const c = new MinuteCounts();
    const old = {};
    const replaced = {};
    c.noteLinks(T0, [{ key: old, counters: link('a', 10) }]);
    c.noteLinks(T0 + 1000, [{ key: replaced, counters: link('a', 2) }]);
    expect(c.take()).toEqual([expect.objectContaining({ carrier: 'a', submitted: 12 })]);
  });
});

describe('historyOf', () => {
  const row = (over: Partial<MinuteRow> & { minute: number; carrier: string }): MinuteRow => ({
    submitted: 0,
    accepted: 0,
    receipts: 0,
    delivered: 0,
    latencyMs: 0,
    ...over,
  });

  it("answers 60 minutes oldest first up to the current one, summing several instances' rows of a minute", () => {
    const now = T0 + 30_000;
    const h = historyOf(
      [
        row({ minute: T0, carrier: 'a', submitted: 3, accepted: 3, receipts: 1, delivered: 1, latencyMs: 2000 }),
        row({ minute: T0, carrier: 'a', submitted: 4, accepted: 4, receipts: 3, delivered: 2, latencyMs: 2000 }),
        row({ minute: T0 - 59 * MINUTE_MS, carrier: 'a', submitted: 1 }),
        // an hour ago and more: outside the chart
        row({ minute: T0 - 60 * MINUTE_MS, carrier: 'a', submitted: 99 }),
      ],
      ['a', 'b'],
      now,
    );
    const a = h.get('a')!;
    expect(a).toHaveLength(60);
    expect(a[0]).toEqual({
      minute: new Date(T0 - 59 * MINUTE_MS).toISOString(),
      submitted: 1,
      accepted: 0,
      receipts: 0,
      delivered: 0,
      latencyMs: null,
    });
    // the mean over all four receipts, not the mean of the two instances' means
    expect(a[59]).toEqual({
      minute: new Date(T0).toISOString(),
      submitted: 7,
      accepted: 7,
      receipts: 4,
      delivered: 3,
      latencyMs: 1000,
    });
    expect(a.slice(1, 59).every((m) => m.submitted === 0 && m.latencyMs === null)).toBe(true);
    expect(h.get('b')!.every((m) => m.submitted === 0)).toBe(true);
  });

  it('adds a carrier that only the rows name', () => {
    const h = historyOf([row({ minute: T0, carrier: 'gone', receipts: 1, latencyMs: 250 })], [], T0);
    expect(h.get('gone')![59]).toMatchObject({ receipts: 1, latencyMs: 250 });
  });
});
