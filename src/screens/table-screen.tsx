import { Button } from 'primereact/button';
import { Calendar } from 'primereact/calendar';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { Message } from 'primereact/message';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearch } from 'wouter';
import { translate } from '../../contract/messages';
import { throttleTime } from 'rxjs';
import { changesOf, runQuery, type Filter, type Query } from '../../sync/query';
import { api } from '../app/api';
import { useSession } from '../app/use-session';
import { useOnline, usePending, useRuntime } from '../data/sync-runtime';
import { DATE_SHORTCUTS, shortcutRange, type DateShortcut } from './date-shortcuts';
import { downloadXlsx } from './export-xlsx';
import type { ColumnDef, ScreenDefinition, ViewerContext } from './screen-definition';

// The one table screen (DESIGN.md §6): filters kept in the URL, date range with the spec's shortcuts, serial column,
// keyset pages appended as the user scrolls (virtual scrolling), the first page live, pending commands projected,
// the platform's list endpoint when a range reaches past the cache window, export to xlsx.

export const PAGE_SIZE = 50;
const REFRESH_MS = 250;
const DAY = 86_400_000;
type Row = Record<string, unknown> & { k?: string };

export function useViewer(): ViewerContext {
  const { userInfo, language } = useSession();
  const a = userInfo?.authUser;
  return useMemo(
    () => ({
      userType: a?.userType ?? 3,
      showClientStatus: a?.showClientStatus ?? 1,
      clientForbidUnknown: a?.clientForbidUnknown ?? 0,
      showContentFilterWhere: a?.showContentFilterWhere ?? 0,
      permissions: new Set(userInfo?.permission ?? []),
      lang: language,
    }),
    [a, userInfo, language],
  );
}

/** URL query string <-> applied filters. */
function readParams(search: string): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(search).entries());
}

/** The query of a screen for the applied parameters. */
export function buildFilters<T>(def: ScreenDefinition<T>, params: Record<string, string>, viewer: ViewerContext): Filter[] {
  const mode = def.modes?.[Number(params.mode ?? 0)] ?? def.modes?.[0];
  const out: Filter[] = [...(def.fixed ?? []), ...(mode?.fixed ?? [])];
  for (const f of def.filters) {
    const v = params[f.field];
    if (v === undefined || v === '' || (f.visible && !f.visible(viewer))) continue;
    if (f.kind === 'prefix') out.push({ op: 'prefix', field: f.field, value: v });
    else if (f.kind === 'contains') out.push({ op: 'contains', field: f.field, value: v });
    else if (f.kind === 'select') out.push({ op: 'eq', field: f.field, value: typeof f.options?.[0]?.value === 'number' ? Number(v) : v });
    else out.push({ op: 'eq', field: f.field, value: v });
  }
  if (def.dateField && (params.from || params.to)) {
    out.push({ op: 'range', field: def.dateField, from: params.from ? Number(params.from) : undefined, to: params.to ? Number(params.to) : undefined });
  }
  return out;
}

function cellText<T>(c: ColumnDef<T>, row: T, v: ViewerContext): string {
  if (c.text) return c.text(row, v);
  const r = c.render?.(row, v);
  if (typeof r === 'string' || typeof r === 'number') return String(r);
  const raw = (row as Row)[c.field];
  return raw === null || raw === undefined ? '' : String(raw);
}

export function TableScreen<T>({ def }: { def: ScreenDefinition<T> }) {
  const { t } = useTranslation();
  const viewer = useViewer();
  const runtime = useRuntime();
  const online = useOnline();
  const pending = usePending();
  const search = useSearch();
  const [location, navigate] = useLocation();
  const params = useMemo(() => readParams(search), [search]);
  const [draft, setDraft] = useState<Record<string, string>>(params);
  useEffect(() => setDraft(params), [params]);
  const filters = useMemo(() => buildFilters(def, params, viewer), [def, params, viewer]);
  const [horizon, setHorizon] = useState(0);
  const [first, setFirst] = useState<Row[]>([]);
  const [more, setMore] = useState<Row[]>([]);
  const [next, setNext] = useState<string | number | null>(null);
  const [source, setSource] = useState<{ server: boolean; cachedOnly: boolean }>({ server: false, cachedOnly: false });
  const [loading, setLoading] = useState(true);

  useEffect(() => {
    if (!runtime) return;
    void runtime.replicator.getWindow().then((w) => setHorizon(Date.now() - w.days * DAY));
  }, [runtime]);

  // page 1: re-read as the collection changes, so delivery reports and pulls show without reload; or the platform
  // past the window
  useEffect(() => {
    if (!runtime || !horizon) return;
    const q: Query = { collection: def.collection, filters, limit: PAGE_SIZE };
    setMore([]);
    setLoading(true);
    let cancelled = false;
    let unsub = () => {};
    void runQuery<Row>(q, { db: runtime.db, online, horizon, client: undefined }).then(async (probe) => {
      if (cancelled) return;
      if (probe.cachedOnly && online) {
        const res = await runQuery<Row>(q, { db: runtime.db, online, horizon, client: api }).catch(() => probe);
        if (cancelled) return;
        setFirst(res.rows);
        setNext(res.next);
        setSource({ server: res.source === 'server', cachedOnly: res.cachedOnly });
        setLoading(false);
        return;
      }
      setSource({ server: false, cachedOnly: probe.cachedOnly });
      const show = (page: { rows: Row[]; next: string | number | null }) => {
        if (cancelled) return;
        setFirst(page.rows);
        setNext(page.next);
        setLoading(false);
      };
      show(probe);
      // re-read on change notices, at most every REFRESH_MS: a backfill writes many pages a second
      const sub = changesOf(runtime.db, def.collection)
        .pipe(throttleTime(REFRESH_MS, undefined, { leading: true, trailing: true }))
        .subscribe(() => void runQuery<Row>(q, { db: runtime.db, online, horizon }).then(show));
      unsub = () => sub.unsubscribe();
    });
    return () => {
      cancelled = true;
      unsub();
    };
  }, [runtime, horizon, filters, def.collection, online]);

  async function loadMore() {
    if (!runtime || next === null || loading) return;
    setLoading(true);
    const q: Query = { collection: def.collection, filters, limit: PAGE_SIZE, after: typeof next === 'string' ? next : null };
    const res = await runQuery<Row>(q, { db: runtime.db, online, horizon, client: source.server ? api : undefined, pageNumber: typeof next === 'number' ? next : undefined });
    setMore((m) => [...m, ...res.rows]);
    setNext(res.next);
    setLoading(false);
  }

  const rows = useMemo(() => {
    const all = [...first, ...more] as T[];
    return def.project ? def.project(all, pending) : all;
  }, [first, more, pending, def]);

  function apply(next: Record<string, string>) {
    const qs = new URLSearchParams(Object.entries(next).filter(([, v]) => v !== '' && v !== undefined)).toString();
    navigate(qs ? `${location}?${qs}` : location, { replace: true });
  }

  const columns = def.columns.filter((c) => !c.visible || c.visible(viewer));
  const filterDefs = def.filters.filter((f) => !f.visible || f.visible(viewer));
  const summary = def.summary?.(rows);

  async function exportAll() {
    if (!runtime) return;
    const out: T[] = [];
    let after: string | null = null;
    // the whole matching local set, page by page
    for (let i = 0; i < 2000; i++) {
      const page: { rows: Row[]; next: string | number | null } = await runQuery<Row>({ collection: def.collection, filters, limit: 500, after }, { db: runtime.db, online: false, horizon: 0 });
      out.push(...(page.rows as T[]));
      if (typeof page.next !== 'string') break;
      after = page.next;
    }
    await downloadXlsx(t(def.title), [t('table.serial'), ...columns.map((c) => t(c.header))], out.map((r, i) => [String(i + 1), ...columns.map((c) => cellText(c, r, viewer))]));
  }

  const dateRange: [Date, Date] | null = params.from && params.to ? [new Date(Number(params.from)), new Date(Number(params.to))] : null;
  const field = (name: string, node: ReactNode) => (
    <label key={name} style={{ display: 'inline-flex', flexDirection: 'column', gap: 2 }}>
      <small>{t(name)}</small>
      {node}
    </label>
  );

  return (
    <div className="table-screen" data-testid={`screen-${def.path.slice(1)}`}>
      <div className="table-search" style={{ display: 'flex', flexWrap: 'wrap', gap: 8, alignItems: 'flex-end', marginBottom: 8 }}>
        {def.modes && field('table.mode', (
          <Dropdown value={Number(draft.mode ?? 0)} options={def.modes.map((m, i) => ({ value: i, label: t(m.label) }))} onChange={(e) => apply({ ...params, mode: String(e.value) })} />
        ))}
        {filterDefs.map((f) =>
          field(f.label, f.kind === 'select' ? (
            <Dropdown
              data-testid={`filter-${f.field}`}
              showClear
              value={draft[f.field] === undefined ? null : typeof f.options?.[0]?.value === 'number' ? Number(draft[f.field]) : draft[f.field]}
              options={(f.options ?? []).map((o) => ({ value: o.value, label: o.label.includes('.') ? translate(viewer.lang, o.label) : o.label }))}
              onChange={(e) => setDraft({ ...draft, [f.field]: e.value === null || e.value === undefined ? '' : String(e.value) })}
              placeholder={t('table.any')}
            />
          ) : (
            <InputText data-testid={`filter-${f.field}`} value={draft[f.field] ?? ''} onChange={(e) => setDraft({ ...draft, [f.field]: e.target.value })} onKeyDown={(e) => e.key === 'Enter' && apply(draft)} />
          )),
        )}
        {def.dateField && field('table.dateRange', (
          <span style={{ display: 'inline-flex', gap: 4 }}>
            <Calendar
              selectionMode="range"
              value={dateRange}
              readOnlyInput
              showIcon
              onChange={(e) => {
                const [a, b] = (e.value as (Date | null)[] | null) ?? [];
                if (a && b) setDraft({ ...draft, from: String(a.getTime()), to: String(new Date(b.getFullYear(), b.getMonth(), b.getDate(), 23, 59, 59, 999).getTime()) });
              }}
            />
            <Dropdown
              data-testid="date-shortcut"
              placeholder={t('table.shortcut')}
              options={DATE_SHORTCUTS.map((s) => ({ value: s, label: t(`table.shortcuts.${s}`) }))}
              onChange={(e) => {
                const [from, to] = shortcutRange(e.value as DateShortcut, Date.now());
                apply({ ...draft, from: String(from), to: String(to) });
              }}
            />
          </span>
        ))}
        <Button data-testid="table-search" icon="pi pi-search" label={t('table.search')} onClick={() => apply(draft)} />
        <Button data-testid="table-reset" icon="pi pi-refresh" label={t('table.reset')} severity="secondary" onClick={() => apply({})} />
        <Button data-testid="table-export" icon="pi pi-file-excel" label={t('table.export')} severity="help" onClick={() => void exportAll()} />
      </div>
      {source.cachedOnly && <Message data-testid="cached-only" severity="warn" text={t('table.cachedOnly')} />}
      {source.server && <Message severity="info" text={t('table.fromServer')} />}
      <DataTable
        value={rows as Row[]}
        dataKey={undefined}
        loading={!runtime || (loading && rows.length === 0)}
        scrollable
        scrollHeight="calc(100vh - 260px)"
        size="small"
        stripedRows
        emptyMessage={t('table.empty')}
        virtualScrollerOptions={{
          itemSize: 40,
          onScrollIndexChange: (e) => {
            if (Number(e.last) >= rows.length - 5) void loadMore();
          },
        }}
        footer={summary ? <div data-testid="table-summary">{t('table.summary')}: {columns.filter((c) => summary[c.field]).map((c) => `${t(c.header)} ${summary[c.field]}`).join(' · ')}</div> : undefined}
        rowClassName={(r) => ((r as { pending?: string }).pending ? 'row-pending' : '')}
      >
        <Column header={t('table.serial')} body={(_r, o) => o.rowIndex + 1} style={{ width: '4rem' }} />
        {columns.map((c) => (
          <Column key={c.field} header={t(c.header)} style={c.width ? { width: c.width } : undefined} body={(r: T) => c.render?.(r, viewer) ?? cellText(c, r, viewer)} />
        ))}
        {def.actions && <Column header={t('table.operations')} body={(r: T) => def.actions!(r)} />}
      </DataTable>
    </div>
  );
}
