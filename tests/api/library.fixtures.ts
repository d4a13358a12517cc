import ExcelJS from 'exceljs';
import type { TestPlatform } from '../helpers/platform';

// Shared by the templates, address-book and files suites: real file bytes (magic numbers of each kind) and a
// multipart upload over HTTP.

export const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(120, 7)]);
export const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(2000, 1)]);
export const MP4 = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypmp42'), Buffer.alloc(3000, 2)]);
export const MP3 = Buffer.concat([Buffer.from('ID3'), Buffer.alloc(500, 3)]);
/** A Windows executable renamed: refused whatever its name says. */
export const EXE = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(300, 0x90)]);

export async function upload(
  p: TestPlatform,
  path: string,
  name: string,
  bytes: Buffer,
  token?: string,
  lang: 'zh' | 'en' = 'en',
) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)]), name);
  const headers: Record<string, string> = { 'Accept-Language': lang };
  if (token) headers.Authorization = `Bearer ${token}`;
  const res = await fetch(p.base + path, { method: 'POST', headers, body: form });
  const text = await res.text();
  let body: any = text;
  try {
    body = JSON.parse(text);
  } catch {
    /* not JSON */
  }
  return { status: res.status, body };
}

/** An xlsx workbook: header row then `rows`. */
export async function xlsx(
  rows: Array<Array<string | number | Date>>,
  header = ['姓名', '手机号', '邮箱', '工号', '性别', '生日', '备注'],
): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const sheet = wb.addWorksheet('members');
  sheet.addRow(header);
  for (const r of rows) sheet.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** The same rows as a legacy xls (BIFF8), written by SheetJS. */
export async function xls(
  rows: Array<Array<string | number | Date>>,
  header = ['姓名', '手机号', '邮箱', '工号', '性别', '生日', '备注'],
): Promise<Buffer> {
  const { utils, write } = await import('@e965/xlsx');
  const wb = utils.book_new();
  utils.book_append_sheet(wb, utils.aoa_to_sheet([header, ...rows]), 'members');
  return Buffer.from(write(wb, { type: 'buffer', bookType: 'xls' }) as Buffer);
}

/** Text cells of the first sheet of an xlsx. */
export async function readXlsx(bytes: Buffer): Promise<string[][]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(bytes as never);
  const out: string[][] = [];
  wb.worksheets[0].eachRow((row) =>
    out.push((row.values as unknown[]).slice(1).map((v) => (v === null || v === undefined ? '' : String(v)))),
  );
  return out;
}

export async function fetchBytes(p: TestPlatform, pathAndQuery: string, token?: string) {
  const res = await fetch(p.base + pathAndQuery, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  return { status: res.status, type: res.headers.get('content-type'), bytes: Buffer.from(await res.arrayBuffer()) };
}
