import type { ReactNode } from 'react';
import type { Language } from '../../contract/constants';
import type { FilterOption } from '../../contract/states';
import type { PermCode } from '../../contract/endpoints/user.endpoints';
import type { EventDoc } from '../../sync/store/local-db';
import type { Filter, QueryCollection } from '../../sync/query/query';

// A table screen is data: its collection, columns typed against the contract entity, filters,
// visibility rules, summary row and default order. One TableScreen renders them all.

/** What the lists' visibility rules depend on. */
export interface ViewerContext {
  userType: number;
  showClientStatus: number;
  clientForbidUnknown: number;
  showContentFilterWhere: number;
  permissions: ReadonlySet<string>;
  lang: Language;
}
export type Visibility = (v: ViewerContext) => boolean;

export interface ColumnDef<T> {
  field: keyof T & string;
  /** i18n key. */
  header: string;
  /** plain text or elements; never HTML from user content. */
  render?: (row: T, v: ViewerContext) => ReactNode;
  /** the text written to the spreadsheet (default: the rendered text or the raw value). */
  text?: (row: T, v: ViewerContext) => string;
  visible?: Visibility;
  width?: string;
}

export type FilterKind = 'eq-text' | 'prefix' | 'contains' | 'select' | 'account';
export interface FilterDef<T> {
  field: keyof T & string;
  /** i18n key. */
  label: string;
  kind: FilterKind;
  /** for select: value + catalogue key. */
  options?: readonly FilterOption[] | readonly { value: string | number; label: string }[];
  visible?: Visibility;
}

export interface ScreenDefinition<T> {
  /** menu path. */
  path: string;
  /** i18n key of the tab title. */
  title: string;
  /** the products whose menus list this screen (each menu, once here, still decides: a role can hide a leaf) */
  grantedBy?: PermCode[];
  collection: QueryCollection;
  /** filters always applied (product line, statistics kind …). */
  fixed?: Filter[];
  columns: ColumnDef<T>[];
  filters: FilterDef<T>[];
  /** the date-range filter field (epoch ms), with the spec's shortcuts. */
  dateField?: keyof T & string;
  /** a summary row over the loaded rows: column field -> text. */
  summary?: (rows: T[]) => Partial<Record<keyof T & string, string>>;
  /** the same summary from the platform's list answer, when the rows come from the platform (past the cache window). */
  platformSummary?: (summary: unknown) => Partial<Record<keyof T & string, string>>;
  /** pending commands shown over the pulled rows. */
  /** `settling`: acknowledged events whose effect the rows on screen may not show yet (held until the next re-read,
   * so a row never flicks back to its old state); a projection that ignores it keeps its previous behaviour. */
  project?: (rows: T[], pending: EventDoc[], settling?: EventDoc[]) => T[];
  /** operations column. */
  actions?: (row: T) => ReactNode;
  /** a detail panel opened by clicking a row or pressing Enter on it. */
  detail?: (row: T, v: ViewerContext) => ReactNode;
  /** a selector above the table that switches a fixed filter (statistics by day / month / year). */
  modes?: { label: string; fixed: Filter[] }[];
}

/** The columns the viewer sees, in the definition's order. */
export function shownColumns<T>(columns: ColumnDef<T>[], v: ViewerContext): ColumnDef<T>[] {
  return columns.filter((c) => !c.visible || c.visible(v));
}

export const always: Visibility = () => true;
export const allOn =
  (...rules: Visibility[]): Visibility =>
  (v) =>
    rules.every((r) => r(v));
/** the sending-account filter appears only for userType 1. */
export const accountFilterVisible: Visibility = (v) => v.userType === 1;
/** success/failure/unknown columns hidden when showClientStatus is 0. */
export const clientStatusVisible: Visibility = (v) => v.showClientStatus !== 0;
/** the status filter also needs clientForbidUnknown 0. */
export const statusFilterVisible: Visibility = (v) => v.showClientStatus !== 0 && v.clientForbidUnknown === 0;
/** the content search follows showContentFilterWhere. */
export const contentFilterVisible: Visibility = (v) => v.showContentFilterWhere === 1;
export const hasPermission =
  (p: string): Visibility =>
  (v) =>
    v.permissions.has(p);
