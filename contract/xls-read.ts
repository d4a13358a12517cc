import { read, utils } from '@e965/xlsx';
import { isOle2 } from './xls-magic';

// Legacy .xls (BIFF, an OLE2 compound file) read as rows of text cells of the first sheet. exceljs reads only xlsx;
// this is SheetJS CE 0.20.3 (the release with the fixes of CVE-2023-30533 and CVE-2024-22363, published on npm as
// @e965/xlsx), used for .xls only. Shared by the send form's number worker and the platform's uploads.

/** A cell as text: whole numbers (phone numbers) in full, never in exponent form; dates as YYYY-MM-DD. */
function cellText(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (v instanceof Date) return v.toISOString().slice(0, 10);
  if (typeof v === 'number') return Number.isInteger(v) ? BigInt(v).toString() : String(v);
  return String(v);
}

/** Rows of the first worksheet, header included; throws when the bytes are not a readable workbook. */
export function readXlsRows(bytes: Uint8Array): string[][] {
  if (!isOle2(bytes)) throw new Error('not an xls workbook');
  const wb = read(bytes, { type: 'array', cellDates: true, cellHTML: false, cellFormula: false, dense: true });
  const first = wb.SheetNames[0];
  if (!first) return [];
  const rows = utils.sheet_to_json<unknown[]>(wb.Sheets[first], {
    header: 1,
    raw: true,
    defval: null,
    blankrows: true,
  });
  return rows.map((r) => Array.from(r, cellText));
}
