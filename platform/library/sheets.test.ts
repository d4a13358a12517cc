import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import {
  bombWorkbook,
  buildZip,
  hostileWorkbooks,
  ownWorkbook,
  sheetXml,
  workbookParts,
} from '../../tests/helpers/hostile-sheets';
import { SheetError } from './sheet-errors';
import { countDataRows, sheetRows, type SheetReadOptions } from './sheets';

async function rowsOf(bytes: Uint8Array, opts?: SheetReadOptions) {
  const out: Array<{ row: number; cells: string[] }> = [];
  for await (const r of sheetRows(bytes, opts)) out.push(r);
  return out;
}

const failure = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (err: unknown) => (err instanceof SheetError ? err.reason : `not a SheetError: ${String(err)}`),
  );

const NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';

describe('sheet reading in a worker', () => {
  it('reads the project’s own workbooks: inline strings, numbers, blank cells', async () => {
    const bytes = ownWorkbook([
      ['姓名', '手机号', '备注'],
      ['张三', '13800138000', ''],
      ['', '', ''],
      ['李四', 13900139000, 'a & <b>'],
    ]);
    expect(await rowsOf(bytes)).toEqual([
      { row: 1, cells: ['姓名', '手机号', '备注'] },
      { row: 2, cells: ['张三', '13800138000'] },
      { row: 3, cells: [] },
      { row: 4, cells: ['李四', '13900139000', 'a & <b>'] },
    ]);
    expect(await countDataRows(bytes)).toBe(2);
  });

  it('reads exceljs workbooks: shared strings, rich text, dates as serial numbers, booleans, formulas, gaps', async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('first');
    ws.addRow(['name', 'mobile', 'birthday']);
    ws.addRow(['Ann', 13800138000, new Date(Date.UTC(2024, 0, 2))]);
    ws.getRow(3).getCell(2).value = { richText: [{ text: 'rich ' }, { text: 'text' }] };
    ws.getRow(4).getCell(1).value = true;
    ws.getRow(4).getCell(3).value = { formula: 'A1', result: 'name' };
    ws.getRow(5).getCell(1).value = '   ';
    wb.addWorksheet('second').addRow(['not read']);
    const bytes = Buffer.from(await wb.xlsx.writeBuffer());
    expect(await rowsOf(bytes)).toEqual([
      { row: 1, cells: ['name', 'mobile', 'birthday'] },
      { row: 2, cells: ['Ann', '13800138000', '45293'] },
      { row: 3, cells: ['', 'rich text'] },
      { row: 4, cells: ['true', '', 'name'] },
      { row: 5, cells: ['   '] },
    ]);
    // row 5 holds only a blank shared string: not a data row
    expect(await countDataRows(bytes)).toBe(3);
  });

  it('numbers rows and cells written without r after the previous ones; blank shared strings count as blank', async () => {
    const sst = `<sst xmlns="${NS}"><si><t>head</t></si><si><t xml:space="preserve">  </t></si><si/><si><r><t>x</t></r><rPh><t>ignored</t></rPh></si></sst>`;
    const rows =
      '<row><c t="s"><v>0</v></c></row><row><c t="s"><v>1</v></c><c t="s"><v>2</v></c></row><row r="7"><c r="B7" t="s"><v>3</v></c></row><row><c><v>5</v></c><c t="inlineStr"><is><t>in</t><t>line</t></is></c></row>';
    const bytes = buildZip(workbookParts(sheetXml(rows), sst));
    expect(await rowsOf(bytes)).toEqual([
      { row: 1, cells: ['head'] },
      { row: 2, cells: ['  '] },
      { row: 7, cells: ['', 'x'] },
      { row: 8, cells: ['5', 'inline'] },
    ]);
    expect(await countDataRows(bytes)).toBe(2);
  });

  it('reads legacy .xls in the worker too', async () => {
    const { utils, write } = await import('@e965/xlsx');
    const wb = utils.book_new();
    utils.book_append_sheet(
      wb,
      utils.aoa_to_sheet([
        ['name', 'mobile'],
        ['Ann', 13800138000],
        ['', ''],
      ]),
      'a',
    );
    const bytes = Buffer.from(write(wb, { type: 'buffer', bookType: 'biff8' }) as Buffer);
    expect((await rowsOf(bytes)).map((r) => r.cells)).toEqual([
      ['name', 'mobile'],
      ['Ann', '13800138000'],
      ['', ''],
    ]);
    expect(await countDataRows(bytes)).toBe(1);
  });

  it('delivers a long sheet in chunks and stops the worker when the reader stops early', async () => {
    const rows: Array<Array<string | number>> = [['mobile']];
    for (let i = 0; i < 5000; i++) rows.push([String(13800000000 + i)]);
    const bytes = ownWorkbook(rows);
    const all = await rowsOf(bytes, { chunkRows: 100 });
    expect(all).toHaveLength(5001);
    expect(all[5000]).toEqual({ row: 5001, cells: [String(13800004999)] });
    // more early stops than readers may run at once: each stop must end its worker and free its place
    for (let k = 0; k < 5; k++) {
      for await (const r of sheetRows(bytes, { chunkRows: 100 })) if (r.row === 150) break;
    }
    expect(await countDataRows(bytes)).toBe(5000);
  });

  it('refuses bytes that are no workbook as unreadable', async () => {
    expect(await failure(countDataRows(Buffer.from('hello, not a zip at all')))).toBe('unreadable');
    expect(await failure(rowsOf(buildZip([{ name: 'a.txt', data: 'x' }])))).toBe('unreadable');
    const ole = Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(600, 0xff)]);
    expect(await failure(rowsOf(ole))).toBe('unreadable');
  });

  it('refuses a bomb as too complex', async () => {
    expect(await failure(countDataRows(await bombWorkbook(300)))).toBe('tooComplex');
    expect(await failure(rowsOf(await bombWorkbook(300, { lie: true })))).not.toBeNull();
  });

  it('reads hostile sheets to an answer (unclosed <row> and <si>, deep nesting, entities, far columns)', async () => {
    const h = await hostileWorkbooks();
    expect(await failure(countDataRows(h.unclosedRows))).toBe('tooComplex');
    expect(await failure(countDataRows(h.unclosedSharedStrings))).toBe('tooComplex');
    expect(await failure(rowsOf(h.deepNesting))).toBe('tooComplex');
    expect(await failure(rowsOf(h.billionLaughs))).toBe('unreadable');
    expect(await failure(rowsOf(h.farColumns))).toBe('tooComplex');
    expect(await failure(countDataRows(h.manyEntries))).toBe('tooComplex');
    expect(await failure(countDataRows(h.truncated))).toBe('unreadable');
    expect(await countDataRows(h.hugeSharedIndex)).toBe(0);
    // without the nesting limit the parser still reads the 1 MB of unclosed rows through, to the parse error at its end
    expect(await failure(countDataRows(h.unclosedRows, { sheet: { maxDepth: 1e9 }, zip: { maxRatio: 1e6 } }))).toBe(
      'unreadable',
    );
  });

  it('ends a worker past its time budget or its heap', async () => {
    const bytes = ownWorkbook([['mobile'], ['13800138000']]);
    expect(await failure(countDataRows(bytes, { timeMs: 0 }))).toBe('tooComplex');
    const sst = `<sst xmlns="${NS}">${Array.from({ length: 400_000 }, (_, i) => `<si><t>${i}-${(i * 7919) % 100_003}</t></si>`).join('')}</sst>`;
    const big = buildZip(workbookParts(sheetXml('<row r="1"><c r="A1" t="s"><v>0</v></c></row>'), sst));
    expect(await failure(countDataRows(big, { heapMb: 8 }))).toBe('tooComplex');
    // the same file within a normal heap is read
    expect(await countDataRows(big)).toBe(0);
  });
});
