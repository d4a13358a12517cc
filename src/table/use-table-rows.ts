import { startTransition, useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { throttleTime } from 'rxjs';
import { RECORD_COLLECTIONS } from '../../sync/store/local-db';
import { liveRead } from '../../sync/query/live-read';
import {
  changesOf,
  listEndpointFor,
  runQuery,
  type Filter,
  type PageResult,
  type Query,
  type QueryCollection,
} from '../../sync/query/query';
import { firstScreenShown } from '../data/first-screen';
import { progress$, type SyncRuntime } from '../data/sync-runtime';
import { api } from '../session/api';
import {
  answeredFirstPage,
  askFirstSyncPage,
  dropFirstSyncPage,
  FIRST_PAGE_WAIT_MS,
  freshFirstSyncPage,
  hasFirstSyncPage,
} from './first-sync-pages';
import {
  appendPage,
  keepShownRows,
  missesShownRows,
  pageOneSource,
  primaryKeyOf,
  type Row,
  type RowSource,
  type Shown,
} from './row-source';
import type { ScreenDefinition } from './screen-definition';
import { usePendingRows, useProjectedRows } from './use-pending-rows';
import { queryKeyOf } from './url-filters';

/** re-reads of the cache on its change notices at most this often: a backfill writes many pages a second */
const REFRESH_MS = 250;
const DAY = 86_400_000;

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
 * The rows of a table screen's query, headless: page 1 from the platform while the local cache cannot answer yet,
 * then from the cache, re-read as it changes so pulls and delivery reports show without reload; the platform again
 * when a range reaches past the cache window. Further pages load on `loadMore`; pending commands are projected over
 * the rows. `mounted`: the screen renders its filters and table (after its first commit, or at once with rows).
 */
export function useTableRows<T>(
  def: ScreenDefinition<T>,
  filters: Filter[],
  pageSize: number,
  queryKey: string,
  runtime: SyncRuntime | null,
  online: boolean,
) {
  const [horizon, setHorizon] = useState(0);
  const resourceLive = useResourceLive(def.collection);
  // (a cold start: the login chain's first list may already be here; a browser with a cache asks none)
  const [answered] = useState(() => answeredFirstPage(queryKey));
  const [shown, setShownState] = useState<Shown>(
    () => answered ?? { key: '', rows: [], next: null, source: 'local', cachedOnly: false },
  );
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
  const events = usePendingRows(runtime);
  const { localRead } = events;
  // no local database yet: ask the platform now, while rendering (once per query, see first-sync-pages.ts)
  if (!runtime && online && listEndpointFor({ collection: def.collection, filters, limit: pageSize })) {
    askFirstSyncPage(queryKey, { collection: def.collection, filters, limit: pageSize });
  }
  useEffect(() => () => dropFirstSyncPage(queryKey), [queryKey]);
  // Filters and table mount in a transition after the first commit: a request asked in this render leaves when the
  // (short) first task ends, and the screen renders while it travels. Rows already answered: the whole screen renders
  // at once. A first page already on its way (the login chain's): the screen renders whole with its rows when they
  // come (show() below), not its filters around a skeleton first (~40 ms that would hold the answer back); it waits
  // at most FIRST_PAGE_WAIT_MS, and a failed page mounts it at once.
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

  useEffect(() => {
    const key = queryKeyOf(def.collection, filters, pageSize);
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
      if (source === 'local') localRead();
      // a backfill writes older pages below the screen: a re-read that finds the same rows must not re-render them,
      // or scrolling stutters while the cache fills
      const rows = cur.key === key ? keepShownRows(cur.rows, page.rows) : page.rows;
      const same = cur.key === key && cur.source === source && cur.next === page.next && rows === cur.rows;
      if (!same) setShown({ key, rows, next: page.next, source, cachedOnly: page.cachedOnly, count: page.count });
      setLoading(false);
      // rows to show: the screen renders whole with them now, not in the transition above (which yields to every
      // other update, the menus' and the database's, while the rows wait)
      setMounted(true);
    };
    // the platform's rows of this query on screen (none once the cache took over)
    const platformShown = (): Row[] =>
      shownRef.current.key === key && shownRef.current.source === 'first-sync' ? shownRef.current.rows : [];
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
      const source = pageOneSource({
        online,
        listable,
        dbOpen: local !== null,
        resourceLive,
        localRows: local?.rows.length ?? 0,
        platformRows: shownRows.length,
        missingShown,
      });
      if (source === 'platform') {
        if (!shownRows.length) askPlatform();
      } else if (local) {
        localShown = true;
        dropFirstSyncPage(key);
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
    if (hasFirstSyncPage(key) && !platformShown().length) askPlatform();
    else if (!db) decide(null);
    if (!db || !horizon) return stop;
    // re-read on change notices (listened to before the first read, see liveRead), at most every REFRESH_MS
    const changes = changesOf(db, def.collection).pipe(
      throttleTime(REFRESH_MS, undefined, { leading: true, trailing: true }),
    );
    stopLive = liveRead(changes, readLocal, {
      first: (local) => {
        if (!(local.cachedOnly && online)) return (decide(local), true);
        void runQuery<Row>(q, { db, online, horizon, client: api })
          .catch(() => local)
          .then((res) => !cancelled && show(res, res.source === 'server' ? 'past-window' : 'local'));
        return false;
      },
      next: (page) => !cancelled && decide(page),
      error: () => !cancelled && setLoading(false),
    });
    return stop;
  }, [runtime, horizon, filters, pageSize, def.collection, online, resourceLive, setShown, localRead, answered]);

  /** The page being read: a second caller (a jump while scrolling loads) waits for it instead of returning at once. */
  const moreInFlight = useRef<Promise<void> | null>(null);
  function loadMore(): Promise<void> {
    if (moreInFlight.current) return moreInFlight.current;
    const run = readMore().finally(() => (moreInFlight.current = null));
    moreInFlight.current = run;
    return run;
  }
  // the database, connectivity and window now: a jump's page reads outlive the render that started them, and on a
  // cold start the database opens mid-jump (read from that render, the jump would stop short at the rows then loaded)
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
        const q: Query = {
          collection: def.collection,
          filters,
          limit: pageSize,
          after: typeof cur.next === 'string' ? cur.next : null,
        };
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

  const rows = useProjectedRows(def, shown.rows, events, filters);

  // a page that came short while the cache filled ended the list; the re-read after the next backfill page gives it a
  // cursor again, and the viewport already at the end sends no further scroll event: load on for it
  useEffect(() => {
    if (shown.next !== null && shown.rows.length > 0 && lastIndex.current >= shown.rows.length - 5) void loadMore();
    // loadMore reads shownRef; it is a new function every render
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [shown]);
  /** Whether an empty list is known to be empty: not while loading, nor while the cache still fills for local rows. */
  const emptyKnown =
    !loading &&
    (resourceLive ||
      shown.source !== 'local' ||
      !online ||
      !listEndpointFor({ collection: def.collection, filters, limit: pageSize }));
  // the first rows (or a list known empty) painted: an uncached account's database may open now (first-screen.ts)
  const settled = mounted && (rows.length > 0 || emptyKnown);
  useEffect(() => {
    if (!settled) return;
    const frame = requestAnimationFrame(() => setTimeout(firstScreenShown, 0));
    return () => cancelAnimationFrame(frame);
  }, [settled]);

  return { rows, shown, shownRef, loading, mounted, emptyKnown, horizon, loadMore, lastIndex };
}
