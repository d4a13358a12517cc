import { NUMBER_STATUSES } from '../../contract/endpoints/number-check.endpoints';
import { formatDateTime } from '../app/format';
import type { ViewerContext } from '../screens/screen-definition';
import type { RemoteColumn } from '../screens/remote-table';

// Cells shared by the tools tables.

/** The six number-status counts of spec §2 screen 9 / §3, in the spec's order (real, empty, suspended, …). */
export const statusColumns = <T,>(): RemoteColumn<T>[] => NUMBER_STATUSES.map((s) => ({ field: `${s}_count` as keyof T & string, header: `tools.status.${s}` }));

export const timeCell =
  (field: string) =>
  (r: unknown, v: ViewerContext): string => {
    const ms = (r as Record<string, unknown>)[field];
    return typeof ms === 'number' ? formatDateTime(ms, v.lang) : '';
  };

export const percentCell = (field: string) => (r: unknown) => `${Number((r as Record<string, unknown>)[field] ?? 0).toFixed(2)}%`;
