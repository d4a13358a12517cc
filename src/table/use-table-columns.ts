import { useCallback, useMemo } from 'react';
import type { TFunction } from 'i18next';
import { cellText } from './export-rows';
import { primaryKeyOf } from './row-source';
import { shownColumns, type ScreenDefinition, type ViewerContext } from './screen-definition';
import type { VirtualColumn } from './virtual-table';

/** A table screen's columns for the viewer: the definition's visible ones, and the table's, with a serial column
 * first and the operations last; rows are keyed by the collection's primary key. */
export function useTableColumns<T>(def: ScreenDefinition<T>, viewer: ViewerContext, t: TFunction) {
  const columns = useMemo(() => shownColumns(def.columns, viewer), [def, viewer]);
  // one array while the screen and viewer stay, so rows already rendered are skipped on re-render
  const tableColumns = useMemo<VirtualColumn<T>[]>(
    () => [
      { key: '#serial', header: t('table.serial'), width: '4rem', cell: (_r, i) => i + 1 },
      ...columns.map((c) => ({
        key: c.field,
        header: t(c.header),
        width: c.width,
        cell: (r: T) => c.render?.(r, viewer) ?? cellText(c, r, viewer),
      })),
      ...(def.actions
        ? [
            {
              key: '#actions',
              header: t('table.operations'),
              className: 'col-actions',
              cell: (r: T) => def.actions!(r),
            },
          ]
        : []),
    ],
    [columns, def, viewer, t],
  );
  const key = primaryKeyOf(def.collection);
  const rowKey = useCallback(
    (r: T, i: number) => {
      const k = (r as Record<string, unknown>)[key];
      return typeof k === 'string' || typeof k === 'number' ? k : `#${i}`;
    },
    [key],
  );
  return { columns, tableColumns, rowKey };
}
