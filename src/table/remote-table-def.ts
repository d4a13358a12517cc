import type { ReactNode } from 'react';
import type { Endpoint } from '../../contract/endpoint';
import type { ViewerContext, Visibility } from './screen-definition';

// Lists that are not replicated (statistics over platform tables, number-check batches, conversations, materials,
// sub-accounts and recharges): a definition like a ScreenDefinition, paged by the platform's list endpoint, with a
// search bar (filters, date shortcuts, reset), serial column, download, and optional re-reading while rows are still
// changing.

export interface RemoteColumn<T> {
  field: keyof T & string;
  /** i18n key. */
  header: string;
  render?: (row: T, v: ViewerContext) => ReactNode;
  /** the text written to the spreadsheet (default: the rendered text or the raw value). */
  text?: (row: T, v: ViewerContext) => string;
  visible?: Visibility;
}
export interface RemoteFilter {
  field: string;
  /** i18n key. */
  label: string;
  options?: Array<{ value: string | number; label: string }>;
  visible?: Visibility;
}
export interface RemoteTableDef<T> {
  /** data-testid of the table. */
  id: string;
  endpoint: Endpoint;
  download?: Endpoint;
  /** a list without a download of its own, exported from its list endpoint: the sheet's name (i18n key). */
  exportAs?: string;
  columns: RemoteColumn<T>[];
  filters: RemoteFilter[];
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
}

/** rows per page of a platform-paged list */
export const REMOTE_PAGE = 20;
