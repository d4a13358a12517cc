import { useEffect, useMemo, useState } from 'react';
import type { TFunction } from 'i18next';
import type { Endpoint, RequestOf } from '../../contract/endpoint';
import { download } from '../data/platform-actions';
import { usePlatformRead } from '../data/use-platform-read';
import { exportColumns } from './export-rows';
import { exportRemoteList } from './remote-export';
import { REMOTE_PAGE, type RemoteFilters, type RemoteTableDef } from './remote-table-def';
import type { ViewerContext } from './screen-definition';

/** The filters as the request takes them: texts trimmed (a pasted name keeps no stray space), empty ones left out. */
const applied = (q: RemoteFilters): RemoteFilters =>
  Object.fromEntries(
    Object.entries(q)
      .map(([k, x]) => [k, typeof x === 'string' ? x.trim() : x])
      .filter(([, x]) => x !== ''),
  );

/** A platform-paged list, headless: the filters being edited and the applied ones, the mode, the page, the rows of
 * the page and the total, re-reading while `def.poll` says rows still change, and the export. */
export function useRemoteTable<T, A>(def: RemoteTableDef<T, A>, refresh: number, v: ViewerContext, t: TFunction) {
  const [initial] = useState<RemoteFilters>(() => def.initial?.() ?? {});
  const [draft, setDraft] = useState<RemoteFilters>(initial);
  const [query, setQuery] = useState<RemoteFilters>(() => applied(initial));
  const [page, setPage] = useState(1);
  const [tick, setTick] = useState(0);
  const [mode, setMode] = useState(0);
  const pageSize = def.pageSize ?? REMOTE_PAGE;
  const fixed = { ...def.fixed, ...def.modes?.[mode]?.fixed };
  const body = { ...fixed, ...query, pageNumber: page, pageSize } as RequestOf<Endpoint>;
  // a failed read says why (in the platform's words) instead of looking like an empty list
  const { data, error, loading } = usePlatformRead(def.endpoint, body, { refresh: `${tick}:${refresh}` });
  const answer = data as A | null;
  const res = data as { total: number; data: T[] } | null;
  const rows = useMemo(() => res?.data ?? [], [res]);

  useEffect(() => {
    if (!def.poll || !def.poll.active(rows)) return;
    const timer = setTimeout(() => setTick((n) => n + 1), def.poll.ms);
    return () => clearTimeout(timer);
  }, [def.poll, rows]);

  const reload = () => setTick((n) => n + 1);
  const columns = def.columns.filter((c) => (!c.visible || c.visible(v)) && (!c.when || c.when(query)));
  const apply = (q: RemoteFilters) => (setPage(1), setQuery(applied(q)));
  const reset = () => (setDraft(initial), apply(initial));
  const chooseMode = (m: number) => (setMode(m), setPage(1));
  const exportAll = () =>
    def.download
      ? download(def.download, { ...fixed, ...query } as never)
      : exportRemoteList<T>(
          t(def.exportAs!),
          def.endpoint,
          { ...fixed, ...query },
          t('table.serial'),
          exportColumns(columns, v, t),
        );
  return {
    draft,
    setDraft,
    apply,
    reset,
    query,
    mode,
    chooseMode,
    page,
    setPage,
    pageSize,
    rows,
    answer,
    total: res?.total ?? 0,
    answered: res !== null,
    error,
    loading,
    columns,
    reload,
    exportAll,
  };
}
