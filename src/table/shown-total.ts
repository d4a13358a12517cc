import type { CountResult } from '../../sync/query/query';

// Which count a list shows: a number shown to an operator is either the query's count or marked as still counting.
// The local cache's count is the query's only once the cache holds all of it; while its backfill runs, the platform's
// total (the first list answer carries it) is, and without one the screen says how many are cached so far and that it
// is still counting.

export type ShownTotal =
  | { state: 'known'; count: CountResult }
  /** `cached`: the rows the cache holds so far, null while not counted yet either. */
  | { state: 'counting'; cached: number | null };

export function shownTotal(o: {
  complete: boolean;
  local: CountResult | null;
  platform: CountResult | null;
}): ShownTotal {
  const { complete, local, platform } = o;
  if (complete) return local ? { state: 'known', count: local } : { state: 'counting', cached: null };
  if (platform) {
    // records written since the platform counted can already be cached: the cache's count is then the newer bound
    return {
      state: 'known',
      count: local && local.total > platform.total ? { ...platform, total: local.total } : platform,
    };
  }
  return { state: 'counting', cached: local?.total ?? null };
}
