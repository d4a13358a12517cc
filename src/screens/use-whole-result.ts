import { useEffect, useMemo, useState } from 'react';
import { throttleTime } from 'rxjs';
import { changesOf, countQuery, runQuery, type CountResult, type Filter, type Query } from '../../sync/query';
import { api } from '../app/api';
import type { SyncRuntime } from '../data/sync-runtime';
import type { ScreenDefinition } from './screen-definition';

// Issue 14 items 1 and 2: the matching count and the summary row over the whole filtered result, never only the rows
// loaded so far. Locally both are read from the index (the count) and a scan of the matching rows (the summary);
// where the rows come from the platform its total answers the count, marked when it is an estimate.

/** Rows read for a summary at most: beyond this the summary is left out rather than shown over a part. */
export const SUMMARY_SCAN_CAP = 200_000;
const REFRESH_MS = 1000;

export interface WholeResult {
  count: CountResult | null;
  /** over every matching row; null while counting, or when only a part could be read. */
  summary: Record<string, string> | null;
}

export function useWholeResult<T>(
  def: ScreenDefinition<T>,
  filters: Filter[],
  o: {
    runtime: SyncRuntime | null;
    horizon: number;
    online: boolean;
    source: 'local' | 'first-sync' | 'past-window';
    /** the platform's count that came with the rows on screen: not asked for again. */
    count?: CountResult;
  },
): WholeResult {
  const [out, setOut] = useState<WholeResult>({ count: null, summary: null });
  const { runtime, horizon, online, source, count: shownCount } = o;
  // platform rows that came with their count: the whole result is known in the render that shows them (a state set
  // from an effect rendered the screen a second time on the cold path, issue 15)
  const given = source !== 'local' ? (shownCount ?? null) : null;
  const fromRows = useMemo<WholeResult | null>(
    () => (given ? { count: given, summary: def.platformSummary && given.summary !== undefined ? (def.platformSummary(given.summary) as Record<string, string>) : null } : null),
    [def, given],
  );
  useEffect(() => {
    if (given) return;
    let cancelled = false;
    // a change notice during a scan starts a new one: the older one stops writing
    let gen = 0;
    setOut({ count: null, summary: null });
    const q: Query = { collection: def.collection, filters, limit: 500 };
    const db = runtime?.db;
    const run = async () => {
      const my = ++gen;
      const stale = () => cancelled || my !== gen;
      if (source !== 'local') {
        const count = await countQuery(q, { db, client: api, online, horizon, fromPlatform: true });
        const summary = def.platformSummary && count.summary !== undefined ? (def.platformSummary(count.summary) as Record<string, string>) : null;
        if (!stale()) setOut({ count, summary });
        return;
      }
      if (!db) return;
      const count = await countQuery(q, { db, online: false, horizon: 0 });
      if (stale()) return;
      setOut((cur) => ({ count, summary: cur.summary }));
      if (!def.summary || count.total > SUMMARY_SCAN_CAP) return;
      const all: T[] = [];
      let after: string | null = null;
      for (;;) {
        const page: { rows: unknown[]; next: string | number | null } = await runQuery({ ...q, after }, { db, online: false, horizon: 0 });
        if (stale()) return;
        all.push(...(page.rows as T[]));
        if (typeof page.next !== 'string') break;
        after = page.next;
      }
      setOut({ count, summary: def.summary(all) as Record<string, string> });
    };
    void run().catch(() => {});
    const sub =
      db && source === 'local'
        ? changesOf(db, def.collection)
            .pipe(throttleTime(REFRESH_MS, undefined, { leading: false, trailing: true }))
            .subscribe(() => void run().catch(() => {}))
        : undefined;
    return () => {
      cancelled = true;
      sub?.unsubscribe();
    };
  }, [def, filters, runtime, horizon, online, source, given]);
  return fromRows ?? out;
}
