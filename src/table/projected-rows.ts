import { rowMatches } from '../../sync/query/filter-match';
import type { EventDoc } from '../../sync/store/local-db';
import type { Filter } from '../../sync/query/query-types';
import { primaryKeyOf } from './row-source';
import type { ScreenDefinition } from './screen-definition';

/** The screen's projection of its pending commands over the rows read: rows that were read stay (a pending edit shows
 * over its row); rows only this device knows (a send still queued) are listed only where the list's filters hold. */
export function projectRows<T>(
  def: ScreenDefinition<T>,
  rows: T[],
  pending: EventDoc[],
  settling: EventDoc[],
  filters: readonly Filter[],
): T[] {
  if (!def.project) return rows;
  const projected = def.project(rows, pending, settling);
  if (projected === rows) return projected;
  // rows that were read stay (a pending edit of one shows over it); rows only the device knows must match the filters
  const key = primaryKeyOf(def.collection);
  const read = new Set((rows as Array<Record<string, unknown>>).map((r) => r[key]));
  return projected.filter(
    (r) => read.has((r as Record<string, unknown>)[key]) || rowMatches(r as Record<string, unknown>, filters),
  );
}
