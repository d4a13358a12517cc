import { useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import type { VirtualTableHandle } from './virtual-table';

/** The row whose detail panel is open, and the key of the row it was opened from. Esc closes it wherever focus is: a
 * re-read of the list can re-render the dialog, and PrimeReact then no longer hears Esc until the dialog is focused
 * again. The panel leaves the page as it closes, with no exit animation: PrimeReact's dialog gives the focus back
 * when that animation ends (later still on a busy machine), to the element focused when it opened, which would take
 * it from a row the arrow keys moved to meanwhile, or drop it when a re-read replaced that element. The focus goes
 * back to the opened row here instead, by its key, in the commit that removes the panel. */
export function useDetailRow<T>(tableRef: RefObject<VirtualTableHandle | null>) {
  const [opened, setOpened] = useState<{ row: T; key: string } | null>(null);
  useEffect(() => {
    if (opened === null) return;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setOpened(null);
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [opened]);
  // (a layout effect: the panel's elements, and the focus they held, are gone in the same commit)
  const from = useRef<string | null>(null);
  useLayoutEffect(() => {
    if (opened !== null) {
      from.current = opened.key;
      return;
    }
    const key = from.current;
    from.current = null;
    const active = document.activeElement;
    // focus already where the user put it (the panel's link led elsewhere, a field outside the panel)
    if (key === null || (active && active !== document.body)) return;
    tableRef.current?.focusRow(key);
  }, [opened, tableRef]);
  return {
    opened: opened?.row ?? null,
    open: (row: T, key: string) => setOpened({ row, key }),
    close: () => setOpened(null),
  };
}
