import { listEndpointFor, runQuery, type PageResult, type Query } from '../../sync/query/query';
import { earlyApi } from '../session/api';
import { readToken } from '../session/token-store';
import type { Row, Shown } from './row-source';
import type { ScreenDefinition, ViewerContext } from './screen-definition';
import { buildFilters, pageSizeOf, queryKeyOf, readParams } from './url-filters';

// First-sync platform pages by query, asked once: a screen with no local database asks while it renders, before its
// table renders (a good part of the wait), and the effects that follow join that request. An entry goes when local
// rows take over or the screen leaves the query. A page asked before its screen opened (the login chain's first list,
// prefetchFirstPage) stands for it only while fresh.

interface FirstSyncPage {
  page: Promise<PageResult<Row>>;
  at: number;
  /** the session that asked: another session (a logout and a login in the same page) never sees its rows */
  token: string | null;
  /** the page once answered: a screen that opens then shows it in its first render */
  answer?: PageResult<Row>;
}
const firstSyncPages = new Map<string, FirstSyncPage>();
const sessionToken = () => readToken()?.token ?? null;
const PREFETCH_FRESH_MS = 30_000;
/** how long a screen opened while its first page travels waits for it before rendering its filters without it */
export const FIRST_PAGE_WAIT_MS = 1000;

/** The page asked for the query, while it is fresh and of this session. */
export const freshFirstSyncPage = (key: string): FirstSyncPage | undefined => {
  const entry = firstSyncPages.get(key);
  return entry && Date.now() - entry.at <= PREFETCH_FRESH_MS && entry.token === sessionToken() ? entry : undefined;
};

/** Whether a page was asked for the query (fresh or not: the screen that asked it joins it). */
export const hasFirstSyncPage = (key: string): boolean => firstSyncPages.has(key);

/** Forgets the query's page: local rows took over, or the screen left the query. */
export const dropFirstSyncPage = (key: string): void => void firstSyncPages.delete(key);

/** The platform's first page of the query: the one already asked while fresh, else asked now. */
export function askFirstSyncPage(key: string, q: Query): Promise<PageResult<Row>> {
  let entry = freshFirstSyncPage(key);
  if (!entry) {
    // fetched and parsed in a worker once it runs: the answer comes while the shell or the screen renders
    // (sync/http/off-thread-fetch.ts)
    const page = runQuery<Row>(q, { client: earlyApi(), online: true, horizon: 0, fromPlatform: true, pageNumber: 1 });
    const asked: FirstSyncPage = { page, at: Date.now(), token: sessionToken() };
    // a failed page does not stand for the query: the screen that opens next asks again (the callers see the failure)
    page.then(
      (answer) => void (asked.answer = answer),
      () => void (firstSyncPages.get(key) === asked && firstSyncPages.delete(key)),
    );
    firstSyncPages.set(key, (entry = asked));
  }
  return entry.page;
}

/** A fresh first-sync page already answered for the query (the login chain's first list): the screen's first render
 * shows its rows, with no empty frame and no second render to fill it. */
export function answeredFirstPage(key: string): Shown | null {
  const answer = freshFirstSyncPage(key)?.answer;
  if (!answer) return null;
  const { rows, next, cachedOnly, count } = answer;
  return { key, rows, next, source: 'first-sync', cachedOnly, count };
}

/** Asks the platform for a list screen's first page before the screen opens, as the screen itself would (same query,
 * same entry): the login chain's first list, in flight while the shell renders. */
export function prefetchFirstPage<T>(def: ScreenDefinition<T>, viewer: ViewerContext, search = ''): void {
  const params = readParams(search);
  const filters = buildFilters(def, params, viewer);
  const pageSize = pageSizeOf(params.size);
  const q: Query = { collection: def.collection, filters, limit: pageSize };
  if (listEndpointFor(q)) askFirstSyncPage(queryKeyOf(def.collection, filters, pageSize), q);
}
