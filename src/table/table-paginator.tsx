import { InputNumber } from 'primereact/inputnumber';
import { Paginator } from 'primereact/paginator';
import type { CountResult } from '../../sync/query/query';
import { PAGE_SIZES } from './url-filters';

interface TablePaginatorProps {
  page: number;
  pageSize: number;
  /** the rows loaded */
  loaded: number;
  /** the whole result's count, null while counted */
  count: CountResult | null;
  requestPage: (p: number) => void;
  setPageSize: (size: number) => void;
  /** the jump input's accessible name */
  jumpLabel: string;
}

/** Page links, the page size and a jump input over a table screen's virtual scroll. */
export function TablePaginator({
  page,
  pageSize,
  loaded,
  count,
  requestPage,
  setPageSize,
  jumpLabel,
}: TablePaginatorProps) {
  return (
    <Paginator
      data-testid="table-paginator"
      first={page * pageSize}
      rows={pageSize}
      // at least the rows loaded and the page shown: the paginator moves to its last page when the total falls below
      // the page shown, and while the count is recomputed, or read from a cache still filling (fewer rows than the
      // platform's pages on screen), that would send a jump in progress back a page
      totalRecords={Math.max(count?.total ?? 0, loaded, (page + 1) * pageSize)}
      rowsPerPageOptions={[...PAGE_SIZES]}
      template={{
        layout: 'FirstPageLink PrevPageLink PageLinks NextPageLink LastPageLink RowsPerPageDropdown JumpToPageInput',
        // PrimeReact's own input drops a page past the pages it counts: while the total is still counted (the
        // platform's first pages on screen) that is every page past the rows loaded; a jump past the end stops at
        // the last row instead
        JumpToPageInput: (o) => (
          <InputNumber
            value={o.value}
            className={o.className}
            disabled={o.disabled}
            aria-label={jumpLabel}
            min={1}
            max={count?.exact ? Math.max(1, Math.ceil(count.total / pageSize)) : undefined}
            useGrouping={false}
            onChange={(e) => e.value !== null && requestPage(e.value - 1)}
          />
        ),
      }}
      onPageChange={(e) => (e.rows !== pageSize ? setPageSize(e.rows) : requestPage(e.page))}
    />
  );
}
