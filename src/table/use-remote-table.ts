import { useEffect, useMemo, useState } from 'react';
import type { TFunction } from 'i18next';
import type { Endpoint, RequestOf } from '../../contract/endpoint';
import { download } from '../data/platform-actions';
import { usePlatformRead } from '../data/use-platform-read';
import { exportColumns } from './export-rows';
import { exportRemoteList } from './remote-export';
import { REMOTE_PAGE, type RemoteTableDef } from './remote-table-def';
import type { ViewerContext } from './screen-definition';

type Params = Record<string, string | number>;

/** A platform-paged list, headless: the filters being edited and the applied ones, the mode, the page, the rows of
 * the page and the total, re-reading while `def.poll` says rows still change, and the export. */
export function useRemoteTable<T>(def: RemoteTableDef<T>, refresh: number, v: ViewerContext, t: TFunction) {
  const [draft, setDraft] = useState<Params>({});
  const [query, setQuery] = useState<Params>({});
  const [page, setPage] = useState(1);
  const [tick, setTick] = useState(0);
  const [mode, setMode] = useState(0);
  const fixed = { ...def.fixed, ...def.modes?.[mode]?.fixed };
  const body = { ...fixed, ...query, pageNumber: page, pageSize: REMOTE_PAGE } as RequestOf<Endpoint>;
  // a failed read says why (in the platform's words) instead of looking like an empty list
  const { data, error, loading } = usePlatformRead(def.endpoint, body, { refresh: `${tick}:${refresh}` });
  const res = data as { total: number; data: T[] } | null;
  const rows = useMemo(() => res?.data ?? [], [res]);

  useEffect(() => {
    if (!def.poll || !def.poll.active(rows)) return;
    const timer = setTimeout(() => setTick((n) => n + 1), def.poll.ms);
    return () => clearTimeout(timer);
  }, [def.poll, rows]);

  const reload = () => setTick((n) => n + 1);
  const columns = def.columns.filter((c) => !c.visible || c.visible(v));
  const apply = (q: Params) => (setPage(1), setQuery(Object.fromEntries(Object.entries(q).filter(([, x]) => x !== ''))));
  const chooseMode = (m: number) => (setMode(m), setPage(1));
  const exportAll = () =>
    def.download
      ? download(def.download, { ...fixed, ...query } as never)
      : exportRemoteList<T>(t(def.exportAs!), def.endpoint, { ...fixed, ...query }, t('table.serial'), exportColumns(columns, v, t));
  return {
    draft,
    setDraft,
    apply,
    mode,
    chooseMode,
    page,
    setPage,
    rows,
    total: res?.total ?? 0,
    answered: res !== null,
    error,
    loading,
    columns,
    reload,
    exportAll,
  };
}
