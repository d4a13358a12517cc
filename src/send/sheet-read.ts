import { fileExtension } from '../../contract/validation/upload.rules';
import { isOle2 } from '../../contract/xls-magic';

// Reads the first sheet of an uploaded number file as rows of text cells: xlsx (its XML, through jszip), legacy xls
// (contract/xls-read.ts) or csv.
// Runs in the number-check worker, so a 100,000-row file never blocks the page. Cell text is data, never markup.

export type Rows = string[][];

const XML_ENTITIES: Record<string, string> = { '&lt;': '<', '&gt;': '>', '&amp;': '&', '&quot;': '"', '&apos;': "'" };
const unescapeXml = (s: string) =>
  s.replace(/&(lt|gt|amp|quot|apos);|&#(\d+);|&#x([0-9a-f]+);/gi, (m, _n, dec?: string, hex?: string) =>
    dec ? String.fromCodePoint(Number(dec)) : hex ? String.fromCodePoint(parseInt(hex, 16)) : (XML_ENTITIES[m] ?? m),
  );
const textOf = (xml: string) =>
  [...xml.matchAll(/<t(?:\s[^>]*)?>([\s\S]*?)<\/t>/g)].map((m) => unescapeXml(m[1])).join('');

/** Column index of a cell reference: A1 → 0, AB12 → 27. */
export function columnIndex(ref: string): number {
  let n = 0;
  for (const ch of ref) {
    const c = ch.charCodeAt(0);
    if (c < 65 || c > 90) break;
    n = n * 26 + (c - 64);
  }
  return n - 1;
}

export async function readXlsx(data: ArrayBuffer): Promise<Rows> {
  const { default: JSZip } = await import('jszip');
  const zip = await JSZip.loadAsync(data);
  const shared = zip.file('xl/sharedStrings.xml');
  const strings = shared
    ? [...(await shared.async('string')).matchAll(/<si>([\s\S]*?)<\/si>/g)].map((m) => textOf(m[1]))
    : [];
  const sheetName = Object.keys(zip.files)
    .filter((n) => /^xl\/worksheets\/sheet\d+\.xml$/.test(n))
    .sort((a, b) => a.localeCompare(b, 'en', { numeric: true }))[0];
  if (!sheetName) return [];
  const xml = await zip.file(sheetName)!.async('string');
  const rows: Rows = [];
  for (const row of xml.matchAll(/<row\b[^>]*>([\s\S]*?)<\/row>/g)) {
    const cells: string[] = [];
    let next = 0;
    for (const cell of row[1].matchAll(/<c\b([^>]*?)(?:\/>|>([\s\S]*?)<\/c>)/g)) {
      const attrs = cell[1];
      const ref = /\br="([A-Z]+)\d+"/.exec(attrs)?.[1];
      const at = ref ? columnIndex(ref) : next;
      const type = /\bt="(\w+)"/.exec(attrs)?.[1];
      const body = cell[2] ?? '';
      const v = /<v>([\s\S]*?)<\/v>/.exec(body)?.[1];
      const value =
        type === 's' ? (strings[Number(v)] ?? '') : type === 'inlineStr' ? textOf(body) : unescapeXml(v ?? '');
      cells[at] = value;
      next = at + 1;
    }
    rows.push(Array.from(cells, (c) => c ?? ''));
  }
  return rows;
}

/** CSV with quoted fields; a UTF-8 BOM is dropped. */
export function readCsv(text: string): Rows {
  const rows: Rows = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const s = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  for (let i = 0; i < s.length; i++) {
    const ch = s[i];
    if (quoted) {
      if (ch === '"' && s[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(cell);
      cell = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && s[i + 1] === '\n') i++;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += ch;
  }
  if (cell !== '' || row.length > 0) rows.push([...row, cell]);
  return rows;
}

/** The file's rows, or the catalogue key of why it cannot be read. */
export async function readSheet(name: string, data: ArrayBuffer): Promise<Rows | string> {
  const ext = fileExtension(name);
  if (ext === 'csv') return readCsv(new TextDecoder().decode(data));
  const bytes = new Uint8Array(data.slice(0, 8));
  if (ext === 'xlsx' && bytes[0] === 0x50 && bytes[1] === 0x4b) return readXlsx(data);
  // legacy .xls is a binary (BIFF) workbook: its reader loads only when one is picked
  if (ext === 'xls' && isOle2(bytes)) {
    const { readXlsRows } = await import('../../contract/xls-read');
    try {
      return readXlsRows(new Uint8Array(data));
    } catch {
      return 'send.xlsUnsupported';
    }
  }
  return 'v.upload.type';
}
