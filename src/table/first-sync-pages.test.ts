import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PageResult, Query } from '../../sync/query/query';
import type { Row } from './row-source';

// The platform's first pages are asked once per query and stand for it while fresh and of the same session.

const session = vi.hoisted(() => ({ token: 'T1' as string | null }));
const runQuery = vi.hoisted(() => vi.fn());
vi.mock('../session/token-store', () => ({
  readToken: () => (session.token ? { token: session.token, datetime: 0 } : null),
}));
vi.mock('../session/api', () => ({ earlyApi: () => ({}) }));
vi.mock('../../sync/query/query', async (original) => ({
  ...(await original<typeof import('../../sync/query/query')>()),
  runQuery,
}));

const {
  answeredFirstPage,
  askFirstSyncPage,
  dropFirstSyncPage,
  freshFirstSyncPage,
  hasFirstSyncPage,
  prefetchFirstPage,
} = await import('./first-sync-pages');

const q: Query = { collection: 'mt_records', filters: [{ op: 'eq', field: 'prod_type', value: 0 }], limit: 50 };
const page: PageResult<Row> = {
  rows: [{ sn: 's1', k: 'a' }],
  next: 2,
  source: 'server',
  cachedOnly: false,
  count: { total: 120, exact: true, source: 'server' },
};
let n = 0;
const key = () => `key-${n}`;

beforeEach(() => {
  n++;
  session.token = 'T1';
  runQuery.mockReset();
});
afterEach(() => vi.useRealTimers());

describe('first-sync pages', () => {
  it('a query is asked once: a second caller joins the request', async () => {
    runQuery.mockResolvedValue(page);
    const a = askFirstSyncPage(key(), q);
    const b = askFirstSyncPage(key(), q);
    expect(b).toBe(a);
    expect(runQuery).toHaveBeenCalledTimes(1);
    expect(runQuery.mock.calls[0][1]).toMatchObject({ online: true, horizon: 0, fromPlatform: true, pageNumber: 1 });
    await a;
  });

  it('an answered page stands for the screen first render, as first-sync rows', async () => {
    runQuery.mockResolvedValue(page);
    expect(answeredFirstPage(key())).toBeNull();
    await askFirstSyncPage(key(), q);
    expect(answeredFirstPage(key())).toEqual({
      key: key(),
      rows: page.rows,
      next: 2,
      source: 'first-sync',
      cachedOnly: false,
      count: page.count,
    });
  });

  it('a failed page does not stand for the query: the next caller asks again', async () => {
    runQuery.mockRejectedValueOnce(new Error('down')).mockResolvedValue(page);
    await expect(askFirstSyncPage(key(), q)).rejects.toThrow('down');
    expect(hasFirstSyncPage(key())).toBe(false);
    await askFirstSyncPage(key(), q);
    expect(runQuery).toHaveBeenCalledTimes(2);
  });

  it('a page of another session, or one asked more than 30 s ago, is not fresh; a dropped one is gone', async () => {
    vi.useFakeTimers({ now: 1_000_000, toFake: ['Date'] });
    runQuery.mockResolvedValue(page);
    await askFirstSyncPage(key(), q);
    session.token = 'T2';
    expect(freshFirstSyncPage(key())).toBeUndefined();
    session.token = 'T1';
    vi.setSystemTime(1_030_000);
    expect(freshFirstSyncPage(key())).toBeDefined();
    vi.setSystemTime(1_030_001);
    expect(freshFirstSyncPage(key())).toBeUndefined();
    // still known (its screen joins it), until dropped
    expect(hasFirstSyncPage(key())).toBe(true);
    dropFirstSyncPage(key());
    expect(hasFirstSyncPage(key())).toBe(false);
  });

  it('a prefetch asks the query the screen asks, under the key the screen uses', async () => {
    runQuery.mockResolvedValue(page);
    const def = {
      path: '/p',
      title: 't',
      collection: 'mt_records' as const,
      fixed: q.filters,
      columns: [],
      filters: [],
    };
    const viewer = {
      userType: 3,
      showClientStatus: 1,
      clientForbidUnknown: 0,
      showContentFilterWhere: 0,
      permissions: new Set<string>(),
      lang: 'zh' as const,
    };
    prefetchFirstPage(def, viewer, '?size=100');
    expect(runQuery.mock.calls[0][0]).toEqual({ ...q, limit: 100 });
    expect(hasFirstSyncPage(JSON.stringify(['mt_records', q.filters, 100]))).toBe(true);
    await runQuery.mock.results[0].value;
  });
});
