import { describe, expect, it } from 'vitest';
import type { HttpClient } from '../../sync/http/http-client';
import { orderKey } from '../../sync/store/local-db';
import { runQuery } from '../../sync/query/query';
import {
  appendPage,
  keepShownRows,
  missesShownRows,
  pageOneSource,
  primaryKeyOf,
  type PageOneState,
} from './row-source';

// The cold first page: who answers page 1 while the local cache fills, and how further pages join it.

const cold: PageOneState = {
  online: true,
  listable: true,
  dbOpen: false,
  resourceLive: false,
  localRows: 0,
  platformRows: 0,
};

describe('page 1 while the local cache fills', () => {
  it('the platform answers while no database is open, when online and the collection has a list endpoint', () => {
    expect(pageOneSource(cold)).toBe('platform');
    expect(pageOneSource({ ...cold, online: false })).toBe('local');
    expect(pageOneSource({ ...cold, listable: false })).toBe('local');
  });

  it('an open but empty cache still backfilling leaves page 1 to the platform', () => {
    expect(pageOneSource({ ...cold, dbOpen: true })).toBe('platform');
  });

  it('local rows take over at once when nothing came from the platform yet', () => {
    expect(pageOneSource({ ...cold, dbOpen: true, localRows: 3 })).toBe('local');
  });

  it('local rows take over once they cover what the platform put on screen, so the list never shrinks', () => {
    expect(pageOneSource({ ...cold, dbOpen: true, localRows: 10, platformRows: 50 })).toBe('platform');
    expect(pageOneSource({ ...cold, dbOpen: true, localRows: 50, platformRows: 50 })).toBe('local');
  });

  it('a full page of the cache that leaves out rows on screen does not take over until it holds them', () => {
    // the platform's newest three; the cache holds only records changed lately, the newest of them not yet backfilled
    const at = (t: number, sn: string) => ({ sn, k: orderKey(t, sn) });
    const shown = [at(300, 'c'), at(200, 'b'), at(100, 'a')];
    const changedLately = [at(300, 'c'), at(100, 'a'), at(50, 'z')];
    expect(missesShownRows(changedLately, shown)).toBe(true);
    expect(pageOneSource({ ...cold, dbOpen: true, localRows: 3, platformRows: 3, missingShown: true })).toBe(
      'platform',
    );
    // the backfill brought b: the cache's page holds every row on screen
    expect(missesShownRows([at(300, 'c'), at(200, 'b'), at(100, 'a')], shown)).toBe(false);
    // a record newer than the platform's page pushes its last row out of the cache's page: nothing among them is missing
    expect(missesShownRows([at(400, 'n'), at(300, 'c'), at(200, 'b')], shown)).toBe(false);
    // an empty cache page holds none of them
    expect(missesShownRows([], shown)).toBe(true);
    // once the backfill is done the cache answers, whatever it holds
    expect(
      pageOneSource({ ...cold, dbOpen: true, resourceLive: true, localRows: 3, platformRows: 3, missingShown: true }),
    ).toBe('local');
  });

  it('a fully synced resource answers locally, even with no match', () => {
    expect(pageOneSource({ ...cold, dbOpen: true, resourceLive: true, localRows: 0, platformRows: 50 })).toBe('local');
  });
});

describe('further pages', () => {
  it('append without the rows already shown', () => {
    const shown = [{ sn: 'a' }, { sn: 'b' }];
    expect(appendPage(shown, [{ sn: 'b' }, { sn: 'c' }], 'sn')).toEqual([{ sn: 'a' }, { sn: 'b' }, { sn: 'c' }]);
    expect(appendPage([], [{ sn: 'x' }], 'sn')).toEqual([{ sn: 'x' }]);
  });

  it('rows are told apart by the collection primary key', () => {
    expect(primaryKeyOf('mt_records')).toBe('sn');
    expect(primaryKeyOf('batches')).toBe('batch_id');
    expect(primaryKeyOf('events')).toBe('id');
  });
});

describe('runQuery fromPlatform', () => {
  const client = (calls: unknown[]): HttpClient =>
    ({
      baseUrl: '',
      call: async (endpoint: { path: string }, body: unknown) => {
        calls.push([endpoint.path, body]);
        return { total: 120, data: [{ sn: 's1', receive_time: 1_700_000_000_000 }] };
      },
    }) as unknown as HttpClient;
  const q = {
    collection: 'mt_records' as const,
    filters: [{ op: 'eq' as const, field: 'prod_type', value: 0 }],
    limit: 50,
  };

  it('asks the list endpoint inside the window, with no local database needed', async () => {
    const calls: unknown[] = [];
    const page = await runQuery(q, {
      client: client(calls),
      online: true,
      horizon: 0,
      fromPlatform: true,
      pageNumber: 2,
    });
    expect(calls).toEqual([['/mtRecord/list', { pageNumber: 2, pageSize: 50, prod_type: 0 }]]);
    // the page carries the platform's count, so the total needs no second list call
    // the rows carry the cache's ordering key, as pulled documents do (so the cache's rows taking over compare equal)
    expect(page).toEqual({
      rows: [{ sn: 's1', receive_time: 1_700_000_000_000, k: orderKey(1_700_000_000_000, 's1') }],
      next: 3,
      source: 'server',
      cachedOnly: false,
      count: { total: 120, exact: true, source: 'server' },
    });
  });

  it('offline it reads locally, and says so when there is no database', async () => {
    const calls: unknown[] = [];
    await expect(runQuery(q, { client: client(calls), online: false, horizon: 0, fromPlatform: true })).rejects.toThrow(
      /not open/,
    );
    expect(calls).toEqual([]);
  });
});

describe('re-reads while the cache fills', () => {
  const rows = [
    { k: 'a', seq: 1 },
    { k: 'b', seq: 2 },
  ];
  it('the same rows in the same versions need no re-render; a changed status (new seq), order or count does', () => {
    expect(
      keepShownRows(
        rows,
        rows.map((r) => ({ ...r })),
      ),
    ).toBe(rows);
    expect(
      keepShownRows(rows, [
        { k: 'a', seq: 1 },
        { k: 'b', seq: 3 },
      ]),
    ).not.toBe(rows);
    expect(keepShownRows(rows, [rows[1], rows[0]])).not.toBe(rows);
    expect(keepShownRows(rows, rows.slice(0, 1))).not.toBe(rows);
    // an acknowledged pause written locally under the same seq: the row must not stay on its old status
    const batch = [{ k: 'a', seq: 1, send_status: 0 }];
    expect(keepShownRows(batch, [{ k: 'a', seq: 1, send_status: 2 }])).toEqual([{ k: 'a', seq: 1, send_status: 2 }]);
  });

  it('only the rows that changed are new objects: the table re-renders those alone (the cache taking over, a re-read)', () => {
    const next = [
      { k: 'a', seq: 1 },
      { k: 'b', seq: 3 },
      { k: 'c', seq: 1 },
    ];
    const kept = keepShownRows(rows, next);
    expect(kept).toEqual(next);
    expect(kept[0]).toBe(rows[0]);
    expect(kept[1]).toBe(next[1]);
    expect(kept[2]).toBe(next[2]);
  });
});
