import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Dropdown } from 'primereact/dropdown';
import { Message } from 'primereact/message';
import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { RemoteDateRange } from './remote-date-range';
import { RemoteFilterField } from './remote-filter';
import './remote-table.css';
import type { RemoteTableDef } from './remote-table-def';
import { useRemoteTable } from './use-remote-table';
import { useViewer } from './viewer';

// A platform-paged list (remote-table-def.ts): its search bar, the page's rows with a serial column, the total.
// A list that names its table (texts.table) gives that name to the table itself as well as to its scroll region.

/** A text cell carries its whole text as its title: a long one is cut with an ellipsis (remote-table.css). */
const titled = (shown: ReactNode): ReactNode =>
  typeof shown === 'string' && shown.length > 12 ? <span title={shown}>{shown}</span> : shown;

export function RemoteTable<T, A>({
  def,
  refresh = 0,
  onRowClick,
  describedBy,
}: {
  def: RemoteTableDef<T, A>;
  refresh?: number;
  onRowClick?: (row: T) => void;
  /** the id of the text that explains the table (its figures, its rules), shown by the screen beside it. */
  describedBy?: string;
}) {
  const { t } = useTranslation();
  const v = useViewer();
  const list = useRemoteTable(def, refresh, v, t);
  const {
    draft,
    setDraft,
    apply,
    mode,
    chooseMode,
    page,
    setPage,
    pageSize,
    rows,
    total,
    answered,
    error,
    loading,
    columns,
    reload,
    exportAll,
  } = list;
  const words = {
    table: 'table.region',
    empty: 'table.empty',
    search: 'table.search',
    export: 'table.export',
    actions: 'table.operations',
    ...def.texts,
  };
  // the table scrolls sideways at narrow widths: its scroll box must be reachable from the keyboard and named
  const box = useRef<HTMLDivElement>(null);
  const regionLabel = t(words.table);
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
          <Dropdown
            data-testid={`${def.id}-mode`}
            value={mode}
            options={def.modes.map((m, i) => ({ value: i, label: t(m.label) }))}
            onChange={(e) => chooseMode(Number(e.value))}
          />
        )}
        {def.filters
          .filter((f) => !f.visible || f.visible(v))
          .map((f) => (
            <RemoteFilterField
              key={f.field}
              listId={def.id}
              filter={f}
              draft={draft}
              setDraft={setDraft}
              apply={apply}
            />
          ))}
        {def.dateRange && (
          <RemoteDateRange
            id={def.id}
            draft={draft}
            setDraft={setDraft}
            apply={(next) => (setDraft(next), apply(next))}
          />
        )}
        {(def.filters.length > 0 || def.dateRange) && (
          <>
            <Button
              data-testid={`${def.id}-search`}
              icon="pi pi-search"
              label={t(words.search)}
              onClick={() => apply(draft)}
            />
            <Button icon="pi pi-refresh" label={t('table.reset')} severity="secondary" onClick={list.reset} />
          </>
        )}
        {(def.download || def.exportAs) && (
          <Button
            data-testid={`${def.id}-download`}
            icon="pi pi-file-excel"
            label={t(words.export)}
            severity="help"
            onClick={() => void exportAll()}
          />
        )}
      </div>
      {error && <Message data-testid={`${def.id}-error`} severity="error" text={error} style={{ marginBottom: 8 }} />}
      <DataTable
        value={rows as Array<Record<string, unknown>>}
        dataKey={def.rowKey}
        lazy
        paginator
        scrollable
        rows={pageSize}
        first={(page - 1) * pageSize}
        totalRecords={total}
        onPage={(e) => setPage((e.page ?? 0) + 1)}
        loading={loading && rows.length === 0}
        size="small"
        stripedRows
        emptyMessage={t(words.empty)}
        footerColumnGroup={def.footer?.(list.answer, list.query, v)}
        pt={{ table: { 'aria-label': def.texts?.table ? regionLabel : undefined, 'aria-describedby': describedBy } }}
        onRowClick={onRowClick ? (e) => onRowClick(e.data as unknown as T) : undefined}
        rowClassName={onRowClick ? () => 'cursor-pointer' : undefined}
      >
        {def.serial !== false && (
          <Column
            header={t('table.serial')}
            body={(_r, o) => (page - 1) * pageSize + o.rowIndex + 1}
            style={{ width: '4rem' }}
          />
        )}
        {columns.map((c) => (
          <Column
            key={c.field}
            header={t(c.header)}
            body={(r: T) => titled(c.render?.(r, v) ?? String((r as Record<string, unknown>)[c.field] ?? ''))}
          />
        ))}
        {def.actions && (
          <Column
            header={t(words.actions)}
            className="col-actions"
            frozen
            alignFrozen="right"
            body={(r: T) => def.actions!(r, reload)}
          />
        )}
      </DataTable>
      <div data-testid={`${def.id}-total`} aria-live="polite">
        {answered
          ? t('operator.table.total', { count: total.toLocaleString(v.lang === 'en' ? 'en-US' : 'zh-CN') })
          : t('operator.table.counting')}
      </div>
    </div>
  );
}
