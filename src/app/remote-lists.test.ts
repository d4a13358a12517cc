import { describe, expect, it } from 'vitest';
import { epRecharges, subRecharges } from '../accounts/recharges.screen';
import { subAccounts } from '../accounts/sub-accounts.screen';
import { carrierMargins } from '../carriers/carrier-margins.screen';
import { RESOURCES } from '../i18n/i18n';
import { sessions } from '../tools/conversations-page';
import { checkBatches } from '../tools/number-check-page';
import { blacklistStatistics, numberStatusStatistics, portingStatistics } from '../tools/tools-tables';
import { pickedRange } from '../table/remote-date-range';
import { EXPORT_MAX_PAGES, EXPORT_PAGE, readAllPages, sheetRows } from '../table/remote-export';
import type { RemoteTableDef } from '../table/remote-table-def';

// The platform-paged lists an operator walks: each shows its total (RemoteTable, for every definition), offers an
// export (the platform's download or its own list read whole) and, where rows are dated, the range calendar.

const LISTS: Record<string, RemoteTableDef<never>> = {
  subRecharges,
  epRecharges,
  subAccounts,
  checkBatches,
  numberStatusStatistics,
  portingStatistics,
  blacklistStatistics,
  sessions,
  carrierMargins,
} as unknown as Record<string, RemoteTableDef<never>>;
const label = (lang: 'zh' | 'en', key: string) =>
  key.split('.').reduce<unknown>((t, k) => (t as Record<string, unknown> | undefined)?.[k], RESOURCES[lang]);

describe('platform-paged lists', () => {
  it.each(Object.entries(LISTS).filter(([name]) => name !== 'checkBatches'))('%s exports', (_name, def) => {
    expect(Boolean(def.download) || Boolean(def.exportAs)).toBe(true);
    if (def.exportAs)
      for (const lang of ['zh', 'en'] as const)
        expect(label(lang, def.exportAs), `${lang} ${def.exportAs}`).toBeTypeOf('string');
  });

  it.each([
    'subRecharges',
    'epRecharges',
    'numberStatusStatistics',
    'portingStatistics',
    'blacklistStatistics',
    'sessions',
  ])('%s has a date range', (name) => {
    expect(LISTS[name].dateRange).toBe(true);
  });

  it('names every total, range and export label in zh and en', () => {
    for (const key of [
      'operator.table.total',
      'operator.table.counting',
      'table.dateRange',
      'table.shortcut',
      'table.export',
      'table.serial',
    ]) {
      for (const lang of ['zh', 'en'] as const) expect(label(lang, key), `${lang} ${key}`).toBeTypeOf('string');
    }
  });
});

describe('reading a list whole for its export', () => {
  const source = (n: number) => async (page: number) => ({
    total: n,
    data: Array.from(
      { length: Math.max(0, Math.min(EXPORT_PAGE, n - (page - 1) * EXPORT_PAGE)) },
      (_, i) => (page - 1) * EXPORT_PAGE + i,
    ),
  });

  it('reads page after page up to the total', async () => {
    expect(await readAllPages(source(2500))).toEqual(Array.from({ length: 2500 }, (_, i) => i));
    expect(await readAllPages(source(EXPORT_PAGE))).toHaveLength(EXPORT_PAGE);
    expect(await readAllPages(source(0))).toEqual([]);
  });

  it('stops at its page cap', async () => {
    expect(await readAllPages(source(EXPORT_PAGE * (EXPORT_MAX_PAGES + 3)))).toHaveLength(
      EXPORT_PAGE * EXPORT_MAX_PAGES,
    );
  });

  it('writes a serial number before each row', () => {
    expect(sheetRows([{ a: 'x' }, { a: 'y' }], [{ header: 'A', text: (r) => r.a }])).toEqual([
      ['1', 'x'],
      ['2', 'y'],
    ]);
  });
});

describe('the range calendar of a platform-paged list', () => {
  it('asks from the first day’s start to the last day’s end', () => {
    const { startTime, endTime } = pickedRange(new Date(2026, 0, 5), new Date(2026, 0, 7));
    expect(endTime - startTime).toBe(3 * 86_400_000 - 1);
  });
});
