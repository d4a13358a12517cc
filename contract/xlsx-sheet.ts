// The file format of every spreadsheet download, written the same way by the platform (streamed) and the console
// (built in memory): a minimal SpreadsheetML package with one sheet. Written by hand because exceljs cannot mark a
// cell as literal text without showing an apostrophe, nor silence "number stored as text":
// - every text cell is an inline string with the quotePrefix style, so a spreadsheet never reads it as a formula
//   (leading =, +, -, @, full-width ＝, spaces or line breaks included) and shows exactly what was written;
// - the sheet ignores the "number stored as text" check, so phone numbers stay text without a warning marker;
// - numbers are numeric cells.

export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export type SheetCell = string | number | null | undefined;

const NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PKG_REL_NS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

/** Characters XML 1.0 cannot carry (C0 controls but tab/LF/CR, lone surrogates, U+FFFE/FFFF) become U+FFFD; CR is
 * written as a reference, since a parser turns a literal CR into LF. */
const NOT_XML =
  // eslint-disable-next-line no-control-regex -- finding control characters is the point
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
export const xmlText = (s: string) =>
  s
    .replace(NOT_XML, '\uFFFD')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/\r/g, '&#13;');

/** A1-style column letters of a 0-based column index. */
export function columnName(i: number): string {
  let s = '';
  for (let n = i + 1; n > 0; n = Math.floor((n - 1) / 26)) s = String.fromCharCode(65 + ((n - 1) % 26)) + s;
  return s;
}

/** Style 1 is the literal-text style (quotePrefix); style 2 is the bold header. */
export function cellXml(v: SheetCell, ref: string, header = false): string {
  if (v === null || v === undefined || v === '') return '';
  if (typeof v === 'number' && Number.isFinite(v) && !header) return `<c r="${ref}"><v>${v}</v></c>`;
  return `<c r="${ref}" t="inlineStr" s="${header ? 2 : 1}"><is><t xml:space="preserve">${xmlText(String(v))}</t></is></c>`;
}
/** One row; `n` is its 1-based row number (the header is row 1). */
export const rowXml = (cells: SheetCell[], n: number, header = false) =>
  `<row r="${n}">${cells.map((c, i) => cellXml(c, `${columnName(i)}${n}`, header)).join('')}</row>`;

/** Everything of the sheet before its rows; `widths` in characters, one per column. */
export function sheetStart(widths: number[]): string {
  const cols = widths.map((w, i) => `<col min="${i + 1}" max="${i + 1}" width="${w}" customWidth="1"/>`).join('');
  return `${XML_HEAD}<worksheet xmlns="${NS}"><sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews><cols>${cols}</cols><sheetData>`;
}
export const SHEET_END =
  '</sheetData><ignoredErrors><ignoredError sqref="A1:XFD1048576" numberStoredAsText="1"/></ignoredErrors></worksheet>';

/** Sheet names: at most 31 characters, none of []:*?/\ . */
const sheetName = (name: string) => xmlText(name.replace(/[[\]:*?/\\]/g, ' ').slice(0, 31) || 'data');

/** The package's fixed parts, by path; the sheet itself goes at SHEET_PATH. */
export function packageParts(name: string): Record<string, string> {
  return {
    '[Content_Types].xml': `${XML_HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/></Types>`,
    '_rels/.rels': `${XML_HEAD}<Relationships xmlns="${PKG_REL_NS}"><Relationship Id="rId1" Type="${REL_NS}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    'xl/workbook.xml': `${XML_HEAD}<workbook xmlns="${NS}" xmlns:r="${REL_NS}"><sheets><sheet name="${sheetName(name)}" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    'xl/_rels/workbook.xml.rels': `${XML_HEAD}<Relationships xmlns="${PKG_REL_NS}"><Relationship Id="rId1" Type="${REL_NS}/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="${REL_NS}/styles" Target="styles.xml"/></Relationships>`,
    'xl/styles.xml': `${XML_HEAD}<styleSheet xmlns="${NS}"><fonts count="2"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><name val="Calibri"/></font></fonts><fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills><borders count="1"><border/></borders><cellStyleXfs count="1"><xf/></cellStyleXfs><cellXfs count="3"><xf/><xf numFmtId="49" applyNumberFormat="1" quotePrefix="1"/><xf numFmtId="49" fontId="1" applyNumberFormat="1" applyFont="1" quotePrefix="1"/></cellXfs></styleSheet>`,
  };
}
export const SHEET_PATH = 'xl/worksheets/sheet1.xml';

/** Days from Excel's day 0 (1899-12-30 in its 1900 date system, counting the 1900-02-29 Lotus kept) to 1970-01-01. */
const EXCEL_EPOCH_DAYS = 25_569;
/** 9999-12-31, the last day Excel shows. */
const EXCEL_LAST_DAY = 2_958_465;

/** A date cell as a reader without the workbook's styles sees it, an Excel day number (its fraction the time of day),
 * as YYYY-MM-DD; anything else is left as it is. Days before 1900-03-01 are off by one in Excel itself (its
 * 1900-02-29), so they are read as 1900-01-01 … 1900-02-28 by their own count. */
export function excelDateText(cell: string): string {
  const t = cell.trim();
  if (!/^\d{1,7}(\.\d+)?$/.test(t)) return cell;
  const serial = Math.floor(Number(t));
  if (serial < 1 || serial > EXCEL_LAST_DAY || serial === 60) return cell;
  const days = serial < 60 ? serial - EXCEL_EPOCH_DAYS + 1 : serial - EXCEL_EPOCH_DAYS;
  return new Date(days * 86_400_000).toISOString().slice(0, 10);
}
