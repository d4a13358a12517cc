import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { packageParts, rowXml, SHEET_END, SHEET_PATH, sheetStart } from '../../contract/xlsx-sheet';
import { defaultMapping, fillPlaceholders, placeholdersOf } from '../../machines/send-personalize';
import { columnIndex, readCsv, readSheet } from './sheet-read';

describe('number files', () => {
  it('reads an Excel workbook (shared strings, numbers, gaps) as rows of text', async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('numbers');
    ws.addRow(['手机号', '姓名', '金额']);
    ws.addRow([13900000001, '张三 & <李>', 12.5]);
    ws.addRow(['13900000002', null, 3]);
    const data = (await wb.xlsx.writeBuffer()) as ArrayBuffer;
    const rows = await readSheet('a.xlsx', data);
    expect(rows).toEqual([
      ['手机号', '姓名', '金额'],
      ['13900000001', '张三 & <李>', '12.5'],
      ['13900000002', '', '3'],
    ]);
  });

  it("reads inline-string sheets like the console's own exports", async () => {
    const zip = new JSZip();
    for (const [path, content] of Object.entries(packageParts('x'))) zip.file(path, content);
    zip.file(SHEET_PATH, sheetStart([10]) + rowXml(['mobile'], 1, true) + rowXml(['13900000003'], 2) + SHEET_END);
    expect(await readSheet('x.xlsx', await zip.generateAsync({ type: 'arraybuffer' }))).toEqual([
      ['mobile'],
      ['13900000003'],
    ]);
  });

  it('refuses a file whose content is not what its name says, and an xls it cannot read', async () => {
    expect(await readSheet('fake.xlsx', new TextEncoder().encode('13900000001\n').buffer as ArrayBuffer)).toBe(
      'v.upload.type',
    );
    expect(await readSheet('fake.xls', new TextEncoder().encode('13900000001\n').buffer as ArrayBuffer)).toBe(
      'v.upload.type',
    );
    const broken = new Uint8Array(600);
    broken.set([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
    expect(await readSheet('old.xls', broken.buffer as ArrayBuffer)).toBe('send.xlsUnsupported');
  });

  it('reads a legacy xls (BIFF8) workbook: phone numbers in full, text, blanks', async () => {
    const xlsx = await import('@e965/xlsx');
    const ws = xlsx.utils.aoa_to_sheet([
      ['手机号', '姓名'],
      [13900000001, '张三'],
      ['13900000002', null],
      [19912345678, 'Li'],
    ]);
    const wb = xlsx.utils.book_new();
    xlsx.utils.book_append_sheet(wb, ws, 'numbers');
    const data = xlsx.write(wb, { type: 'array', bookType: 'xls' }) as ArrayBuffer;
    expect(await readSheet('old.xls', data)).toEqual([
      ['手机号', '姓名'],
      ['13900000001', '张三'],
      ['13900000002', ''],
      ['19912345678', 'Li'],
    ]);
  });

  it('reads CSV with quotes, CRLF and a BOM', () => {
    expect(readCsv('\uFEFFmobile,name\r\n13900000001,"Li, ""Jr"""\r\n13900000002,Wang')).toEqual([
      ['mobile', 'name'],
      ['13900000001', 'Li, "Jr"'],
      ['13900000002', 'Wang'],
    ]);
    expect(columnIndex('AB')).toBe(27);
  });
});

describe('one-to-one placeholders', () => {
  it('fills ${p1}, ${p2}… from the mapped columns', () => {
    const template = '${p2}您好，您的${p1}元已到账';
    expect(placeholdersOf(template)).toEqual(['p1', 'p2']);
    const mapping = defaultMapping(placeholdersOf(template));
    expect(fillPlaceholders(template, ['13900000001', '100', '张三'], mapping)).toBe('张三您好，您的100元已到账');
    expect(fillPlaceholders(template, ['13900000001'], mapping)).toBe('您好，您的元已到账');
  });
});
