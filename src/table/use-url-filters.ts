import { useCallback, useEffect, useMemo, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import type { ScreenDefinition, ViewerContext } from './screen-definition';
import { buildFilters, pageSizeOf, queryKeyOf, readParams, searchOf } from './url-filters';

/** A table screen's filters from the URL: the applied parameters, the ones being edited, the query they stand for,
 * and `apply`, which writes parameters to the URL (replacing the entry: filtering is not navigation). */
export function useUrlFilters<T>(def: ScreenDefinition<T>, viewer: ViewerContext) {
  const search = useSearch();
  const [location, navigate] = useLocation();
  const params = useMemo(() => readParams(search), [search]);
  const [draft, setDraft] = useState<Record<string, string>>(params);
  useEffect(() => setDraft(params), [params]);
  const filters = useMemo(() => buildFilters(def, params, viewer), [def, params, viewer]);
  const pageSize = pageSizeOf(params.size);
  const queryKey = useMemo(() => queryKeyOf(def.collection, filters, pageSize), [def.collection, filters, pageSize]);
  // (one function while the path stays: the filter bar is memoized on it)
  const apply = useCallback(
    (next: Record<string, string>) => {
      const qs = searchOf(next);
      navigate(qs ? `${location}?${qs}` : location, { replace: true });
    },
    [location, navigate],
  );
  return { params, draft, setDraft, filters, pageSize, queryKey, apply };
}
