import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { Message } from 'primereact/message';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Endpoint, RequestOf } from '../../contract/endpoint';
import { RemoteDateRange } from './remote-date-range';
import './remote-table.css';
import { exportRemoteList } from './remote-export';
import type { ViewerContext, Visibility } from './screen-definition';
import { useViewer } from './table-screen';
import { download } from '../data/platform-actions';
import { usePlatformRead } from '../data/use-platform-read';

// Lists that are not replicated (statistics over platform tables, number-check batches, conversations, materials,
// sub-accounts and recharges): a definition like a ScreenDefinition, paged by the platform's list endpoint, with the spec's search bar
// (filters, date shortcuts, reset), serial column, download, and optional re-reading while rows are still changing.

export interface RemoteColumn<T> {
  field: keyof T & string;
  /** i18n key. */
  header: string;
  render?: (row: T, v: ViewerContext) => ReactNode;
  /** the text written to the spreadsheet (default: the rendered text or the raw value). */
  text?: (row: T, v: ViewerContext) => string;
  visible?: Visibility;
}
export interface RemoteFilter {
  field: string;
  /** i18n key. */
  label: string;
  options?: Array<{ value: string | number; label: string }>;
  visible?: Visibility;
}
export interface RemoteTableDef<T> {
  /** data-testid of the table. */
  id: string;
  endpoint: Endpoint;
  download?: Endpoint;
  /** a list without a download of its own, exported from its list endpoint: the sheet's name (i18n key). */
  exportAs?: string;
  columns: RemoteColumn<T>[];
  filters: RemoteFilter[];
  /** request fields always sent. */
  fixed?: Record<string, unknown>;
  /** startTime/endTime with the spec's shortcuts. */
  dateRange?: boolean;
  /** a selector of request fields (the time dimension: day, month, year). */
  modes?: Array<{ label: string; fixed: Record<string, unknown> }>;
  /** a unique field of the rows (omitted when rows are unique only by several fields). */
  rowKey?: keyof T & string;
  /** re-read every `ms` while `active(rows)` holds (a batch still being checked). */
  poll?: { ms: number; active: (rows: T[]) => boolean };
  actions?: (row: T, reload: () => void) => ReactNode;
}

const PAGE = 20;

/** A text cell carries its whole text as its title: a long one is cut with an ellipsis (remote-table.css). */
const titled = (shown: ReactNode): ReactNode => (typeof shown === 'string' && shown.length > 12 ? <span title={shown}>{shown}</span> : shown);

export function RemoteTable<T>({ def, refresh = 0, onRowClick }: { def: RemoteTableDef<T>; refresh?: number; onRowClick?: (row: T) => void }) {
  const { t } = useTranslation();
  const v = useViewer();
  const [draft, setDraft] = useState<Record<string, string | number>>({});
  const [query, setQuery] = useState<Record<string, string | number>>({});
  const [page, setPage] = useState(1);
  const [tick, setTick] = useState(0);
  const [mode, setMode] = useState(0);
  const fixed = { ...def.fixed, ...def.modes?.[mode]?.fixed };
  const body = { ...fixed, ...query, pageNumber: page, pageSize: PAGE } as RequestOf<Endpoint>;
  // a failed read says why (in the platform's words) instead of looking like an empty list
  const { data, error, loading } = usePlatformRead(def.endpoint, body, { refresh: `${tick}:${refresh}` });
  const res = data as { total: number; data: T[] } | null;
  const rows = useMemo(() => res?.data ?? [], [res]);
  const total = res?.total ?? 0;

  useEffect(() => {
    if (!def.poll || !def.poll.active(rows)) return;
    const timer = setTimeout(() => setTick((n) => n + 1), def.poll.ms);
    return () => clearTimeout(timer);
  }, [def.poll, rows]);

  const reload = () => setTick((n) => n + 1);
  const columns = def.columns.filter((c) => !c.visible || c.visible(v));
  const apply = (q: Record<string, string | number>) => (setPage(1), setQuery(Object.fromEntries(Object.entries(q).filter(([, x]) => x !== ''))));
  const cellText = (c: RemoteColumn<T>, r: T) => {
    if (c.text) return c.text(r, v);
    const shown = c.render?.(r, v);
    const raw = typeof shown === 'string' || typeof shown === 'number' ? shown : (r as Record<string, unknown>)[c.field];
    return raw === null || raw === undefined ? '' : String(raw);
  };
  const exportAll = () =>
    def.download
      ? download(def.download, { ...fixed, ...query } as never)
      : exportRemoteList<T>(t(def.exportAs!), def.endpoint, { ...fixed, ...query }, t('table.serial'), columns.map((c) => ({ header: t(c.header), text: (r: T) => cellText(c, r) })));
  // the table scrolls sideways at narrow widths: its scroll box must be reachable from the keyboard and named
  const box = useRef<HTMLDivElement>(null);
  const regionLabel = t('table.region');
  useEffect(() => {
    const wrapper = box.current?.querySelector('.p-datatable-wrapper');
    if (!wrapper) return;
    wrapper.setAttribute('tabindex', '0');
    wrapper.setAttribute('role', 'region');
    wrapper.setAttribute('aria-label', regionLabel);
  });
  return (
    <div className="remote-table" data-testid={def.id} ref={box}>
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8, alignItems: 'center', margin: '8px 0' }}>
        {def.modes && (
          <Dropdown data-testid={`${def.id}-mode`} value={mode} options={def.modes.map((m, i) => ({ value: i, label: t(m.label) }))} onChange={(e) => (setMode(Number(e.value)), setPage(1))} />
        )}
        {def.filters
          .filter((f) => !f.visible || f.visible(v))
          .map((f) =>
            f.options ? (
              <Dropdown key={f.field} data-testid={`${def.id}-${f.field}`} showClear value={draft[f.field] ?? null} placeholder={t(f.label)}
                options={f.options.map((o) => ({ value: o.value, label: t(o.label) }))} onChange={(e) => setDraft({ ...draft, [f.field]: e.value ?? '' })} />
            ) : (
              <InputText key={f.field} data-testid={`${def.id}-${f.field}`} placeholder={t(f.label)} value={String(draft[f.field] ?? '')}
                onChange={(e) => setDraft({ ...draft, [f.field]: e.target.value })} onKeyDown={(e) => e.key === 'Enter' && apply(draft)} />
            ),
          )}
        {def.dateRange && <RemoteDateRange id={def.id} draft={draft} setDraft={setDraft} apply={(next) => (setDraft(next), apply(next))} />}
        {(def.filters.length > 0 || def.dateRange) && (
          <>
            <Button data-testid={`${def.id}-search`} icon="pi pi-search" label={t('table.search')} onClick={() => apply(draft)} />
            <Button icon="pi pi-refresh" label={t('table.reset')} severity="secondary" onClick={() => (setDraft({}), apply({}))} />
          </>
        )}
        {(def.download || def.exportAs) && (
          <Button data-testid={`${def.id}-download`} icon="pi pi-file-excel" label={t('table.export')} severity="help" onClick={() => void exportAll()} />
        )}
      </div>
      {error && <Message data-testid={`${def.id}-error`} severity="error" text={error} style={{ marginBottom: 8 }} />}
      <DataTable value={rows as Array<Record<string, unknown>>} dataKey={def.rowKey} lazy paginator scrollable rows={PAGE} first={(page - 1) * PAGE} totalRecords={total} onPage={(e) => setPage((e.page ?? 0) + 1)}
        loading={loading && rows.length === 0} size="small" stripedRows emptyMessage={t('table.empty')}
        onRowClick={onRowClick ? (e) => onRowClick(e.data as unknown as T) : undefined} rowClassName={onRowClick ? () => 'cursor-pointer' : undefined}>
        <Column header={t('table.serial')} body={(_r, o) => (page - 1) * PAGE + o.rowIndex + 1} style={{ width: '4rem' }} />
        {columns.map((c) => (
          <Column key={c.field} header={t(c.header)} body={(r: T) => titled(c.render?.(r, v) ?? String((r as Record<string, unknown>)[c.field] ?? ''))} />
        ))}
        {def.actions && <Column header={t('table.operations')} className="col-actions" frozen alignFrozen="right" body={(r: T) => def.actions!(r, reload)} />}
      </DataTable>
      <div data-testid={`${def.id}-total`} aria-live="polite">{res ? t('operator.table.total', { count: total.toLocaleString(v.lang === 'en' ? 'en-US' : 'zh-CN') }) : t('operator.table.counting')}</div>
    </div>
  );
}
