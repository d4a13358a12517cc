import { useLayoutEffect, useRef, type FocusEvent, type RefObject } from 'react';

/** The row of the table rendered with this key (the `rowKey` it was rendered with), if it is rendered. Looked up by
 * key, never by position or element: a re-read can give the row another element and a live record arriving above it
 * another position between the moment it is chosen and the one it is focused. */
export function renderedRow(scroller: HTMLElement, key: string): HTMLElement | undefined {
  return Array.from(scroller.querySelectorAll<HTMLElement>('tr[data-row-id]')).find((tr) => tr.dataset.rowId === key);
}

/** Focuses the row with this key where it is rendered, else the scroller (a region, so Page Up/Down and Tab go on
 * from the table), without scrolling either way. */
export function focusRowByKey(scroller: HTMLElement, key: string): void {
  (renderedRow(scroller, key) ?? scroller).focus({ preventScroll: true });
}

/** Keeps keyboard focus in the table when the focused row's element goes away: rows replaced by the same rows from
 * another source (the platform's first page, then the local database's), a live record re-keying the list, or a
 * scroll that takes the row out of the rendered range. Without this the focus falls to the page body and the arrow
 * keys, Enter and Page Down stop working until the user tabs back. The row is focused again where it is rendered
 * with the same key, else the scroller. */
export function useKeptRowFocus(scrollerRef: RefObject<HTMLDivElement | null>) {
  const focused = useRef<{ key: string; el: HTMLElement } | null>(null);

  useLayoutEffect(() => {
    const was = focused.current;
    if (!was || was.el.isConnected) return;
    focused.current = null;
    const active = document.activeElement;
    // focus already went somewhere the user chose (a dialog, a field)
    if (active && active !== document.body) return;
    const scroller = scrollerRef.current;
    if (scroller) focusRowByKey(scroller, was.key);
  });

  return {
    onFocus: (e: FocusEvent<HTMLElement>) => {
      const tr = e.target;
      if (tr.tagName === 'TR' && tr.dataset.rowId !== undefined) focused.current = { key: tr.dataset.rowId, el: tr };
    },
    onBlur: (e: FocusEvent<HTMLElement>) => {
      // moved to another element outside the rows: the user left the table; a removed row reports no new target
      const next = e.relatedTarget as Node | null;
      if (next && !e.currentTarget.contains(next)) focused.current = null;
    },
  };
}
