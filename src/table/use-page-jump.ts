import { useEffect, useRef, useState, type RefObject } from 'react';
import type { Shown } from './row-source';
import type { VirtualTableHandle } from './virtual-table';

/** the height of a table row, in pixels */
export const ROW_PX = 40;

interface PageJumpOptions {
  pageSize: number;
  queryKey: string;
  /** the rows rendered (a new array on every re-read) */
  rows: unknown[];
  shownRef: RefObject<Shown>;
  loadMore: () => Promise<void>;
  /** the last row index in view, kept for the rows' load-on */
  lastIndex: RefObject<number>;
}

/**
 * Page numbers over the virtual scroll: the page of the first row shown; a jump (a page link or the jump input) loads
 * the pages up to it and puts its first row on top, pinned there while rows are re-read.
 */
export function usePageJump({ pageSize, queryKey, rows, shownRef, loadMore, lastIndex }: PageJumpOptions) {
  const tableRef = useRef<VirtualTableHandle>(null);
  const [page, setPage] = useState(0);
  /** Page p asked from the paginator: a page link or the jump input. */
  function requestPage(p: number) {
    // the jump input reports every page set elsewhere as a change of its own (PrimeReact's InputNumber): only another
    // page is a request, or a scroll's page would jump back to that page's top
    if (p === page || p < 0) return;
    setPage(p);
    void jumpTo(p * pageSize);
  }
  async function jumpTo(index: number) {
    // the whole target page, so its first row can scroll to the top (rows shift while a backfill runs, so a page read
    // can add fewer rows than asked)
    for (
      let i = 0, idle = 0;
      i < 10_000 && idle < 40 && shownRef.current.rows.length < index + pageSize && shownRef.current.next !== null;
      i++
    ) {
      const before = shownRef.current.rows.length;
      await loadMore();
      if (shownRef.current.rows.length > before) idle = 0;
      else {
        // no rows added: the list was re-read meanwhile (the platform's pages replaced by the cache's as it fills), and
        // the page read for the old list was dropped; ask again once the re-read is shown, or the jump would stop at
        // the last row loaded, a page short
        idle++;
        await new Promise((r) => setTimeout(r, 50));
      }
    }
    // scrolled once the loaded rows are rendered (the scroller's height grows with them)
    jumpTarget.current = Math.min(index, Math.max(0, shownRef.current.rows.length - 1));
    setJumps((n) => n + 1);
  }
  const jumpTarget = useRef<number | null>(null);
  const [jumps, setJumps] = useState(0);
  /** The row a jump put on top, kept there while rows are re-read (a shorter re-read clamps the scroll) until the user
   * scrolls or the query changes. Meanwhile scroll events do not move the page number: a scroll clamped by a scroller
   * not yet grown, or by a re-read while the cache fills, would report an earlier page with the row still in view. */
  const pinnedTarget = useRef<number | null>(null);
  useEffect(() => {
    pinnedTarget.current = null;
  }, [queryKey]);
  useEffect(() => {
    const target = pinnedTarget.current;
    // (scrollTop forces a layout: read only with a jump pinned, not on every commit of new rows)
    if (target === null) return;
    // a re-read (the cache filling) can leave fewer rows than the target's page, with the view clamped at the top where
    // no scroll asks for more: the pin loads on until the target's page is there again
    if (shownRef.current.rows.length < target + pageSize && shownRef.current.next !== null) void loadMore();
    const top = tableRef.current?.scroller()?.scrollTop;
    if (top !== undefined && top < target * ROW_PX - ROW_PX && rows.length > target)
      tableRef.current?.scrollToIndex(target);
    // loadMore is a new function every render, and a new page size is a new query (the pin is cleared then)
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [rows]);
  useEffect(() => {
    const target = jumpTarget.current;
    if (target === null) return;
    jumpTarget.current = null;
    pinnedTarget.current = target;
    // the scroller's height follows the loaded rows a frame or more later (many on a busy machine): scroll again until
    // the row is on top, while the user has not scrolled since
    let tries = 0;
    const go = () => {
      if (pinnedTarget.current !== target) return;
      tableRef.current?.scrollToIndex(target);
      const top = tableRef.current?.scroller()?.scrollTop;
      if (top !== undefined && top < target * ROW_PX - ROW_PX && ++tries < 600) requestAnimationFrame(go);
      else
        requestAnimationFrame(() => {
          // the jump's own scroll events were ignored: the page is where it landed (one that came before the jump,
          // at the old offset, must not stay on the paginator); a scroller clamped at the list's end still shows the
          // target row, and so does one a re-read clamped in this frame while the pin holds (the pin scrolls it back,
          // and its scroll events are ignored too): then the page is the target's
          const scroller = tableRef.current?.scroller();
          if (!scroller) return;
          const top = Math.round(scroller.scrollTop / ROW_PX);
          const shows = target >= top && target < top + Math.max(1, Math.floor(scroller.clientHeight / ROW_PX));
          setPage(Math.floor((shows || pinnedTarget.current === target ? target : top) / pageSize));
        });
    };
    go();
  }, [jumps, rows, pageSize]);

  /** The rows in view changed (a scroll): the page number follows unless a jump is pinned; near the end, load on. */
  const onRange = (r: { first: number; last: number }) => {
    lastIndex.current = r.last;
    const p = Math.floor(r.first / pageSize);
    if (pinnedTarget.current === null) setPage((cur) => (cur === p ? cur : p));
    if (r.last >= rows.length - 5) void loadMore();
  };
  /** the user scrolled: a jump's row is no longer held on top */
  const onUserScroll = () => void (pinnedTarget.current = null);
  return { tableRef, page, requestPage, onRange, onUserScroll };
}
