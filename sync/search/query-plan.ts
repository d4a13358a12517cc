import type { Filter } from '../query/query-types';
import type { Columns } from './columns';
import type { Dictionary } from './dictionary';
import { phoneTest } from './phone-tests';
import type { SearchSpec } from './search-spec';

// A query's filters as tests over the columns, each both row by row and over a range of rows into a mask.

export type RowTest = (r: number) => boolean;

/** One filter over the columns: a test of one row (for a walk that fills its page soon), and the same test over a
 * range of rows into a mask, in one tight loop per column (for a walk that would read most of the order). */
export interface ColumnFilter {
  row: RowTest;
  /** clears m[r] for the rows in [start, end) that fail. */
  fill(m: Uint8Array, start: number, end: number): void;
}

export interface Plan {
  filters: ColumnFilter[];
  /** a content substring the rows must contain (the first such filter). */
  needle?: string;
  /** the filters as a mask's cache key (the time range is not in the mask: the walk bounds it). */
  key: string;
  from: number;
  to: number;
}

/** A filter on a small-integer column (status, product line, account id). */
function intFilter(arr: Int16Array | Uint8Array | Uint32Array, vs: number[]): ColumnFilter {
  if (vs.length === 1) {
    const v = vs[0];
    return {
      row: (r) => arr[r] === v,
      fill(m, start, end) {
        for (let r = start; r < end; r++) if (arr[r] !== v) m[r] = 0;
      },
    };
  }
  const set = new Set(vs);
  return {
    row: (r) => set.has(arr[r]),
    fill(m, start, end) {
      for (let r = start; r < end; r++) if (!set.has(arr[r])) m[r] = 0;
    },
  };
}

function rowFilter(row: RowTest): ColumnFilter {
  return {
    row,
    fill(m, start, end) {
      for (let r = start; r < end; r++) if (m[r] !== 0 && !row(r)) m[r] = 0;
    },
  };
}

/** The column filters of a query over `c`; null when a filter is not one the columns answer. */
export function planQuery(
  c: Columns,
  spec: SearchSpec,
  contents: Dictionary,
  accounts: Dictionary,
  filters: Filter[],
): Plan | null {
  const out: ColumnFilter[] = [];
  const keyed: Filter[] = [];
  const plan: Plan = { filters: out, key: '', from: -Infinity, to: Infinity };
  let from = -Infinity;
  let to = Infinity;
  const ints = (f: Filter): number[] | null => {
    const vs = f.op === 'eq' ? [f.value] : f.op === 'in' ? f.values : null;
    return vs && vs.every((v) => typeof v === 'number') ? (vs as number[]) : null;
  };
  for (const f of filters) {
    if (f.op === 'range') {
      if (f.field !== spec.time) return null;
      if (f.from !== undefined) from = Math.max(from, f.from);
      if (f.to !== undefined) to = Math.min(to, f.to);
      continue;
    }
    keyed.push(f);
    if (f.field === spec.status || f.field === spec.prod) {
      const vs = ints(f);
      if (!vs) return null;
      out.push(intFilter(f.field === spec.status ? c.status : c.prod, vs));
    } else if (f.field === spec.account) {
      if (f.op !== 'eq' && f.op !== 'in') return null;
      const vs = f.op === 'eq' ? [f.value] : f.values;
      if (!vs.every((v) => typeof v === 'string')) return null;
      const ids = vs.map((v) => accounts.find(String(v))).filter((v): v is number => v !== undefined);
      out.push(intFilter(c.account, ids.length ? ids : [-1]));
    } else if (f.field === spec.content) {
      if (f.op === 'contains') {
        const needle = f.value;
        plan.needle ??= needle;
        const probe = contents.probe(needle);
        const content = c.content;
        out.push({
          row: (r) => probe(content[r]),
          fill: (m, start, end) => {
            const { st } = contents.containing(needle);
            for (let r = start; r < end; r++) if (st[content[r]] !== 1) m[r] = 0;
          },
        });
      } else if (f.op === 'eq' && typeof f.value === 'string') {
        out.push(intFilter(c.content, [contents.find(f.value) ?? -1]));
      } else return null;
    } else if (f.field === spec.phone) {
      if (f.op !== 'eq' && f.op !== 'prefix' && f.op !== 'contains') return null;
      if (typeof f.value !== 'string') return null;
      out.push(rowFilter(phoneTest(c, f.op, f.value)));
    } else return null;
  }
  return Object.assign(plan, { key: JSON.stringify(keyed), from, to });
}
