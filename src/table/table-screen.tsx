import { Dialog } from 'primereact/dialog';
import { Message } from 'primereact/message';
import { useTranslation } from 'react-i18next';
import { useOnline, useRuntime } from '../data/sync-runtime';
import { afterFirstPaint, PaginatorStandIn } from '../ui/stand-ins';
import type { ScreenDefinition } from './screen-definition';
import { FilterBar } from './table-filter-bar';
import { TablePaginator } from './table-paginator';
import { TableSkeleton } from './table-skeleton';
import { TableTotal } from './table-total';
import { prodTypeOf } from './url-filters';
import { useDetailRow } from './use-detail-row';
import { ROW_PX, usePageJump } from './use-page-jump';
import { useTableColumns } from './use-table-columns';
import { useTableExport } from './use-table-export';
import { useTableRows } from './use-table-rows';
import { useUrlFilters } from './use-url-filters';
import { useViewer } from './viewer';
import { useWholeResult } from './use-whole-result';
import { VirtualTable } from './virtual-table';

// The one table screen, a view over headless hooks: filters kept in the URL (use-url-filters.ts), rows paged as the
// table scrolls with the first page live and pending commands projected (use-table-rows.ts), page numbers and jumps
// over the virtual scroll (use-page-jump.ts), the whole result's count and summary (use-whole-result.ts), export.

/** the first table screen of the page paints stand-ins for its PrimeReact widgets (src/ui/stand-ins.tsx) */
const useFilterWidgets = afterFirstPaint();

export function TableScreen<T>({ def }: { def: ScreenDefinition<T> }) {
  const { t } = useTranslation();
  const viewer = useViewer();
  const runtime = useRuntime();
  const online = useOnline();
  const { params, draft, setDraft, filters, pageSize, queryKey, apply } = useUrlFilters(def, viewer);
  const { rows, shown, shownRef, loading, mounted, emptyKnown, horizon, loadMore, lastIndex } = useTableRows(
    def,
    filters,
    pageSize,
    queryKey,
    runtime,
    online,
  );
  const { tableRef, page, requestPage, onRange, onUserScroll } = usePageJump({
    pageSize,
    queryKey,
    rows,
    shownRef,
    loadMore,
    lastIndex,
  });
  const detail = useDetailRow<T>(tableRef);
  const { columns, tableColumns, rowKey } = useTableColumns(def, viewer, t);
  const widgets = useFilterWidgets(mounted);
  const whole = useWholeResult(def, filters, {
    runtime,
    horizon,
    online,
    source: shown.source,
    count: shown.key === queryKey ? shown.count : undefined,
  });
  // the summary is over the whole filtered result: the scan's, or the rows on screen once they are all of it (not the
  // cache's while it fills)
  const summary = def.summary
    ? (whole.summary ?? (shown.next === null && !loading && !whole.partial ? def.summary(rows) : null))
    : undefined;
  const exportAll = useTableExport(def, filters, columns, viewer, runtime, t);

  if (!mounted) return <div className="table-screen" data-testid={`screen-${def.path.slice(1)}`} aria-busy="true" />;
  return (
    <div
      className="table-screen"
      data-testid={`screen-${def.path.slice(1)}`}
      data-source={shown.source}
      aria-busy={!emptyKnown && rows.length === 0}
    >
      <FilterBar
        def={def}
        viewer={viewer}
        params={params}
        draft={draft}
        setDraft={setDraft}
        apply={apply}
        onExport={exportAll}
        prodType={prodTypeOf(filters)}
        widgets={widgets}
      />
      {shown.cachedOnly && <Message data-testid="cached-only" severity="warn" text={t('table.cachedOnly')} />}
      {/* first-sync rows get no hint: they are the rows the cache is about to hold, and a note that vanishes a second
          later would only move the table */}
      {shown.source === 'past-window' && <Message severity="info" text={t('table.fromServer')} />}
      {!widgets ? (
        <PaginatorStandIn pageSize={pageSize} />
      ) : (
        <TablePaginator
          page={page}
          pageSize={pageSize}
          loaded={rows.length}
          count={whole.count}
          requestPage={requestPage}
          setPageSize={(size) => apply({ ...params, size: String(size) })}
          jumpLabel={t('table.jumpToPage')}
        />
      )}
      <VirtualTable
        ref={tableRef}
        rows={rows}
        rowKey={rowKey}
        columns={tableColumns}
        rowHeight={ROW_PX}
        height="calc(100vh - 260px)"
        label={t(def.title)}
        empty={
          emptyKnown ? (
            t('table.empty')
          ) : (
            <TableSkeleton columns={tableColumns.length} label={t('operator.table.loading')} />
          )
        }
        onRange={onRange}
        // the summary sits with the total above the rows, in view however far the list scrolls
        header={
          <>
            <TableTotal whole={whole} lang={viewer.lang} />
            {summary === undefined ? null : summary === null ? (
              <div data-testid="table-summary" role="status">
                {t('table.summary')}: {t('operator.table.counting')}
              </div>
            ) : (
              <div data-testid="table-summary" role="status">
                {t('table.summary')}:{' '}
                {columns
                  .filter((c) => summary[c.field as keyof typeof summary])
                  .map((c) => `${t(c.header)} ${summary[c.field as keyof typeof summary]}`)
                  .join(' · ')}
              </div>
            )}
          </>
        }
        rowClassName={(r) => ((r as { pending?: string }).pending ? 'row-pending' : '')}
        onOpen={def.detail ? detail.open : undefined}
        onUserScroll={onUserScroll}
      />
      {/* mounted only while open: it leaves with its row, and focus goes back to the row (use-detail-row.ts) */}
      {def.detail && detail.opened !== null && (
        <Dialog
          data-testid="detail-panel"
          header={t('operator.detail.title')}
          visible
          onHide={detail.close}
          style={{ width: 'min(640px, 95vw)' }}
          dismissableMask
        >
          {def.detail(detail.opened, viewer)}
        </Dialog>
      )}
    </div>
  );
}
