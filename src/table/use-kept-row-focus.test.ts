import { describe, expect, it } from 'vitest';
import { focusRowByKey, renderedRow } from './use-kept-row-focus';

// A row the keyboard chose, or the one a closed panel gives the focus back to, is found by its key among the rows
// rendered: a re-read between the choice and the focus can render it in another element at another index.

interface FakeElement {
  dataset: { rowId?: string; index?: string };
  focused: { preventScroll?: boolean } | null;
  focus(options?: { preventScroll?: boolean }): void;
}
const element = (dataset: FakeElement['dataset']): FakeElement => ({
  dataset,
  focused: null,
  focus(options) {
    this.focused = options ?? {};
  },
});
/** a scroller rendering rows with these keys, in this order (data-index their position) */
const scrollerOf = (keys: string[]) => {
  const rows = keys.map((rowId, i) => element({ rowId, index: String(i) }));
  const scroller = { ...element({}), querySelectorAll: () => rows };
  return { rows, scroller, el: scroller as unknown as HTMLElement };
};

describe('renderedRow', () => {
  it('finds the row by its key, not by the position or element it had', () => {
    const before = scrollerOf(['S3', 'S2', 'S1']);
    const chosen = before.rows[1];
    // a live record arrives above: the rows are re-read into new elements, each one place lower
    const after = scrollerOf(['S4', 'S3', 'S2', 'S1']);
    const found = renderedRow(after.el, chosen.dataset.rowId!) as unknown as FakeElement;
    expect(found).toBe(after.rows[2]);
    expect(found.dataset.index).toBe('2');
  });

  it('finds nothing for a row not rendered (scrolled out of the range, or gone)', () => {
    expect(renderedRow(scrollerOf(['S3', 'S2']).el, 'S9')).toBeUndefined();
    expect(renderedRow(scrollerOf([]).el, 'S1')).toBeUndefined();
  });
});

describe('focusRowByKey', () => {
  it('focuses the row rendered with the key, without scrolling, and nothing else', () => {
    const { rows, scroller, el } = scrollerOf(['S4', 'S3', 'S2']);
    focusRowByKey(el, 'S3');
    expect(rows[1].focused).toEqual({ preventScroll: true });
    expect(rows[0].focused).toBeNull();
    expect(scroller.focused).toBeNull();
  });

  it('focuses the scroller when the row is not rendered, so the keyboard goes on from the table', () => {
    const { rows, scroller, el } = scrollerOf(['S4', 'S3']);
    focusRowByKey(el, 'S1');
    expect(scroller.focused).toEqual({ preventScroll: true });
    expect(rows.every((r) => r.focused === null)).toBe(true);
  });
});
