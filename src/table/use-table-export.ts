import { useCallback } from 'react';
import type { TFunction } from 'i18next';
import { runQuery, type Filter } from '../../sync/query/query';
import type { SyncRuntime } from '../data/sync-runtime';
import { downloadXlsx } from './export-xlsx';
import { exportColumns, LOCAL_EXPORT_PAGE, readLocalRows } from './export-rows';
import { sheetRows } from './remote-export';
import type { Row } from './row-source';
import type { ColumnDef, ScreenDefinition, ViewerContext } from './screen-definition';

/** Exports the whole matching local set of a table screen's query as a spreadsheet, with the columns shown. One
 * function while the query and the database stay: the filter bar is memoized on it. */
export function useTableExport<T>(
  def: ScreenDefinition<T>,
  filters: Filter[],
  columns: ColumnDef<T>[],
  viewer: ViewerContext,
  runtime: SyncRuntime | null,
  t: TFunction,
) {
  return useCallback(async () => {
    if (!runtime) return;
    const rows = (await readLocalRows((after) =>
      runQuery<Row>(
        { collection: def.collection, filters, limit: LOCAL_EXPORT_PAGE, after },
        { db: runtime.db, online: false, horizon: 0 },
      ),
    )) as T[];
    const sheet = exportColumns(columns, viewer, t);
    await downloadXlsx(t(def.title), [t('table.serial'), ...sheet.map((c) => c.header)], sheetRows(rows, sheet));
  }, [runtime, def, filters, columns, viewer, t]);
}
