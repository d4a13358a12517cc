import type { Filter, QueryCollection } from '../../sync/query/query';
import type { ScreenDefinition, ViewerContext } from './screen-definition';

// A table screen's applied filters live in the URL's query string, so a list can be bookmarked, shared and reloaded as
// it was: the string's parameters, the query they stand for, and the string an applied set of parameters writes.

export const PAGE_SIZE = 50;
/** Page sizes an operator can pick; the pages still load as the table scrolls. */
export const PAGE_SIZES = [20, 50, 100, 500] as const;
export const pageSizeOf = (v: string | undefined): number =>
  (PAGE_SIZES as readonly number[]).includes(Number(v)) ? Number(v) : PAGE_SIZE;

/** The parameters of a URL query string. */
export function readParams(search: string): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(search).entries());
}

/** The query string of applied parameters: empty ones are left out. */
export function searchOf(params: Record<string, string>): string {
  return new URLSearchParams(Object.entries(params).filter(([, v]) => v !== '' && v !== undefined)).toString();
}

/** The query of a screen for the applied parameters. */
export function buildFilters<T>(
  def: ScreenDefinition<T>,
  params: Record<string, string>,
  viewer: ViewerContext,
): Filter[] {
  const mode = def.modes?.[Number(params.mode ?? 0)] ?? def.modes?.[0];
  const out: Filter[] = [...(def.fixed ?? []), ...(mode?.fixed ?? [])];
  for (const f of def.filters) {
    const v = params[f.field];
    if (v === undefined || v === '' || (f.visible && !f.visible(viewer))) continue;
    if (f.kind === 'prefix') out.push({ op: 'prefix', field: f.field, value: v });
    else if (f.kind === 'contains') out.push({ op: 'contains', field: f.field, value: v });
    else if (f.kind === 'select')
      out.push({ op: 'eq', field: f.field, value: typeof f.options?.[0]?.value === 'number' ? Number(v) : v });
    else out.push({ op: 'eq', field: f.field, value: v });
  }
  if (def.dateField && (params.from || params.to)) {
    out.push({
      op: 'range',
      field: def.dateField,
      from: params.from ? Number(params.from) : undefined,
      to: params.to ? Number(params.to) : undefined,
    });
  }
  return out;
}

/** One string per query a screen shows: rows, first-sync pages and jumps are kept by it. */
export const queryKeyOf = (collection: QueryCollection, filters: Filter[], pageSize: number): string =>
  JSON.stringify([collection, filters, pageSize]);

/** The product line a screen's query is fixed to (the account selector loads its accounts); home by default. */
export function prodTypeOf(filters: Filter[]): number {
  const f = filters.find((x) => x.op === 'eq' && x.field === 'prod_type') as { value?: unknown } | undefined;
  return typeof f?.value === 'number' ? f.value : 0;
}
