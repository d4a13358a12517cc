import type { ComponentType, ReactNode } from 'react';
import type { Endpoint } from '../../contract/endpoint';
import type { ViewerContext, Visibility } from './screen-definition';

// Lists that are not replicated (statistics over platform tables, number-check batches, conversations, materials,
// sub-accounts and recharges): a definition like a ScreenDefinition, paged by the platform's list endpoint, with a
// search bar (filters, date shortcuts, reset), serial column, download, and optional re-reading while rows are still
// changing.

/** The filters being edited or applied, by request field. */
export type RemoteFilters = Record<string, unknown>;

export interface RemoteColumn<T> {
  field: keyof T & string;
  /** i18n key. */
  header: string;
  render?: (row: T, v: ViewerContext) => ReactNode;
  /** the text written to the spreadsheet (default: the rendered text or the raw value). */
  text?: (row: T, v: ViewerContext) => string;
  visible?: Visibility;
  /** shown only while the applied filters say so (a grouping chosen). */
  when?: (query: RemoteFilters) => boolean;
}
/** What a filter's own control edits: the whole draft, as one control may set several fields (a range's two ends).
 * The control carries its own test id. */
export interface RemoteFilterControlProps {
  /** the id its input takes, named by the filter's label. */
  id: string;
  draft: RemoteFilters;
  setDraft: (next: RemoteFilters) => void;
}
export interface RemoteFilter {
  field: string;
  /** i18n key. */
  label: string;
  options?: Array<{ value: string | number; label: string }>;
  /** a control of the list's own in place of the text box or option list. */
  control?: ComponentType<RemoteFilterControlProps>;
  visible?: Visibility;
}
export interface RemoteTableDef<T, A = { total: number; data: T[] }> {
  /** data-testid of the table. */
  id: string;
  /** i18n keys of the list's own words in place of the shared ones: the table's name (its accessible name and its
   * scroll region's), the text of an empty page, the search, export and operations labels. */
  texts?: { table?: string; empty?: string; search?: string; export?: string; actions?: string };
  endpoint: Endpoint;
  download?: Endpoint;
  /** a list without a download of its own, exported from its list endpoint: the sheet's name (i18n key). */
  exportAs?: string;
  columns: RemoteColumn<T>[];
  filters: RemoteFilter[];
  /** the filters the list opens with and a reset returns to (default none). */
  initial?: () => RemoteFilters;
  /** request fields always sent. */
  fixed?: Record<string, unknown>;
  /** startTime/endTime with the date shortcuts. */
  dateRange?: boolean;
  /** a selector of request fields (the time dimension: day, month, year). */
  modes?: Array<{ label: string; fixed: Record<string, unknown> }>;
  /** a unique field of the rows (omitted when rows are unique only by several fields). */
  rowKey?: keyof T & string;
  /** re-read every `ms` while `active(rows)` holds (a batch still being checked). */
  poll?: { ms: number; active: (rows: T[]) => boolean };
  actions?: (row: T, reload: () => void) => ReactNode;
  /** rows per page (default REMOTE_PAGE). */
  pageSize?: number;
  /** the serial column (default shown): off for lists whose rows are groups or carry their own number. */
  serial?: boolean;
  /** the table's footer rows (a ColumnGroup), from the page's answer (null until it comes) and the applied filters. */
  footer?: (answer: A | null, query: RemoteFilters, v: ViewerContext) => ReactNode;
}

/** rows per page of a platform-paged list */
export const REMOTE_PAGE = 20;
