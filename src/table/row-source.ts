import { RECORD_COLLECTIONS } from '../../sync/store/local-db';
import type { CountResult, QueryCollection } from '../../sync/query/query';

// Where a table screen's rows come from and how a new read joins the rows on screen: page 1 from the platform while
// the local cache cannot answer it, then from the cache; further pages appended; a re-read keeping unchanged rows.

export type Row = Record<string, unknown> & { k?: string };

/** Where the rows on screen come from: the local cache; the platform while the cache cannot answer yet (first sync);
 * the platform because the query reaches past the cache window. */
export type RowSource = 'local' | 'first-sync' | 'past-window';

/** The rows on screen and the query they answer. */
export interface Shown {
  /** the query the rows answer. */
  key: string;
  rows: Row[];
  /** local cursor or platform page number; null at the end. */
  next: string | number | null;
  source: RowSource;
  cachedOnly: boolean;
  /** the platform's count of the whole query, answered with its rows. */
  count?: CountResult;
}

export interface PageOneState {
  online: boolean;
  /** the platform has a list endpoint for the collection. */
  listable: boolean;
  dbOpen: boolean;
  /** the replicator finished this resource's backfill. */
  resourceLive: boolean;
  /** rows the local cache answers for the rows on screen (at least a page). */
  localRows: number;
  /** rows on screen that came from the platform during the first sync. */
  platformRows: number;
  /** the cache's rows leave out some of those that sort among them (missesShownRows). */
  missingShown?: boolean;
}

/** Who answers page 1 on a cold start: the platform until the local cache can, then the cache, once it holds at least
 * what is on screen, with nothing of it left out, or has finished its backfill, so the list never shrinks, blinks
 * empty or drops a record it showed. */
export function pageOneSource(s: PageOneState): 'local' | 'platform' {
  if (!s.online || !s.listable) return 'local';
  if (!s.dbOpen) return 'platform';
  if (s.resourceLive) return 'local';
  return s.localRows > 0 && s.localRows >= s.platformRows && !s.missingShown ? 'local' : 'platform';
}

/** Whether the cache's page leaves out rows the platform put on screen that sort among its own. On a large account
 * the first pulls hold the records changed lately (delivery reports), and the backfill reaches the newest unchanged
 * ones later: a page of the cache then can be full and still lack the newest records, and taking over with it would
 * drop them from the list and bring them back a moment later. Rows compare by their ordering key (`k`: a record's
 * time and key, which platform rows carry too). */
export function missesShownRows(local: Row[], shown: Row[]): boolean {
  if (local.length === 0) return shown.length > 0;
  const last = String(local[local.length - 1].k);
  const have = new Set(local.map((r) => r.k));
  return shown.some((r) => typeof r.k === 'string' && r.k <= last && !have.has(r.k));
}

/** A further page appended to the rows on screen, without rows already there (pages shift while rows arrive). */
export function appendPage<R extends Record<string, unknown>>(shown: R[], page: R[], key: string): R[] {
  const seen = new Set(shown.map((r) => r[key]));
  return [...shown, ...page.filter((r) => !seen.has(r[key]))];
}

export const primaryKeyOf = (c: QueryCollection): string => (c === 'events' ? 'id' : RECORD_COLLECTIONS[c].primaryKey);

/** A record's fields equal (shallow): an acknowledged command writes its effect locally under the same seq. */
function sameFields(a: Row, b: Row): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((f) => Object.is(a[f], b[f]));
}

/** The rows of a new read, each row equal to the one shown at its place kept as that object, since the table's rows
 * are memoized on it: a re-read while the cache fills, or the cache taking over the platform's first page (the same
 * records, read again), renders only the rows that changed. The shown array itself when nothing did. Equal is the
 * same record, version and contents: seq moves on every platform change, but an acknowledged command's local write
 * keeps it, and the row must then show the command's effect, not its old state. */
export function keepShownRows(shown: Row[], next: Row[]): Row[] {
  let changed = shown.length !== next.length;
  const out = next.map((r, i) => {
    const old = shown[i];
    if (old !== undefined && old.k === r.k && old.seq === r.seq && sameFields(old, r)) return old;
    changed = true;
    return r;
  });
  return changed ? out : shown;
}
