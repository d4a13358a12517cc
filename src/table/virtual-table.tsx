import {
  forwardRef,
  memo,
  useCallback,
  useEffect,
  useImperativeHandle,
  useRef,
  useState,
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
} from 'react';
import { focusRowByKey, renderedRow, useKeptRowFocus } from './use-kept-row-focus';
import './virtual-table.css';

// The list screens' table: a fixed-height scroller that renders only the rows in view, with the markup and theme
// classes of PrimeReact's DataTable (so it looks the same), but none of its per-cell prop merging, which would take
// most of every frame while scrolling and ~300 ms of the first page's render (BENCHMARKS.md). Rows have one fixed
// height; the rows above and below the rendered range are the table's margins, so the header stays sticky without
// transforms.

export interface VirtualColumn<R> {
  key: string;
  header: ReactNode;
  width?: string;
  /** the class of the column's header and cells (col-actions: kept in view at the right edge). */
  className?: string;
  cell: (row: R, index: number) => ReactNode;
}

export interface VirtualTableHandle {
  /** puts row `index` at the top of the view (as far as the list's length allows). */
  scrollToIndex(index: number): void;
  scroller(): HTMLDivElement | null;
  /** focuses the row rendered with this key (as `rowKey` gives it), else the scroller, without scrolling. */
  focusRow(key: string): void;
}

export interface VisibleRange {
  /** the row at the top of the view. */
  first: number;
  /** the last row in view. */
  last: number;
}

interface VirtualTableProps<R> {
  rows: readonly R[];
  rowKey: (row: R, index: number) => string | number;
  columns: readonly VirtualColumn<R>[];
  rowHeight: number;
  /** CSS height of the scroller. */
  height: string;
  label: string;
  header?: ReactNode;
  footer?: ReactNode;
  /** shown in the body when there are no rows. */
  empty: ReactNode;
  rowClassName?: (row: R) => string;
  /** a row opens on click, Enter or Space (with its key, as `rowKey` gives it); rows are then focusable and move focus
   * with the arrow keys. */
  onOpen?: (row: R, key: string) => void;
  onRange?: (range: VisibleRange) => void;
  /** the user scrolls the table (wheel, touch, the scrollbar or keys), as opposed to a scroll made by code. */
  onUserScroll?: () => void;
}

/** rows rendered beyond the view on each side, and the step the rendered range moves by (fewer re-renders). */
const OVERSCAN = 10;
/** the height the scroller has at most before it has been measured: the window's (reading it forces no layout). */
const firstGuessPx = () => (typeof window !== 'undefined' && window.innerHeight > 0 ? window.innerHeight : 1200);

/** The rendered range for a scroll offset: moves in steps of OVERSCAN rows, so most scroll events render nothing.
 * Before the scroller is measured (`viewHeight` 0: the first frame) a window's height of rows and one step: the first
 * records render on the cold path renders what can be on screen, not its margins (the measure adds them, after the
 * frame that painted the rows). */
export function renderedRange(
  scrollTop: number,
  viewHeight: number,
  rowHeight: number,
  count: number,
): [number, number] {
  const first = Math.floor(Math.max(0, scrollTop) / rowHeight);
  const start = Math.max(0, Math.floor(first / OVERSCAN) * OVERSCAN - OVERSCAN);
  const span =
    viewHeight > 0
      ? Math.ceil(viewHeight / rowHeight) + 3 * OVERSCAN
      : Math.ceil(firstGuessPx() / rowHeight) + OVERSCAN;
  return [Math.min(start, count), Math.min(count, start + span)];
}

/** The range to render after a measure: the one on screen while it holds the measured one and is at most two steps
 * longer (a view that shrank), so a measure that finds fewer rows in view re-renders nothing. */
export function keptRange(cur: [number, number], next: [number, number]): [number, number] {
  const inside = next[0] >= cur[0] && next[1] <= cur[1] && cur[1] - cur[0] <= next[1] - next[0] + 2 * OVERSCAN;
  return inside ? cur : next;
}

/** clicks on controls inside a row (action buttons, links) are theirs, not the row's. */
const CONTROL = 'button, a, input, select, textarea, [role=button], [role=checkbox], .p-dropdown';

function VirtualTableInner<R>(props: VirtualTableProps<R>, ref: React.ForwardedRef<VirtualTableHandle>) {
  const {
    rows,
    rowKey,
    columns,
    rowHeight,
    height,
    label,
    header,
    footer,
    empty,
    rowClassName,
    onOpen,
    onRange,
    onUserScroll,
  } = props;
  const scrollerRef = useRef<HTMLDivElement>(null);
  const theadRef = useRef<HTMLTableSectionElement>(null);
  const [range, setRange] = useState<[number, number]>(() => renderedRange(0, 0, rowHeight, rows.length));
  const lastRange = useRef<VisibleRange>({ first: -1, last: -1 });
  const keptFocus = useKeptRowFocus(scrollerRef);
  const onRangeRef = useRef(onRange);
  onRangeRef.current = onRange;

  // the scroller's offset and height as last measured (a scroll, or the resize observer); view 0: not measured yet
  const box = useRef({ top: 0, view: 0 });
  const update = useCallback(() => {
    const { top, view } = box.current;
    const next = renderedRange(top, view, rowHeight, rows.length);
    setRange((cur) => keptRange(cur, next));
    if (view === 0) return;
    const first = Math.min(Math.round(top / rowHeight), Math.max(0, rows.length - 1));
    const last = Math.max(first, Math.min(rows.length - 1, Math.ceil((top + view) / rowHeight) - 1));
    if (first !== lastRange.current.first || last !== lastRange.current.last) {
      lastRange.current = { first, last };
      onRangeRef.current?.({ first, last });
    }
  }, [rowHeight, rows.length]);
  const measure = useCallback(() => {
    const el = scrollerRef.current;
    if (!el) return;
    box.current = { top: el.scrollTop, view: el.clientHeight - (theadRef.current?.offsetHeight ?? 0) };
    update();
  }, [update]);

  // the list's length changes the range (rows arrived below the view) without a layout read. The size is read only
  // by the resize observer, which reports after the frame's layout: reading it in the first commit would force the
  // whole screen's layout there (20-30 ms on the cold path); the first frame shows the first guess, a screenful.
  useEffect(update, [update]);
  useEffect(() => {
    const el = scrollerRef.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => measure());
    observer.observe(el);
    return () => observer.disconnect();
  }, [measure]);

  useImperativeHandle(
    ref,
    () => ({
      scrollToIndex: (index) => {
        const el = scrollerRef.current;
        if (el) el.scrollTop = index * rowHeight;
      },
      scroller: () => scrollerRef.current,
      focusRow: (key) => {
        if (scrollerRef.current) focusRowByKey(scrollerRef.current, key);
      },
    }),
    [rowHeight],
  );

  const focusRow = (index: number) => {
    const el = scrollerRef.current;
    if (!el || index < 0 || index >= rows.length) return;
    // the row the key chose, by its key: rows re-read before it renders may have moved it to another index
    const key = String(rowKey(rows[index], index));
    const view = el.clientHeight - (theadRef.current?.offsetHeight ?? 0);
    if (index * rowHeight < el.scrollTop) el.scrollTop = index * rowHeight;
    else if ((index + 1) * rowHeight > el.scrollTop + view) el.scrollTop = (index + 1) * rowHeight - view;
    // the row may render only after the scroll's range update
    const focus = (tries: number) => {
      const tr = renderedRow(el, key);
      if (tr) tr.focus({ preventScroll: true });
      else if (tries > 0) requestAnimationFrame(() => focus(tries - 1));
    };
    focus(3);
  };

  const open = (index: number) => {
    if (onOpen && Number.isInteger(index) && rows[index] !== undefined)
      onOpen(rows[index], String(rowKey(rows[index], index)));
  };
  const onClick = (e: MouseEvent<HTMLTableSectionElement>) => {
    if (!onOpen || (e.target as Element).closest(CONTROL)) return;
    open(Number((e.target as Element).closest('tr')?.getAttribute('data-index')));
  };
  const onKeyDown = (e: KeyboardEvent<HTMLTableSectionElement>) => {
    const tr = e.target as HTMLElement;
    if (!onOpen || tr.tagName !== 'TR') return;
    const index = Number(tr.getAttribute('data-index'));
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      open(index);
    } else if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      focusRow(index + (e.key === 'ArrowDown' ? 1 : -1));
    } else if (e.key === 'Home' || e.key === 'End') {
      e.preventDefault();
      focusRow(e.key === 'Home' ? 0 : rows.length - 1);
    }
  };

  const [start, end] = [Math.min(range[0], rows.length), Math.min(range[1], rows.length)];
  const shown: ReactNode[] = [];
  for (let i = start; i < end; i++) {
    const row = rows[i];
    shown.push(
      <Row
        key={rowKey(row, i)}
        rowId={String(rowKey(row, i))}
        row={row}
        index={i}
        columns={columns}
        height={rowHeight}
        className={rowClassName?.(row) ?? ''}
        selectable={onOpen !== undefined}
      />,
    );
  }
  const columnCount = columns.length;
  return (
    <div
      className={`p-datatable p-component p-datatable-scrollable p-datatable-striped p-datatable-sm${onOpen ? ' p-datatable-selectable' : ''}`}
    >
      {header !== undefined && <div className="p-datatable-header">{header}</div>}
      <div className="p-datatable-wrapper">
        {/* focusable, so the keyboard scrolls it even when its rows are not */}
        <div
          ref={scrollerRef}
          className="p-virtualscroller"
          style={{ height }}
          onScroll={measure}
          onWheel={onUserScroll}
          onTouchStart={onUserScroll}
          onPointerDown={onUserScroll}
          onKeyDown={onUserScroll}
          tabIndex={0}
          role="region"
          aria-label={label}
        >
          <table
            className="p-datatable-table p-datatable-scrollable-table"
            aria-label={label}
            aria-rowcount={rows.length + 1}
            style={{ marginTop: start * rowHeight, marginBottom: (rows.length - end) * rowHeight }}
          >
            <thead ref={theadRef} className="p-datatable-thead">
              <tr aria-rowindex={1}>
                {columns.map((c) => (
                  <th key={c.key} scope="col" className={c.className} style={c.width ? { width: c.width } : undefined}>
                    <div className="p-column-header-content">
                      <span className="p-column-title">{c.header}</span>
                    </div>
                  </th>
                ))}
              </tr>
            </thead>
            <tbody
              className="p-datatable-tbody"
              onClick={onClick}
              onKeyDown={onKeyDown}
              onFocus={keptFocus.onFocus}
              onBlur={keptFocus.onBlur}
            >
              {rows.length === 0 ? (
                <tr className="p-datatable-emptymessage">
                  <td colSpan={columnCount}>{empty}</td>
                </tr>
              ) : (
                shown
              )}
            </tbody>
          </table>
        </div>
      </div>
      {footer !== undefined && <div className="p-datatable-footer">{footer}</div>}
    </div>
  );
}

interface RowProps<R> {
  /** the row's key, on the element too, so that a row keeps its identity for scripts and tests while rows arrive above it */
  rowId: string;
  row: R;
  index: number;
  columns: readonly VirtualColumn<R>[];
  height: number;
  className: string;
  selectable: boolean;
}

/** One row, skipped on re-render while its row, position and columns are the same. */
const Row = memo(function Row<R>({ rowId, row, index, columns, height, className, selectable }: RowProps<R>) {
  const classes = [selectable ? 'p-selectable-row' : '', index % 2 === 1 ? 'p-row-odd' : '', className]
    .filter(Boolean)
    .join(' ');
  return (
    <tr
      data-index={index}
      data-row-id={rowId}
      aria-rowindex={index + 2}
      tabIndex={selectable ? 0 : undefined}
      className={classes || undefined}
      style={{ height }}
    >
      {columns.map((c) => (
        <td key={c.key} className={c.className} style={c.width ? { width: c.width } : undefined}>
          {c.cell(row, index)}
        </td>
      ))}
    </tr>
  );
}) as <R>(props: RowProps<R>) => ReactNode;

export const VirtualTable = forwardRef(VirtualTableInner) as <R>(
  props: VirtualTableProps<R> & { ref?: React.Ref<VirtualTableHandle> },
) => ReactNode;
