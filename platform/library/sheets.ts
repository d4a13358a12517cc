import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';

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

/** Data rows (after the header) that hold a value; throws when the bytes are not a readable workbook. Counted on the
 * first worksheet's XML rather than through exceljs: an upload answers its row count in ~0.3 s instead of a full parse. */
export async function countDataRows(bytes: Buffer): Promise<number> {
  const zip = await JSZip.loadAsync(bytes);
  const sheets = Object.keys(zip.files).filter((f) => /^xl\/worksheets\/sheet\d+\.xml$/.test(f));
  sheets.sort((a, b) => Number(/\d+/.exec(a.slice(14))?.[0]) - Number(/\d+/.exec(b.slice(14))?.[0]));
  if (!zip.file('xl/workbook.xml') || sheets.length === 0) throw new Error('not a workbook');
  const xml = await zip.file(sheets[0])!.async('string');
  let n = 0;
  for (const m of xml.matchAll(/<row\b([^>]*?)(?:\/>|>([\s\S]*?)<\/row>)/g)) {
    const r = /\br="(\d+)"/.exec(m[1]);
    if (r && r[1] === '1') continue;
    if (m[2] && /<v>[^<]|<t(?:\s[^>]*)?>[^<]/.test(m[2])) n++;
  }
  return n;
}
