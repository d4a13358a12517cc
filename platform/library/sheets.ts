import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';

// Reading uploaded xlsx sheets as a stream of rows: a 100,000-row import never holds the parsed workbook in memory.

export type Cell = string;

function cellText(v: ExcelJS.CellValue): Cell {
  if (v === null || v === undefined) return '';
  if (v instanceof Date) return v.toISOString().slice(0, 10);
  if (typeof v === 'object') {
    if ('text' in v && typeof v.text === 'string') return v.text;
    if ('richText' in v && Array.isArray(v.richText)) return v.richText.map((r) => r.text).join('');
    if ('result' in v) return cellText(v.result as ExcelJS.CellValue);
    return '';
  }
  return String(v);
}

/** Rows of the first worksheet as text cells (1-based row numbers), header included. */
export async function* sheetRows(bytes: Buffer): AsyncGenerator<{ row: number; cells: Cell[] }> {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from(bytes), { worksheets: 'emit', sharedStrings: 'cache', styles: 'ignore', hyperlinks: 'ignore' });
  for await (const sheet of reader) {
    for await (const row of sheet as AsyncIterable<ExcelJS.Row>) {
      const values = (row.values as ExcelJS.CellValue[]).slice(1);
      yield { row: row.number, cells: values.map(cellText) };
    }
    return;
  }
}

/** Data rows (after the header) that hold anything; throws when the bytes are not a readable workbook. */
export async function countDataRows(bytes: Buffer): Promise<number> {
  let n = 0;
  for await (const r of sheetRows(bytes)) if (r.row > 1 && r.cells.some((c) => c.trim() !== '')) n++;
  return n;
}
