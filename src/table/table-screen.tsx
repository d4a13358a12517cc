import { Dialog } from 'primereact/dialog';
import { InputNumber } from 'primereact/inputnumber';
import { Message } from 'primereact/message';
import { Paginator } from 'primereact/paginator';
import { startTransition, useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearch } from 'wouter';
import { throttleTime } from 'rxjs';
import { RECORD_COLLECTIONS } from '../../sync/local-db';
import { liveRead } from '../../sync/live-read';
import { changesOf, listEndpointFor, runQuery, type CountResult, type Filter, type PageResult, type Query, type QueryCollection } from '../../sync/query';
import { api, earlyApi } from '../session/api';
import { readToken } from '../session/token-store';
import { useSession } from '../session/use-session';
import { pending$, progress$, useOnline, useRuntime } from '../data/sync-runtime';
import { downloadXlsx } from './export-xlsx';
import { useWholeResult } from './use-whole-result';
import { TableTotal } from './table-total';
import { firstScreenShown } from '../data/first-screen';
import { afterFirstPaint, PaginatorStandIn } from '../ui/stand-ins';
import { FilterBar } from './table-filter-bar';
import { VirtualTable, type VirtualColumn, type VirtualTableHandle } from './virtual-table';
import type { EventDoc } from '../../sync/local-db';
import type { Language } from '../../contract/constants';
import type { UserInfo } from '../../contract/endpoints/user.endpoints';
import type { ColumnDef, ScreenDefinition, ViewerContext } from './screen-definition';

// The one table screen (DESIGN.md §6): filters kept in the URL, date range with the spec's shortcuts, serial column,
// keyset pages appended as the user scrolls (virtual scrolling), the first page live, pending commands projected,
// the platform's list endpoint when a range reaches past the cache window or while the cache fills, export to xlsx.

export const PAGE_SIZE = 50;
/** the first table screen of the page paints stand-ins for its PrimeReact widgets (src/app/stand-ins.tsx) */
const useFilterWidgets = afterFirstPaint();
/** Page sizes an operator can pick (issue 14); the pages still load as the table scrolls. */
export const PAGE_SIZES = [20, 50, 100, 500] as const;
export const pageSizeOf = (v: string | undefined): number => (PAGE_SIZES as readonly number[]).includes(Number(v)) ? Number(v) : PAGE_SIZE;
const REFRESH_MS = 250;
const ROW_PX = 40;
const DAY = 86_400_000;
type Row = Record<string, unknown> & { k?: string };

/** Where the rows on screen come from: the local cache; the platform while the cache cannot answer yet (first sync);
 * the platform because the query reaches past the cache window. */
export type RowSource = 'local' | 'first-sync' | 'past-window';

export interface PageOneState {
  online: boolean;
  /** the platform has a list endpoint for the collection. */
  listable: boolean;
  dbOpen: boolean;
  /** the replicator finished this resource's backfill. */
  resourceLive: boolean;
  /** rows the local cache answers for the rows on screen (at least a page). */
  localRows: number;
  /** rows on screen that came from the platform during the first sync. */
  platformRows: number;
  /** the cache's rows leave out some of those that sort among them (missesShownRows). */
  missingShown?: boolean;
}

/** Who answers page 1 (issue 5, cold first page): the platform until the local cache can, then the cache, once it
 * holds at least what is on screen, with nothing of it left out, or has finished its backfill, so the list never
 * shrinks, blinks empty or drops a record it showed. */
export function pageOneSource(s: PageOneState): 'local' | 'platform' {
  if (!s.online || !s.listable) return 'local';
  if (!s.dbOpen) return 'platform';
  if (s.resourceLive) return 'local';
  return s.localRows > 0 && s.localRows >= s.platformRows && !s.missingShown ? 'local' : 'platform';
}

/** Whether the cache's page leaves out rows the platform put on screen that sort among its own. On a large account
 * the first pulls hold the records changed lately (delivery reports), and the backfill reaches the newest unchanged
 * ones later: a page of the cache then can be full and still lack the newest records, and taking over with it would
 * drop them from the list and bring them back a moment later. Rows compare by their ordering key (`k`: a record's
 * time and key, which platform rows carry too). */
export function missesShownRows(local: Row[], shown: Row[]): boolean {
  if (local.length === 0) return shown.length > 0;
  const last = String(local[local.length - 1].k);
  const have = new Set(local.map((r) => r.k));
  return shown.some((r) => typeof r.k === 'string' && r.k <= last && !have.has(r.k));
}

/** An acknowledged event and the count of local reads when it left the pending list. */
export interface Settling {
  ev: EventDoc;
  reads: number;
}

/**
 * The events still held after a local read. The outbox writes an acknowledged effect into the local row before it
 * marks the event acknowledged; a read already under way then may predate the write, the one after it cannot. So an
 * event is held until two reads have completed since it left the pending list (issue 14: never flick back).
 */
export function settlingAfter(settling: Settling[], reads: number): Settling[] {
  const kept = settling.filter((s) => reads - s.reads < 2);
  return kept.length === settling.length ? settling : kept;
}

/**
 * The pending events and the acknowledged ones held until the rows are re-read, as one state: an event leaves the
 * one and joins the other in the same update, so no frame shows the row without its effect. (Two updates made while
 * rendering, one per list, lost the second under load: the row flicked back, issue 14.)
 */
function usePendingAndSettling(localReads: RefObject<number>) {
  const [{ pending, settling }, setEvents] = useState(() => ({ pending: pending$.value, settling: [] as Settling[] }));
  useEffect(() => {
    const sub = pending$.subscribe((next) =>
      setEvents((cur) => {
        if (cur.pending === next) return cur;
        const gone = cur.pending.filter((p) => !next.some((e) => e.id === p.id));
        const held = gone.map((ev) => ({ ev: { ...ev, status: 'acked' as const }, reads: localReads.current }));
        return { pending: next, settling: held.length ? [...cur.settling, ...held] : cur.settling };
      }),
    );
    return () => sub.unsubscribe();
  }, [localReads]);
  const setSettling = useCallback(
    (change: (cur: Settling[]) => Settling[]) =>
      setEvents((cur) => {
        const next = change(cur.settling);
        return next === cur.settling ? cur : { ...cur, settling: next };
      }),
    [],
  );
  return { pending, settling, setSettling };
}

/** A further page appended to the rows on screen, without rows already there (pages shift while rows arrive). */
export function appendPage<R extends Record<string, unknown>>(shown: R[], page: R[], key: string): R[] {
  const seen = new Set(shown.map((r) => r[key]));
  return [...shown, ...page.filter((r) => !seen.has(r[key]))];
}

export const primaryKeyOf = (c: QueryCollection): string => (c === 'events' ? 'id' : RECORD_COLLECTIONS[c].primaryKey);

/** Whether the replicator reports this collection's resource fully backfilled (a boolean, so progress ticks do not
 * re-render the screen). */
function useResourceLive(c: QueryCollection): boolean {
  const resource = c === 'events' ? null : RECORD_COLLECTIONS[c].resource;
  return useSyncExternalStore(
    (cb) => {
      const sub = progress$.subscribe(cb);
      return () => sub.unsubscribe();
    },
    () => resource !== null && progress$.value.resources[resource]?.phase === 'live',
  );
}

/**
 * First-sync platform pages by query, asked once: a screen with no local database asks while it renders, before its
 * table renders (a good part of the wait), and the effects that follow join that request. An entry goes when local
 * rows take over or the screen leaves the query. A page asked before its screen opened (the login chain's first list,
 * prefetchFirstPage) stands for it only while fresh.
 */
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
const FIRST_PAGE_WAIT_MS = 1000;
const freshFirstSyncPage = (key: string) => {
  const entry = firstSyncPages.get(key);
  return entry && Date.now() - entry.at <= PREFETCH_FRESH_MS && entry.token === sessionToken() ? entry : undefined;
};
function askFirstSyncPage(key: string, q: Query): Promise<PageResult<Row>> {
  let entry = freshFirstSyncPage(key);
  if (!entry) {
    // fetched and parsed in a worker once it runs: the answer comes while the shell or the screen renders
    // (sync/off-thread-fetch.ts)
    const page = runQuery<Row>(q, { client: earlyApi(), online: true, horizon: 0, fromPlatform: true, pageNumber: 1 });
    const asked: FirstSyncPage = { page, at: Date.now(), token: sessionToken() };
    // a failed page does not stand for the query: the screen that opens next asks again (the callers see the failure)
    page.then((answer) => void (asked.answer = answer), () => void (firstSyncPages.get(key) === asked && firstSyncPages.delete(key)));
    firstSyncPages.set(key, (entry = asked));
  }
  return entry.page;
}

/** A fresh first-sync page already answered for the query (the login chain's first list): the screen's first render
 * shows its rows, with no empty frame and no second render to fill it. */
function answeredFirstPage(key: string): Shown | null {
  const answer = freshFirstSyncPage(key)?.answer;
  if (!answer) return null;
  const { rows, next, cachedOnly, count } = answer;
  return { key, rows, next, source: 'first-sync', cachedOnly, count };
}

/** Asks the platform for a list screen's first page before the screen opens, as the screen itself would (same query,
 * same entry): the login chain's first list, in flight while the shell renders (issue 15). */
export function prefetchFirstPage<T>(def: ScreenDefinition<T>, viewer: ViewerContext, search = ''): void {
  const params = readParams(search);
  const filters = buildFilters(def, params, viewer);
  const pageSize = pageSizeOf(params.size);
  const q: Query = { collection: def.collection, filters, limit: pageSize };
  if (listEndpointFor(q)) askFirstSyncPage(JSON.stringify([def.collection, filters, pageSize]), q);
}

interface Shown {
  /** the query the rows answer. */
  key: string;
  rows: Row[];
  /** local cursor or platform page number; null at the end. */
  next: string | number | null;
  source: RowSource;
  cachedOnly: boolean;
  /** the platform's count of the whole query, answered with its rows. */
  count?: CountResult;
}

/** What the screens need to know of the viewer, from the user info and the language. */
export function viewerOf(userInfo: UserInfo | null, language: Language): ViewerContext {
  const a = userInfo?.authUser;
  return {
    userType: a?.userType ?? 3,
    showClientStatus: a?.showClientStatus ?? 1,
    clientForbidUnknown: a?.clientForbidUnknown ?? 0,
    showContentFilterWhere: a?.showContentFilterWhere ?? 0,
    permissions: new Set(userInfo?.permission ?? []),
    lang: language,
  };
}

export function useViewer(): ViewerContext {
  const { userInfo, language } = useSession();
  return useMemo(() => viewerOf(userInfo, language), [userInfo, language]);
}

/** The product line a screen's query is fixed to (the account selector loads its accounts); home by default. */
export function prodTypeOf(filters: Filter[]): number {
  const f = filters.find((x) => x.op === 'eq' && x.field === 'prod_type') as { value?: unknown } | undefined;
  return typeof f?.value === 'number' ? f.value : 0;
}

/** URL query string <-> applied filters. */
function readParams(search: string): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(search).entries());
}

/** The query of a screen for the applied parameters. */
export function buildFilters<T>(def: ScreenDefinition<T>, params: Record<string, string>, viewer: ViewerContext): Filter[] {
  const mode = def.modes?.[Number(params.mode ?? 0)] ?? def.modes?.[0];
  const out: Filter[] = [...(def.fixed ?? []), ...(mode?.fixed ?? [])];
  for (const f of def.filters) {
    const v = params[f.field];
    if (v === undefined || v === '' || (f.visible && !f.visible(viewer))) continue;
    if (f.kind === 'prefix') out.push({ op: 'prefix', field: f.field, value: v });
    else if (f.kind === 'contains') out.push({ op: 'contains', field: f.field, value: v });
    else if (f.kind === 'select') out.push({ op: 'eq', field: f.field, value: typeof f.options?.[0]?.value === 'number' ? Number(v) : v });
    else out.push({ op: 'eq', field: f.field, value: v });
  }
  if (def.dateField && (params.from || params.to)) {
    out.push({ op: 'range', field: def.dateField, from: params.from ? Number(params.from) : undefined, to: params.to ? Number(params.to) : undefined });
  }
  return out;
}

function cellText<T>(c: ColumnDef<T>, row: T, v: ViewerContext): string {
  if (c.text) return c.text(row, v);
  const r = c.render?.(row, v);
  if (typeof r === 'string' || typeof r === 'number') return String(r);
  const raw = (row as Row)[c.field];
  return raw === null || raw === undefined ? '' : String(raw);
}

/** A record's fields equal (shallow): an acknowledged command writes its effect locally under the same seq. */
function sameFields(a: Row, b: Row): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((f) => Object.is(a[f], b[f]));
}

/** The rows of a new read, each row equal to the one shown at its place kept as that object, since the table's rows
 * are memoized on it: a re-read while the cache fills, or the cache taking over the platform's first page (the same
 * records, read again), renders only the rows that changed. The shown array itself when nothing did. Equal is the
 * same record, version and contents (seq moves on every platform change; an acknowledged command's local write keeps
 * it, and treating that write as unchanged let the row flick back to its old state, issue 14). */
export function keepShownRows(shown: Row[], next: Row[]): Row[] {
  let changed = shown.length !== next.length;
  const out = next.map((r, i) => {
    const old = shown[i];
    if (old !== undefined && old.k === r.k && old.seq === r.seq && sameFields(old, r)) return old;
    changed = true;
    return r;
  });
  return changed ? out : shown;
}

/** Placeholder rows while the answer is not known yet: never "no data" before it is (PrimeReact's Skeleton markup, without
 * 64 of its components in the first page's render). */
function TableSkeleton({ columns, label }: { columns: number; label: string }) {
  return (
    <div data-testid="table-skeleton" role="status" aria-label={label}>
      {Array.from({ length: 8 }, (_, i) => (
        <div key={i} style={{ display: 'flex', gap: 12, padding: '6px 0' }}>
          {Array.from({ length: Math.min(columns, 8) }, (_, j) => (
            <div key={j} className="p-skeleton" style={{ height: '1rem', width: '100%' }} />
          ))}
        </div>
      ))}
    </div>
  );
}

export function TableScreen<T>({ def }: { def: ScreenDefinition<T> }) {
  const { t } = useTranslation();
  const viewer = useViewer();
  const runtime = useRuntime();
  const online = useOnline();
  const search = useSearch();
  const [location, navigate] = useLocation();
  const params = useMemo(() => readParams(search), [search]);
  const [draft, setDraft] = useState<Record<string, string>>(params);
  useEffect(() => setDraft(params), [params]);
  const filters = useMemo(() => buildFilters(def, params, viewer), [def, params, viewer]);
  const [horizon, setHorizon] = useState(0);
  const resourceLive = useResourceLive(def.collection);
  const pageSize = pageSizeOf(params.size);
  const queryKey = useMemo(() => JSON.stringify([def.collection, filters, pageSize]), [def.collection, filters, pageSize]);
  // (a cold start: the login chain's first list may already be here; a browser with a cache asks none)
  const [answered] = useState(() => answeredFirstPage(queryKey));
  const [shown, setShownState] = useState<Shown>(() => answered ?? { key: '', rows: [], next: null, source: 'local', cachedOnly: false });
  const [loading, setLoading] = useState(answered === null);
  // async answers compare against what is on screen now, not what their render saw
  const shownRef = useRef(shown);
  const setShown = useCallback((next: Shown) => {
    shownRef.current = next;
    setShownState(next);
  }, []);
  const loadingMore = useRef(false);
  // the last row index the virtual scroller shows: the cache can grow under a viewport already at the end
  const lastIndex = useRef(0);
  // events that left the pending list, held until the rows are re-read (see settlingAfter)
  const localReads = useRef(0);
  const { pending, settling, setSettling } = usePendingAndSettling(localReads);
  useEffect(() => {
    // a rejected event rolls back at once
    const db = runtime?.db;
    if (!db || settling.length === 0) return;
    let cancelled = false;
    void Promise.all(settling.map((s) => db.events.findOne(s.ev.id).exec())).then((docs) => {
      const rejected = new Set(docs.filter((d) => d && d.status === 'rejected').map((d) => d!.id));
      if (!cancelled && rejected.size) setSettling((cur) => cur.filter((s) => !rejected.has(s.ev.id)));
    });
    return () => void (cancelled = true);
  }, [settling, runtime, setSettling]);
  // no local database yet: ask the platform now, while rendering (once per query, see firstSyncPages)
  if (!runtime && online && listEndpointFor({ collection: def.collection, filters, limit: pageSize })) {
    askFirstSyncPage(queryKey, { collection: def.collection, filters, limit: pageSize });
  }
  useEffect(() => () => void firstSyncPages.delete(queryKey), [queryKey]);
  // Filters and table mount in a transition after the first commit: a request asked in this render leaves when the
  // (short) first task ends, and the screen renders while it travels. Rows already answered: the whole screen renders
  // at once. A first page already on its way (the login chain's): the screen renders whole with its rows when they
  // come (show() below), not its filters around a skeleton first (~40 ms that held the answer back); it waits at
  // most FIRST_PAGE_WAIT_MS, and a failed page mounts it at once.
  const [mounted, setMounted] = useState(answered !== null);
  useEffect(() => {
    const mount = () => startTransition(() => setMounted(true));
    const inFlight = freshFirstSyncPage(queryKey);
    if (!inFlight || inFlight.answer) return mount();
    const timer = setTimeout(mount, FIRST_PAGE_WAIT_MS);
    void inFlight.page.finally(() => (clearTimeout(timer), mount())).catch(() => {});
    return () => clearTimeout(timer);
    // the screen's first query only: a later one mounts nothing
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    if (!runtime) return;
    void runtime.replicator.getWindow().then((w) => setHorizon(Date.now() - w.days * DAY));
  }, [runtime]);

  // page 1: the platform while the local cache cannot answer yet, then the cache, re-read as it changes so pulls and
  // delivery reports show without reload; the platform again when a range reaches past the window
  useEffect(() => {
    const key = JSON.stringify([def.collection, filters, pageSize]);
    const q: Query = { collection: def.collection, filters, limit: pageSize };
    const listable = listEndpointFor(q) !== null;
    const db = runtime?.db;
    let cancelled = false;
    let localShown = false;
    let stopLive = () => {};
    // (the first render already shows the answered first page of this query)
    if (shownRef.current !== answered || answered.key !== key) setLoading(true);

    const show = (page: PageResult<Row>, source: RowSource) => {
      const cur = shownRef.current;
      if (source === 'local') {
        localReads.current += 1;
        setSettling((s) => settlingAfter(s, localReads.current));
      }
      // a backfill writes older pages below the screen: a re-read that finds the same rows must not re-render them
      // (it made scrolling stutter while the cache filled)
      const rows = cur.key === key ? keepShownRows(cur.rows, page.rows) : page.rows;
      const same = cur.key === key && cur.source === source && cur.next === page.next && rows === cur.rows;
      if (!same) setShown({ key, rows, next: page.next, source, cachedOnly: page.cachedOnly, count: page.count });
      setLoading(false);
      // rows to show: the screen renders whole with them now, not in the transition below (which yields to every
      // other update, the menus' and the database's, while the rows wait)
      setMounted(true);
    };
    // the platform's rows of this query on screen (none once the cache took over)
    const platformShown = (): Row[] => (shownRef.current.key === key && shownRef.current.source === 'first-sync' ? shownRef.current.rows : []);
    const askPlatform = () => {
      askFirstSyncPage(key, q).then(
        (page) => {
          const cur = shownRef.current;
          // once local rows are on screen they stay: a late platform answer never replaces them
          if (cancelled || localShown || (cur.key === key && cur.source === 'local' && cur.rows.length > 0)) return;
          show(page, 'first-sync');
        },
        () => !cancelled && setLoading(false),
      );
    };
    const decide = (local: PageResult<Row> | null) => {
      const shownRows = platformShown();
      const missingShown = local !== null && missesShownRows(local.rows, shownRows);
      const source = pageOneSource({ online, listable, dbOpen: local !== null, resourceLive, localRows: local?.rows.length ?? 0, platformRows: shownRows.length, missingShown });
      if (source === 'platform') {
        if (!shownRows.length) askPlatform();
      } else if (local) {
        localShown = true;
        firstSyncPages.delete(key);
        show(local, 'local');
      }
    };
    // the local rows for as many as are on screen, so a re-read neither drops scrolled pages nor repeats them
    const readLocal = () => {
      const cur = shownRef.current;
      const limit = Math.max(pageSize, cur.key === key && cur.source !== 'past-window' ? cur.rows.length : 0);
      return runQuery<Row>({ ...q, limit }, { db, online, horizon });
    };

    const stop = () => {
      cancelled = true;
      stopLive();
    };
    // a platform page already asked for this query shows when it comes (unless local rows take over first); without
    // a database the platform is asked; an open database reads its window at once, so that is waited for
    if (firstSyncPages.has(key) && !platformShown().length) askPlatform();
    else if (!db) decide(null);
    if (!db || !horizon) return stop;
    // re-read on change notices (listened to before the first read, see liveRead), at most every REFRESH_MS: a
    // backfill writes many pages a second
    const changes = changesOf(db, def.collection).pipe(throttleTime(REFRESH_MS, undefined, { leading: true, trailing: true }));
    stopLive = liveRead(changes, readLocal, {
      first: (local) => {
        if (!(local.cachedOnly && online)) return decide(local), true;
        void runQuery<Row>(q, { db, online, horizon, client: api })
          .catch(() => local)
          .then((res) => !cancelled && show(res, res.source === 'server' ? 'past-window' : 'local'));
        return false;
      },
      next: (page) => !cancelled && decide(page),
      error: () => !cancelled && setLoading(false),
    });
    return stop;
  }, [runtime, horizon, filters, pageSize, def.collection, online, resourceLive, setShown, setSettling, answered]);

  /** The page being read: a second caller (a jump while scrolling loads) waits for it instead of returning at once. */
  const moreInFlight = useRef<Promise<void> | null>(null);
  function loadMore(): Promise<void> {
    if (moreInFlight.current) return moreInFlight.current;
    const run = readMore().finally(() => (moreInFlight.current = null));
    moreInFlight.current = run;
    return run;
  }
  // the database, connectivity and window now: a jump's page reads outlive the render that started them, and on a
  // cold start the database opens mid-jump (read from that render, it stopped the jump short at the rows then loaded)
  const latest = useRef({ runtime, online, horizon });
  useEffect(() => void (latest.current = { runtime, online, horizon }), [runtime, online, horizon]);
  async function readMore() {
    if (loadingMore.current) return;
    loadingMore.current = true;
    try {
      // a pull can move page 1's end while a page is read (newer rows arrive): then read again after the new end
      for (let attempt = 0; attempt < 3; attempt++) {
        const cur = shownRef.current;
        const { runtime, online, horizon } = latest.current;
        if (cur.key !== queryKey || cur.next === null || (cur.source === 'local' && !runtime)) return;
        const q: Query = { collection: def.collection, filters, limit: pageSize, after: typeof cur.next === 'string' ? cur.next : null };
        const res = await runQuery<Row>(q, {
          db: runtime?.db,
          online,
          horizon,
          client: cur.source === 'local' ? undefined : api,
          fromPlatform: cur.source === 'first-sync',
          pageNumber: typeof cur.next === 'number' ? cur.next : undefined,
        });
        const now = shownRef.current;
        if (now.key !== cur.key || now.source !== cur.source) return;
        if (now.next !== cur.next) continue;
        setShown({ ...now, rows: appendPage(now.rows, res.rows, primaryKeyOf(def.collection)), next: res.next });
        return;
      }
    } catch {
      // a failed page leaves the list as it is; scrolling asks again
    } finally {
      loadingMore.current = false;
    }
  }

  const rows = useMemo(() => {
    const all = shown.rows as T[];
    return def.project ? def.project(all, pending, settling.map((s) => s.ev)) : all;
  }, [shown.rows, pending, settling, def]);

  // a page that came short while the cache filled ended the list; the re-read after the next backfill page gives it a
  // cursor again, and the viewport already at the end sends no further scroll event: load on for it
  useEffect(() => {
    if (shown.next !== null && shown.rows.length > 0 && lastIndex.current >= shown.rows.length - 5) void loadMore();
    // loadMore reads shownRef; it is a new function every render
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [shown]);
  /** Whether an empty list is known to be empty: not while loading, nor while the cache still fills for local rows. */
  const emptyKnown = !loading && (resourceLive || shown.source !== 'local' || !online || !listEndpointFor({ collection: def.collection, filters, limit: pageSize }));
  // the first rows (or a list known empty) painted: an uncached account's database may open now (first-screen.ts)
  const settled = mounted && (rows.length > 0 || emptyKnown);
  useEffect(() => {
    if (!settled) return;
    const frame = requestAnimationFrame(() => setTimeout(firstScreenShown, 0));
    return () => cancelAnimationFrame(frame);
  }, [settled]);

  // page numbers over the virtual scroll: the page of the first row shown; a jump loads the pages up to it
  const tableRef = useRef<VirtualTableHandle>(null);
  const [page, setPage] = useState(0);
  /** Page p asked from the paginator: a page link or the jump input. */
  function requestPage(p: number) {
    // the jump input reports every page set elsewhere as a change of its own (PrimeReact's InputNumber): only another
    // page is a request, or a scroll's page would jump back to that page's top
    if (p === page || p < 0) return;
    setPage(p);
    void jumpTo(p * pageSize);
  }
  async function jumpTo(index: number) {
    // the whole target page, so its first row can scroll to the top (rows shift while a backfill runs, so a page read
    // can add fewer rows than asked)
    for (let i = 0, idle = 0; i < 10_000 && idle < 40 && shownRef.current.rows.length < index + pageSize && shownRef.current.next !== null; i++) {
      const before = shownRef.current.rows.length;
      await loadMore();
      if (shownRef.current.rows.length > before) idle = 0;
      else {
        // no rows added: the list was re-read meanwhile (the platform's pages replaced by the cache's as it fills), and
        // the page read for the old list was dropped; ask again once the re-read is shown (stopping here clamped the
        // jump to the last row loaded, a page short)
        idle++;
        await new Promise((r) => setTimeout(r, 50));
      }
    }
    // scrolled once the loaded rows are rendered (the scroller's height grows with them)
    jumpTarget.current = Math.min(index, Math.max(0, shownRef.current.rows.length - 1));
    setJumps((n) => n + 1);
  }
  const jumpTarget = useRef<number | null>(null);
  const [jumps, setJumps] = useState(0);
  /** The row a jump put on top, kept there while rows are re-read (a shorter re-read clamps the scroll) until the user
   * scrolls or the query changes. Meanwhile scroll events do not move the page number: a scroll clamped by a scroller
   * not yet grown, or by a re-read while the cache fills, would report an earlier page with the row still in view. */
  const pinnedTarget = useRef<number | null>(null);
  useEffect(() => {
    pinnedTarget.current = null;
  }, [queryKey]);
  useEffect(() => {
    const target = pinnedTarget.current;
    // (scrollTop forces a layout: read only with a jump pinned, not on every commit of new rows)
    if (target === null) return;
    // a re-read (the cache filling) can leave fewer rows than the target's page, with the view clamped at the top where
    // no scroll asks for more: the pin loads on until the target's page is there again
    if (shownRef.current.rows.length < target + pageSize && shownRef.current.next !== null) void loadMore();
    const top = tableRef.current?.scroller()?.scrollTop;
    if (top !== undefined && top < target * ROW_PX - ROW_PX && rows.length > target) tableRef.current?.scrollToIndex(target);
    // loadMore is a new function every render, and a new page size is a new query (the pin is cleared then)
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [rows]);
  useEffect(() => {
    const target = jumpTarget.current;
    if (target === null) return;
    jumpTarget.current = null;
    pinnedTarget.current = target;
    // the scroller's height follows the loaded rows a frame or more later (many on a busy machine): scroll again until
    // the row is on top, while the user has not scrolled since
    let tries = 0;
    const go = () => {
      if (pinnedTarget.current !== target) return;
      tableRef.current?.scrollToIndex(target);
      const top = tableRef.current?.scroller()?.scrollTop;
      if (top !== undefined && top < target * ROW_PX - ROW_PX && ++tries < 600) requestAnimationFrame(go);
      else
        requestAnimationFrame(() => {
          // the jump's own scroll events were ignored: the page is where it landed (one that came before the jump,
          // at the old offset, must not stay on the paginator); a scroller clamped at the list's end still shows the
          // target row, and so does one a re-read clamped in this frame while the pin holds (the pin scrolls it back,
          // and its scroll events are ignored too): then the page is the target's
          const scroller = tableRef.current?.scroller();
          if (!scroller) return;
          const top = Math.round(scroller.scrollTop / ROW_PX);
          const shows = target >= top && target < top + Math.max(1, Math.floor(scroller.clientHeight / ROW_PX));
          setPage(Math.floor((shows || pinnedTarget.current === target ? target : top) / pageSize));
        });
    };
    go();
  }, [jumps, rows, pageSize]);

  // (one function while the path stays: the filter bar is memoized on it)
  const apply = useCallback(
    (next: Record<string, string>) => {
      const qs = new URLSearchParams(Object.entries(next).filter(([, v]) => v !== '' && v !== undefined)).toString();
      navigate(qs ? `${location}?${qs}` : location, { replace: true });
    },
    [location, navigate],
  );

  // the row whose detail panel is open (def.detail)
  const [opened, setOpened] = useState<T | null>(null);
  // Esc closes the detail panel wherever focus is: a re-read of the list can re-render the dialog, and PrimeReact then
  // no longer hears Esc until the dialog is focused again
  useEffect(() => {
    if (opened === null) return;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setOpened(null);
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [opened]);
  const columns = useMemo(() => def.columns.filter((c) => !c.visible || c.visible(viewer)), [def, viewer]);
  // one array while the screen and viewer stay, so rows already rendered are skipped on re-render
  const tableColumns = useMemo<VirtualColumn<T>[]>(
    () => [
      { key: '#serial', header: t('table.serial'), width: '4rem', cell: (_r, i) => i + 1 },
      ...columns.map((c) => ({ key: c.field, header: t(c.header), width: c.width, cell: (r: T) => c.render?.(r, viewer) ?? cellText(c, r, viewer) })),
      ...(def.actions ? [{ key: '#actions', header: t('table.operations'), className: 'col-actions', cell: (r: T) => def.actions!(r) }] : []),
    ],
    [columns, def, viewer, t],
  );
  const key = primaryKeyOf(def.collection);
  const rowKey = useCallback((r: T, i: number) => {
    const k = (r as Record<string, unknown>)[key];
    return typeof k === 'string' || typeof k === 'number' ? k : `#${i}`;
  }, [key]);
  const widgets = useFilterWidgets(mounted);
  const whole = useWholeResult(def, filters, { runtime, horizon, online, source: shown.source, count: shown.key === queryKey ? shown.count : undefined });
  // the summary is over the whole filtered result: the scan's, or the rows on screen once they are all of it (not the
  // cache's while it fills)
  const summary = def.summary ? (whole.summary ?? (shown.next === null && !loading && !whole.partial ? def.summary(rows) : null)) : undefined;

  // (one function while the query and the database stay: the filter bar is memoized on it)
  const exportAll = useCallback(async () => {
    if (!runtime) return;
    const out: T[] = [];
    let after: string | null = null;
    // the whole matching local set, page by page
    for (let i = 0; i < 2000; i++) {
      const page: { rows: Row[]; next: string | number | null } = await runQuery<Row>({ collection: def.collection, filters, limit: 500, after }, { db: runtime.db, online: false, horizon: 0 });
      out.push(...(page.rows as T[]));
      if (typeof page.next !== 'string') break;
      after = page.next;
    }
    await downloadXlsx(t(def.title), [t('table.serial'), ...columns.map((c) => t(c.header))], out.map((r, i) => [String(i + 1), ...columns.map((c) => cellText(c, r, viewer))]));
  }, [runtime, def, filters, columns, viewer, t]);

  if (!mounted) return <div className="table-screen" data-testid={`screen-${def.path.slice(1)}`} aria-busy="true" />;
  return (
    <div className="table-screen" data-testid={`screen-${def.path.slice(1)}`} data-source={shown.source} aria-busy={!emptyKnown && rows.length === 0}>
      <FilterBar def={def} viewer={viewer} params={params} draft={draft} setDraft={setDraft} apply={apply} onExport={exportAll} prodType={prodTypeOf(filters)} widgets={widgets} />
      {shown.cachedOnly && <Message data-testid="cached-only" severity="warn" text={t('table.cachedOnly')} />}
      {/* first-sync rows get no hint: they are the rows the cache is about to hold, and a note that vanishes a second
          later would only move the table */}
      {shown.source === 'past-window' && <Message severity="info" text={t('table.fromServer')} />}
      {!widgets ? <PaginatorStandIn pageSize={pageSize} /> : <Paginator
        data-testid="table-paginator"
        first={page * pageSize}
        rows={pageSize}
        // at least the rows loaded and the page shown: the paginator moves to its last page when the total falls below
        // the page shown, and while the count is recomputed, or read from a cache still filling (fewer rows than the
        // platform's pages on screen), that sent a jump in progress back a page
        totalRecords={Math.max(whole.count?.total ?? 0, rows.length, (page + 1) * pageSize)}
        rowsPerPageOptions={[...PAGE_SIZES]}
        template={{
          layout: 'FirstPageLink PrevPageLink PageLinks NextPageLink LastPageLink RowsPerPageDropdown JumpToPageInput',
          // PrimeReact's own input drops a page past the pages it counts: while the total is still counted (the
          // platform's first pages on screen) that is every page past the rows loaded, and typing 5 did nothing; a
          // jump past the end stops at the last row instead
          JumpToPageInput: (o) => (
            <InputNumber
              value={o.value}
              className={o.className}
              disabled={o.disabled}
              aria-label={t('table.jumpToPage')}
              min={1}
              max={whole.count?.exact ? Math.max(1, Math.ceil(whole.count.total / pageSize)) : undefined}
              useGrouping={false}
              onChange={(e) => e.value !== null && requestPage(e.value - 1)}
            />
          ),
        }}
        onPageChange={(e) => (e.rows !== pageSize ? apply({ ...params, size: String(e.rows) }) : requestPage(e.page))}
      />}
      <VirtualTable
        ref={tableRef}
        rows={rows}
        rowKey={rowKey}
        columns={tableColumns}
        rowHeight={ROW_PX}
        height="calc(100vh - 260px)"
        label={t(def.title)}
        empty={emptyKnown ? t('table.empty') : <TableSkeleton columns={tableColumns.length} label={t('operator.table.loading')} />}
        onRange={(r) => {
          lastIndex.current = r.last;
          const p = Math.floor(r.first / pageSize);
          if (pinnedTarget.current === null) setPage((cur) => (cur === p ? cur : p));
          if (r.last >= rows.length - 5) void loadMore();
        }}
        header={
          <TableTotal whole={whole} lang={viewer.lang} />
        }
        footer={
          summary === undefined ? undefined : summary === null ? (
            <div data-testid="table-summary">{t('table.summary')}: {t('operator.table.counting')}</div>
          ) : (
            <div data-testid="table-summary">{t('table.summary')}: {columns.filter((c) => summary[c.field as keyof typeof summary]).map((c) => `${t(c.header)} ${summary[c.field as keyof typeof summary]}`).join(' · ')}</div>
          )
        }
        rowClassName={(r) => ((r as { pending?: string }).pending ? 'row-pending' : '')}
        onOpen={def.detail ? (r) => setOpened(r) : undefined}
        onUserScroll={() => void (pinnedTarget.current = null)}
      />
      {def.detail && (
        <Dialog data-testid="detail-panel" header={t('operator.detail.title')} visible={opened !== null} onHide={() => setOpened(null)} style={{ width: 'min(640px, 95vw)' }} dismissableMask>
          {opened !== null && def.detail(opened, viewer)}
        </Dialog>
      )}
    </div>
  );
}
