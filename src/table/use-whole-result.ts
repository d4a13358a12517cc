import { useEffect, useMemo, useRef, useState } from 'react';
import { throttleTime } from 'rxjs';
import { backfilledNow, cacheComplete } from '../../sync/store/cache-complete';
import {
  changesOf,
  countQuery,
  listEndpointFor,
  runQuery,
  type CountResult,
  type Filter,
  type Query,
} from '../../sync/query/query';
import { api } from '../session/api';
import { progress$, type SyncRuntime } from '../data/sync-runtime';
import type { ScreenDefinition } from './screen-definition';
import { shownTotal } from './shown-total';

// The matching count and the summary row over the whole filtered result, never only the rows
// loaded so far. Locally both are read from the index (the count) and a scan of the matching rows (the summary);
// where the rows come from the platform its total answers the count, marked when it is an estimate.

/** Rows read for a summary at most: beyond this the summary is left out rather than shown over a part. */
export const SUMMARY_SCAN_CAP = 200_000;
const REFRESH_MS = 1000;

export interface WholeResult {
  count: CountResult | null;
  /** over every matching row; null while counting, or when only a part could be read. */
  summary: Record<string, string> | null;
  /** while counting (no count): the matching rows cached so far, when counted. */
  cached?: number | null;
  /** the local cache holds only a part of the query's rows (its backfill runs): nothing is summed over rows read. */
  partial?: boolean;
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
  // from an effect would render the screen a second time on the cold path)
  const given = source !== 'local' ? (shownCount ?? null) : null;
  // the platform's count of this query, kept when the cache takes the rows over while its backfill still runs
  const platformCount = useRef<{ filters: Filter[]; count: CountResult } | null>(null);
  useEffect(() => {
    if (given) platformCount.current = { filters, count: given };
  }, [given, filters]);
  const fromRows = useMemo<WholeResult | null>(
    () =>
      given
        ? {
            count: given,
            summary:
              def.platformSummary && given.summary !== undefined
                ? (def.platformSummary(given.summary) as Record<string, string>)
                : null,
          }
        : null,
    [def, given],
  );
  useEffect(() => {
    if (given) return;
    let cancelled = false;
    // a change notice during a scan starts a new one: the older one stops writing
    let gen = 0;
    const q: Query = { collection: def.collection, filters, limit: 500 };
    const db = runtime?.db;
    const known = platformCount.current?.filters === filters ? platformCount.current.count : null;
    /** What the cache's count and the platform's show while the cache fills: never the cache's count as the total. */
    const partial = (local: CountResult | null, p: CountResult | null): WholeResult => {
      const shown = shownTotal({ complete: false, local, platform: p });
      if (shown.state === 'counting') return { count: null, summary: null, cached: shown.cached, partial: true };
      return {
        count: shown.count,
        summary:
          def.platformSummary && p?.summary !== undefined
            ? (def.platformSummary(p.summary) as Record<string, string>)
            : null,
        partial: true,
      };
    };
    setOut(source === 'local' && known ? partial(null, known) : { count: null, summary: null });
    // the platform's count while the cache is incomplete: the one that came with its rows, or asked once (undefined
    // until answered; null where it has none: offline, a collection it does not list, a failed call)
    let platform: CountResult | null | undefined = known ?? undefined;
    let asking: Promise<void> | null = null;
    const askPlatform = () =>
      (asking ??= (
        online && listEndpointFor(q)
          ? countQuery(q, { client: api, online, horizon, fromPlatform: true })
          : Promise.resolve(null)
      ).then(
        (c) => {
          platform = c;
          if (c) platformCount.current = { filters, count: c };
        },
        () => void (platform = null),
      ));
    const run = async () => {
      const my = ++gen;
      const stale = () => cancelled || my !== gen;
      if (source !== 'local') {
        const count = await countQuery(q, { db, client: api, online, horizon, fromPlatform: true });
        const summary =
          def.platformSummary && count.summary !== undefined
            ? (def.platformSummary(count.summary) as Record<string, string>)
            : null;
        if (!stale()) setOut({ count, summary });
        return;
      }
      if (!db) return;
      const [count, complete] = await Promise.all([
        countQuery(q, { db, online: false, horizon: 0 }),
        cacheComplete(db, def.collection),
      ]);
      if (stale()) return;
      if (!complete) {
        if (platform === undefined) {
          setOut(partial(count, null));
          await askPlatform();
          if (stale()) return;
        }
        setOut(partial(count, platform ?? null));
        return;
      }
      setOut((cur) => ({ count, summary: cur.partial ? null : cur.summary }));
      if (!def.summary || count.total > SUMMARY_SCAN_CAP) return;
      // the platform sums the same rows in one call: its answer shows while the scan of the cache runs (seconds over
      // tens of thousands of rows on a busy machine), and the scan's replaces it, offline too
      let scanned = false;
      if (def.platformSummary && platform === undefined)
        void askPlatform().then(() => {
          if (stale() || scanned || platform?.summary === undefined) return;
          const fromPlatform = def.platformSummary!(platform.summary) as Record<string, string>;
          setOut((cur) => (cur.summary ? cur : { count, summary: fromPlatform }));
        });
      const all: T[] = [];
      let after: string | null = null;
      for (;;) {
        const page: { rows: unknown[]; next: string | number | null } = await runQuery(
          { ...q, after },
          { db, online: false, horizon: 0 },
        );
        if (stale()) return;
        all.push(...(page.rows as T[]));
        if (typeof page.next !== 'string') break;
        after = page.next;
      }
      scanned = true;
      setOut({ count, summary: def.summary(all) as Record<string, string> });
    };
    void run().catch(() => {});
    const sub =
      db && source === 'local'
        ? changesOf(db, def.collection)
            .pipe(throttleTime(REFRESH_MS, undefined, { leading: false, trailing: true }))
            .subscribe(() => void run().catch(() => {}))
        : undefined;
    // the backfill's end counts again at once (its last page's change notice can come before its state is kept)
    const done =
      db && source === 'local'
        ? backfilledNow(progress$, def.collection).subscribe(() => void run().catch(() => {}))
        : undefined;
    return () => {
      cancelled = true;
      sub?.unsubscribe();
      done?.unsubscribe();
    };
  }, [def, filters, runtime, horizon, online, source, given]);
  return fromRows ?? out;
}
