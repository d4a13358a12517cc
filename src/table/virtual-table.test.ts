import { describe, expect, it, vi } from 'vitest';
import { keptRange, renderedRange } from './virtual-table';

// The rows the table renders for a scroll offset: always the rows in view, a margin either side, and a range that
// moves in steps so most scroll events render nothing.

describe('renderedRange', () => {
  const ROW = 40;
  const inView = (top: number, height: number, count: number) => {
    const [start, end] = renderedRange(top, height, ROW, count);
    const first = Math.floor(top / ROW);
    const last = Math.min(count, Math.ceil((top + height) / ROW));
    return start <= first && end >= last;
  };

  it('covers the rows in view at any offset, and never more than the view plus its margins', () => {
    for (let top = 0; top < 40_000; top += 37) {
      expect(inView(top, 460, 1_000)).toBe(true);
      const [start, end] = renderedRange(top, 460, ROW, 1_000);
      expect(end - start).toBeLessThanOrEqual(Math.ceil(460 / ROW) + 30);
    }
  });

  it('stays the same while the view moves within a step', () => {
    expect(renderedRange(20 * ROW, 460, ROW, 1_000)).toEqual(renderedRange(29 * ROW + 39, 460, ROW, 1_000));
    expect(renderedRange(30 * ROW, 460, ROW, 1_000)).not.toEqual(renderedRange(29 * ROW, 460, ROW, 1_000));
  });

  it('is clamped to the list: short lists, an offset past the end, and no rows', () => {
    expect(renderedRange(0, 460, ROW, 5)).toEqual([0, 5]);
    const [start, end] = renderedRange(10_000 * ROW, 460, ROW, 100);
    expect(end).toBe(100);
    expect(start).toBeLessThanOrEqual(end);
    expect(renderedRange(0, 460, ROW, 0)).toEqual([0, 0]);
  });

  it('renders the window height in rows and one step before the scroller is measured, not its margins', () => {
    vi.stubGlobal('window', { innerHeight: 720 });
    try {
      expect(renderedRange(0, 0, ROW, 1_000)).toEqual([0, 18 + 10]);
      // the measure (a 460 px scroller) adds the margins below
      expect(keptRange(renderedRange(0, 0, ROW, 1_000), renderedRange(0, 460, ROW, 1_000))).toEqual([0, 12 + 30]);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('a measure that finds fewer rows in view keeps the rows on screen (no re-render)', () => {
    const tall = renderedRange(0, 900, ROW, 1_000);
    const measured = renderedRange(0, 460, ROW, 1_000);
    expect(keptRange(tall, measured)).toBe(tall);
    // scrolling past it moves the range; a new, much shorter list does too
    const scrolled = renderedRange(80 * ROW, 460, ROW, 1_000);
    expect(keptRange(tall, scrolled)).toBe(scrolled);
    expect(keptRange(tall, renderedRange(0, 460, ROW, 5))).toEqual([0, 5]);
    expect(keptRange(measured, renderedRange(0, 460, ROW, 1_000))).toBe(measured);
  });
});
