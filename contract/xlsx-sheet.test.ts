import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { columnName, excelDateText, packageParts, rowXml, SHEET_END, SHEET_PATH, sheetStart } from './xlsx-sheet';

// The download format read back by an independent reader (exceljs) and by its XML: what was written is what shows.
async function roundTrip(rows: (string | number)[][]) {
  const zip = new JSZip();
  for (const [path, content] of Object.entries(packageParts('t'))) zip.file(path, content);
  const xml =
    sheetStart([10, 10]) + rowXml(['h1', 'h2'], 1, true) + rows.map((r, i) => rowXml(r, i + 2)).join('') + SHEET_END;
  zip.file(SHEET_PATH, xml);
  const buf = await zip.generateAsync({ type: 'nodebuffer' });
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(buf as unknown as ArrayBuffer);
  return { ws: wb.worksheets[0], xml, styles: packageParts('t')['xl/styles.xml'] };
}

describe('spreadsheet cells', () => {
  const risky = [
    '=1+1',
    '+cmd|/c calc',
    '-2+3',
    '@SUM(A1)',
    '\t=1',
    '\r=1',
    '\n=1+1',
    ' =1+1',
    '＝1+1',
    '＋1',
    'plain',
  ];

  it('keeps text that looks like a formula as the same literal text, with no apostrophe', async () => {
    const { ws } = await roundTrip(risky.map((v) => [v, 1]));
    risky.forEach((v, i) => {
      const cell = ws.getRow(i + 2).getCell(1);
      expect(cell.type, v).toBe(ExcelJS.ValueType.String);
      expect(cell.value, v).toBe(v);
      expect(cell.formula, v).toBeUndefined();
    });
  });

  it('marks every text cell quotePrefix, so a spreadsheet never reinterprets it', async () => {
    const { xml, styles } = await roundTrip([['=1+1', 5]]);
    expect(styles).toContain('quotePrefix="1"');
    expect(xml).toContain('<c r="A2" t="inlineStr" s="1"><is><t xml:space="preserve">=1+1</t></is></c>');
    expect(xml).not.toMatch(/<f>/);
  });

  it('keeps phone numbers as text and silences the number-stored-as-text marker; numbers stay numbers', async () => {
    const { ws, xml } = await roundTrip([
      ['13800138000', 42],
      ['08612345', 7],
    ]);
    expect(ws.getRow(2).getCell(1).value).toBe('13800138000');
    expect(ws.getRow(3).getCell(1).value).toBe('08612345');
    expect(ws.getRow(2).getCell(2).value).toBe(42);
    expect(xml).toContain('numberStoredAsText="1"');
  });

  it('names columns past Z', () => {
    expect([0, 25, 26, 701, 702].map(columnName)).toEqual(['A', 'Z', 'AA', 'ZZ', 'AAA']);
  });

  it('escapes markup and drops what XML cannot carry', async () => {
    const { ws } = await roundTrip([
      ['<b>&"x"</b>', 1],
      ['a\u0000b\uD800c\u0007', 2],
    ]);
    expect(ws.getRow(2).getCell(1).value).toBe('<b>&"x"</b>');
    expect(ws.getRow(3).getCell(1).value).toBe('a\uFFFDb\uFFFDc\uFFFD');
  });
});

describe('excelDateText', () => {
  it('reads Excel day numbers as dates, around its 1900-02-29 too, and leaves other text alone', () => {
    expect(['1', '59', '61', '33970', '45292.75', '2958465'].map(excelDateText)).toEqual([
      '1900-01-01',
      '1900-02-28',
      '1900-03-01',
      '1993-01-01',
      '2024-01-01',
      '9999-12-31',
    ]);
    for (const s of ['', '0', '60', '2958466', '1990-02-03', '19900203', 'abc', '-5']) expect(excelDateText(s)).toBe(s);
  });
});
