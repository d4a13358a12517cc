import { describe, expect, it } from 'vitest';
import { cellText, exportColumns, readLocalRows, type TextColumn } from './export-rows';
import { sheetRows } from './remote-export';
import type { ViewerContext } from './screen-definition';

const v = { lang: 'en' } as ViewerContext;
type R = { a: string | null; n: number };

describe('the text of a cell in a spreadsheet', () => {
  it('its own text first, else what the cell shows when that is text, else the raw value', () => {
    expect(
      cellText<R>({ field: 'a', header: 'h', text: (r) => `t${r.n}`, render: () => 'shown' }, { a: 'x', n: 1 }, v),
    ).toBe('t1');
    expect(cellText<R>({ field: 'a', header: 'h', render: (r) => r.n * 2 }, { a: 'x', n: 2 }, v)).toBe('4');
    expect(cellText<R>({ field: 'a', header: 'h', render: () => null }, { a: 'raw', n: 0 }, v)).toBe('raw');
    expect(cellText<R>({ field: 'a', header: 'h' }, { a: null, n: 0 }, v)).toBe('');
  });

  it('sheet columns carry translated headers; rows get a serial number', () => {
    const columns: TextColumn<R>[] = [
      { field: 'a', header: 'col.a' },
      { field: 'n', header: 'col.n' },
    ];
    const sheet = exportColumns(columns, v, (k) => k.toUpperCase());
    expect(sheet.map((c) => c.header)).toEqual(['COL.A', 'COL.N']);
    expect(
      sheetRows(
        [
          { a: 'x', n: 1 },
          { a: 'y', n: 2 },
        ],
        sheet,
      ),
    ).toEqual([
      ['1', 'x', '1'],
      ['2', 'y', '2'],
    ]);
  });
});

describe('the whole local set of a query', () => {
  it('is read page after page while a page names the next cursor', async () => {
    const asked: (string | null)[] = [];
    const pages: Record<string, { rows: number[]; next: string | null }> = {
      first: { rows: [1, 2], next: 'p2' },
      p2: { rows: [3], next: null },
    };
    const rows = await readLocalRows(async (after) => (asked.push(after), pages[after ?? 'first']));
    expect(rows).toEqual([1, 2, 3]);
    expect(asked).toEqual([null, 'p2']);
  });
});
