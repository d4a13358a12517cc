import { formatDateTime } from '../ui/format';
import type { ViewerContext } from './screen-definition';

// Cells of platform-read lists whose rows carry epoch-ms times and percentages.

export const timeCell =
  (field: string) =>
  (r: unknown, v: ViewerContext): string => {
    const ms = (r as Record<string, unknown>)[field];
    return typeof ms === 'number' ? formatDateTime(ms, v.lang) : '';
  };

export const percentCell = (field: string) => (r: unknown) =>
  `${Number((r as Record<string, unknown>)[field] ?? 0).toFixed(2)}%`;
