import type { Filter } from './query-types';

// A list's filters applied to one row in memory, as the local database answers them: for rows a screen shows that
// no query read (commands still queued on this device), so a filtered list shows only the queued rows it would list.

const timeOf = (v: unknown): number => (typeof v === 'number' ? v : typeof v === 'string' ? Date.parse(v) : NaN);

export function rowMatches(row: Record<string, unknown>, filters: readonly Filter[]): boolean {
  return filters.every((f) => {
    const v = row[f.field];
    switch (f.op) {
      case 'eq':
        return v === f.value || (v !== null && v !== undefined && String(v) === String(f.value));
      case 'in':
        return f.values.some((x) => String(x) === String(v));
      case 'prefix':
        return typeof v === 'string' && v.startsWith(f.value);
      case 'contains':
        return typeof v === 'string' && v.toLowerCase().includes(f.value.toLowerCase());
      case 'range': {
        const t = timeOf(v);
        return !Number.isNaN(t) && (f.from === undefined || t >= f.from) && (f.to === undefined || t <= f.to);
      }
    }
  });
}
