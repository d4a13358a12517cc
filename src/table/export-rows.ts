import type { ReactNode } from 'react';
import type { ExportColumn } from './remote-export';
import type { ViewerContext } from './screen-definition';

// What a list's spreadsheet holds: each column's text (its own, else what the cell shows when that is text, else the
// raw value), and for a replicated list the whole matching local set, read page by page.

/** The column fields the text of a cell is made of (a screen's columns and a platform-paged list's alike). */
export interface TextColumn<T> {
  field: keyof T & string;
  header: string;
  render?: (row: T, v: ViewerContext) => ReactNode;
  text?: (row: T, v: ViewerContext) => string;
}

/** The text written to the spreadsheet for a cell. */
export function cellText<T>(c: TextColumn<T>, row: T, v: ViewerContext): string {
  if (c.text) return c.text(row, v);
  const shown = c.render?.(row, v);
  if (typeof shown === 'string' || typeof shown === 'number') return String(shown);
  const raw = (row as Record<string, unknown>)[c.field];
  return raw === null || raw === undefined ? '' : String(raw);
}

/** The columns as the sheet's: translated headers and each cell's text for the viewer. */
export const exportColumns = <T>(
  columns: TextColumn<T>[],
  v: ViewerContext,
  t: (key: string) => string,
): ExportColumn<T>[] => columns.map((c) => ({ header: t(c.header), text: (r: T) => cellText(c, r, v) }));

/** rows of the local set read at once for an export */
export const LOCAL_EXPORT_PAGE = 500;
const LOCAL_EXPORT_MAX_PAGES = 2000;

/** Every row of a keyset-paged read, page after page while a page names a next cursor. */
export async function readLocalRows<R>(
  read: (after: string | null) => Promise<{ rows: R[]; next: string | number | null }>,
): Promise<R[]> {
  const out: R[] = [];
  let after: string | null = null;
  for (let i = 0; i < LOCAL_EXPORT_MAX_PAGES; i++) {
    const page = await read(after);
    out.push(...page.rows);
    if (typeof page.next !== 'string') break;
    after = page.next;
  }
  return out;
}
