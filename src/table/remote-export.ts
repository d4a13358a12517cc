import type { Endpoint, RequestOf } from '../../contract/endpoint';
import { api } from '../session/api';
import { downloadXlsx } from './export-xlsx';

// The spreadsheet of a platform-paged list that has no download of its own (recharges, sub-accounts, per-period
// statistics): a few hundred rows per account, read through the list endpoint itself, page by page, with the same
// filters as the screen, and written in the console like the replicated lists' exports.

/** the list endpoints' largest page (contract/endpoint.ts pageRequest) */
export const EXPORT_PAGE = 1000;
/** at most this many pages: a list past it belongs to a platform download */
export const EXPORT_MAX_PAGES = 50;

export interface ExportColumn<T> {
  header: string;
  text: (row: T) => string;
}

/** Every row of the filtered list, page by page until the platform's total is reached. */
export async function readAllPages<T>(
  read: (pageNumber: number) => Promise<{ total: number; data: T[] }>,
): Promise<T[]> {
  const out: T[] = [];
  for (let page = 1; page <= EXPORT_MAX_PAGES; page++) {
    const res = await read(page);
    out.push(...res.data);
    if (res.data.length < EXPORT_PAGE || out.length >= res.total) break;
  }
  return out;
}

/** The rows as sheet cells: a serial number, then each column's text. */
export const sheetRows = <T>(rows: T[], columns: ExportColumn<T>[]): string[][] =>
  rows.map((r, i) => [String(i + 1), ...columns.map((c) => c.text(r))]);

export async function exportRemoteList<T>(
  fileName: string,
  endpoint: Endpoint,
  body: Record<string, unknown>,
  serial: string,
  columns: ExportColumn<T>[],
): Promise<void> {
  const rows = await readAllPages<T>(
    (pageNumber) =>
      api.call(endpoint, { ...body, pageNumber, pageSize: EXPORT_PAGE } as RequestOf<Endpoint>) as Promise<{
        total: number;
        data: T[];
      }>,
  );
  await downloadXlsx(fileName, [serial, ...columns.map((c) => c.header)], sheetRows(rows, columns));
}
