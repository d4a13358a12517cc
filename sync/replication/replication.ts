import { BehaviorSubject } from 'rxjs';
import { FEED_RESOURCES, type FeedResource, type PullRequest } from '../../contract/endpoints/feed.endpoints';
import {
  COLLECTION_OF_RESOURCE,
  kHigh,
  RECORD_COLLECTIONS,
  timeOf,
  toLocal,
  type RecordCollectionName,
} from '../store/local-db';
import type { RecordStore } from '../store/record-store';
import { startingProgress, type ResourceProgress, type SyncProgress } from './sync-progress';
import { readWindow, validWindow, writeWindow, type CacheWindow } from '../store/cache-window';

// Pull replication: per resource, a newest-first backfill down to the cache horizon,
// then forward catch-up from the high-water mark, triggered by the platform's "changed" notices. Pages are written
// in one bulk put each through the record store. Backfill pages and forward pulls of one resource run
// one at a time, so a forward write (newer) always lands after any backfill write of the same document.

export interface PullAnswer {
  documents: Record<string, unknown>[];
  checkpoint: { seq: number } | null;
  highWater: number;
}
export type PullFn = (resource: FeedResource, req: PullRequest) => Promise<PullAnswer>;

const DAY_MS = 86_400_000;
const FIRST_PAGE = 100;

interface ResourceState {
  /** continue the backfill below this seq; null = from the top. */
  backfillSeq: number | null;
  backfillDone: boolean;
  /** forward pulls start above this seq. */
  forwardSeq: number | null;
  /** the horizon (epoch ms) this backfill runs down to. */
  since: number;
  /** documents the backfill wrote (for the record cap). */
  filled: number;
}

export interface ReplicatorOptions {
  store: RecordStore;
  pull: PullFn;
  now?: () => number;
  /** documents per pull (the feed allows up to 10,000). */
  pageSize?: number;
  resources?: FeedResource[];
  /** resolves when this instance may replicate (one tab of many); absent: at once. */
  leadership?: () => Promise<void>;
  /** delay before retrying after a failed pull. */
  retryMs?: number;
  /** awaited before each backfill page is written and the next one asked for: lets the user's scrolling have the
   * cores first. */
  beforeBackfillWrite?: () => Promise<void>;
}

export interface Replicator {
  progress$: BehaviorSubject<SyncProgress>;
  /** resolves once this instance leads and has started (never for followers). */
  start(): Promise<void>;
  /** a "changed" notice, or "pull now": forward catch-up of one resource (or all). */
  notify(resource?: FeedResource): Promise<void>;
  /** resolves when every backfill has reached its horizon. */
  backfilled(): Promise<void>;
  getWindow(): Promise<CacheWindow>;
  /** changes the cache window: evicts what falls outside, backfills further when it grew. */
  setWindow(w: CacheWindow): Promise<void>;
  setOnline(online: boolean): void;
  stop(): Promise<void>;
}

/** progress.error when the browser's storage quota stopped a backfill (an i18n key). */
export const QUOTA_ERROR = 'sync.quotaFull';
const isQuotaError = (e: unknown) => {
  const err = e as { name?: string; message?: string; inner?: { name?: string } } | null;
  return /QuotaExceeded/i.test(`${err?.name} ${err?.message} ${err?.inner?.name}`);
};

const EVICTED_ID = 'evicted';

export function createReplicator(o: ReplicatorOptions): Replicator {
  const store = o.store;
  const now = o.now ?? Date.now;
  const pageSize = o.pageSize ?? 5000;
  const retryMs = o.retryMs ?? 3000;
  const resources = o.resources ?? (Object.keys(FEED_RESOURCES) as FeedResource[]);
  const progress$ = new BehaviorSubject<SyncProgress>(startingProgress(resources));
  let stopped = false;
  let running = false;
  const locks = new Map<FeedResource, Promise<unknown>>();
  const pendingNotice = new Set<FeedResource>();
  let backfillDone: Promise<void> = new Promise(() => {});
  let resolveBackfilled: () => void = () => {};
  backfillDone = new Promise((r) => (resolveBackfilled = r));
  let wakeUp: (() => void) | null = null;

  function exclusive<T>(resource: FeedResource, fn: () => Promise<T>): Promise<T> {
    const prev = locks.get(resource) ?? Promise.resolve();
    const next = prev.then(fn, fn);
    locks.set(
      resource,
      next.catch(() => undefined),
    );
    return next;
  }

  function update(resource: FeedResource | null, patch: Partial<ResourceProgress>, top: Partial<SyncProgress> = {}) {
    const cur = progress$.value;
    const res = resource ? { ...cur.resources, [resource]: { ...cur.resources[resource], ...patch } } : cur.resources;
    const list = Object.values(res);
    const anyBackfill = list.some((r) => r.phase !== 'live');
    const phase =
      top.phase ??
      (cur.phase === 'stopped' || cur.phase === 'follower' ? cur.phase : anyBackfill ? 'backfill' : 'live');
    progress$.next({
      ...cur,
      ...top,
      phase,
      resources: res,
      synced: list.reduce((s, r) => s + r.synced, 0),
      fraction: list.reduce((s, r) => s + (r.phase === 'live' ? 1 : r.fraction), 0) / list.length,
      error: list.find((r) => r.error)?.error ?? null,
    });
  }

  const getWindow = () => readWindow(store);

  /** Writes one page: live documents upserted, tombstones removed. `onlyNewer` (a forward page): none older than the
   * copy here, a command's result written locally with the row's new seq (outbox.ts) that a pull which left before
   * the command must not undo. */
  async function apply(resource: FeedResource, docs: Record<string, unknown>[], onlyNewer = false): Promise<number> {
    const name = COLLECTION_OF_RESOURCE[resource];
    const pk = RECORD_COLLECTIONS[name].primaryKey;
    const live: Record<string, unknown>[] = [];
    const gone: { id: string; seq: number }[] = [];
    for (const d of docs) {
      if (d.deleted) gone.push({ id: String(d[pk]), seq: Number(d.seq) });
      else live.push(toLocal(name, d));
    }
    if (onlyNewer) return store.putNewer(name, live, gone);
    await store.put(name, live);
    await store.remove(
      name,
      gone.map((g) => g.id),
    );
    return live.length;
  }

  function pullBackfill(resource: FeedResource, st: ResourceState): Promise<PullAnswer> {
    // a small first page puts the first screen up at once; then large pages for throughput
    const limit = st.backfillSeq === null && st.filled === 0 ? FIRST_PAGE : pageSize;
    return o.pull(resource, {
      checkpoint: st.backfillSeq === null ? null : { seq: st.backfillSeq },
      limit,
      direction: 'backfill',
      since: st.since,
    });
  }

  async function applyBackfill(resource: FeedResource, st: ResourceState, res: PullAnswer, cap: number): Promise<void> {
    try {
      await applyPage(resource, st, res, cap);
    } finally {
      if (resource === resources[0]) firstPageDone();
    }
  }

  async function applyPage(resource: FeedResource, st: ResourceState, res: PullAnswer, cap: number): Promise<void> {
    if (st.forwardSeq === null) st.forwardSeq = res.highWater;
    // documents a forward pull already wrote are newer than any backfill copy: never overwrite them
    const newer = forwardIds.get(resource);
    const pk = RECORD_COLLECTIONS[COLLECTION_OF_RESOURCE[resource]].primaryKey;
    const docs = newer?.size ? res.documents.filter((d) => !newer.has(String(d[pk]))) : res.documents;
    const written = await apply(resource, docs);
    st.filled += written;
    st.backfillSeq = res.checkpoint?.seq ?? null;
    st.backfillDone = res.checkpoint === null || st.filled >= cap;
    if (st.backfillDone) forwardIds.delete(resource);
    await store.writeState(resource, st);
    const last = res.documents[res.documents.length - 1];
    const reached = last ? timeOf(COLLECTION_OF_RESOURCE[resource], last) : st.since;
    const span = Math.max(1, now() - st.since);
    const cur = progress$.value.resources[resource];
    update(resource, {
      synced: cur.synced + written,
      fraction: st.backfillDone ? 1 : Math.min(1, Math.max(cur.fraction, (now() - reached) / span)),
      phase: st.backfillDone ? 'live' : 'backfill',
      error: null,
    });
  }

  /** Forward catch-up: pull above forwardSeq until the feed has nothing more. */
  async function forward(resource: FeedResource, st: ResourceState): Promise<void> {
    if (st.forwardSeq === null) return;
    for (;;) {
      const res = await o.pull(resource, { checkpoint: { seq: st.forwardSeq }, limit: pageSize, direction: 'forward' });
      if (res.documents.length === 0) break;
      if (!st.backfillDone) {
        const pk = RECORD_COLLECTIONS[COLLECTION_OF_RESOURCE[resource]].primaryKey;
        const ids = forwardIds.get(resource) ?? new Set<string>();
        for (const d of res.documents) ids.add(String(d[pk]));
        forwardIds.set(resource, ids);
      }
      const written = await apply(resource, res.documents, true);
      st.forwardSeq = Math.max(st.forwardSeq, ...res.documents.map((d) => Number(d.seq)));
      await store.writeState(resource, st);
      update(resource, { synced: progress$.value.resources[resource].synced + written, error: null });
      if (res.documents.length < pageSize || res.checkpoint === null) break;
    }
  }

  const states = new Map<FeedResource, ResourceState>();
  const forwardIds = new Map<FeedResource, Set<string>>();
  let firstPageDone: () => void = () => {};
  const firstPage = new Promise<void>((r) => (firstPageDone = r));

  async function loadState(resource: FeedResource, w: CacheWindow): Promise<ResourceState> {
    // collections kept whole (templates, address books) backfill everything: their horizon is the epoch
    const since = RECORD_COLLECTIONS[COLLECTION_OF_RESOURCE[resource]].keepAll ? 0 : now() - w.days * DAY_MS;
    const saved = await store.readState<ResourceState>(resource);
    // a grown window (older horizon) backfills again from the top: documents already here are overwritten in place.
    if (saved && saved.since <= since + DAY_MS) return saved;
    return { backfillSeq: null, backfillDone: false, forwardSeq: saved?.forwardSeq ?? null, since, filled: 0 };
  }

  function failed(resource: FeedResource, e: unknown) {
    const err = e as { kind?: string; message?: string };
    const offline = err?.kind === 'network' || err?.kind === 'timeout';
    update(
      resource,
      { error: offline ? null : isQuotaError(e) ? QUOTA_ERROR : String(err?.message ?? e) },
      offline ? { online: false } : {},
    );
  }

  const sleep = (ms: number) =>
    new Promise<void>((r) => {
      const t = setTimeout(() => {
        wakeUp = null;
        r();
      }, ms);
      wakeUp = () => {
        clearTimeout(t);
        wakeUp = null;
        r();
      };
    });

  async function runResource(resource: FeedResource) {
    const w = await getWindow();
    const st = await loadState(resource, w);
    states.set(resource, st);
    update(resource, { phase: st.backfillDone ? 'live' : 'backfill', fraction: st.backfillDone ? 1 : 0 });
    // the next page is fetched while the current one is written (network and parsing overlap the IndexedDB work)
    let next: Promise<PullAnswer> | null = null;
    while (!stopped && !st.backfillDone) {
      try {
        const res = await (next ?? pullBackfill(resource, st));
        next = null;
        // while the user scrolls, neither this write nor the next pull (the platform's work and its parsing) starts
        await o.beforeBackfillWrite?.();
        if (res.checkpoint && st.filled + res.documents.length < w.recordCap) {
          const ahead = { ...st, backfillSeq: res.checkpoint.seq, filled: st.filled + res.documents.length };
          next = pullBackfill(resource, ahead);
          next.catch(() => undefined);
        }
        await exclusive(resource, () => applyBackfill(resource, st, res, w.recordCap));
        if (!progress$.value.online) update(null, {}, { online: true });
      } catch (e) {
        next = null;
        if (isQuotaError(e)) {
          // the browser gives no more room: keep what fits and follow the feed from here, rather than retry forever
          st.backfillDone = true;
          await store.writeState(resource, st).catch(() => undefined);
          update(resource, { phase: 'live', fraction: 1, error: QUOTA_ERROR });
          break;
        }
        failed(resource, e);
        await sleep(retryMs);
      }
    }
    await catchUp(resource);
  }

  async function catchUp(resource: FeedResource): Promise<void> {
    const st = states.get(resource);
    if (!st || stopped) return;
    try {
      await exclusive(resource, () => forward(resource, st));
      if (!progress$.value.online) update(null, {}, { online: true });
    } catch (e) {
      failed(resource, e);
      pendingNotice.add(resource);
    }
  }

  /** Evicts records older than the horizon, and beyond the record cap, oldest first. */
  async function evict(w: CacheWindow) {
    const horizon = now() - w.days * DAY_MS;
    for (const name of Object.keys(RECORD_COLLECTIONS) as RecordCollectionName[]) {
      if (RECORD_COLLECTIONS[name].keepAll) continue;
      for (;;) {
        const old = await store.keysOlderThan(name, kHigh(horizon), 5000);
        if (old.length === 0) break;
        await store.remove(name, old);
      }
      const extra = (await store.count(name)) - w.recordCap;
      if (extra > 0) await store.remove(name, await store.oldestKeys(name, extra));
    }
    await store.writeState(EVICTED_ID, { at: now() });
  }

  async function start() {
    if (running) return;
    running = true;
    if (o.leadership) {
      update(null, {}, { phase: 'follower', leader: false });
      await o.leadership();
      if (stopped) return;
    }
    update(null, {}, { leader: true, phase: 'backfill' });
    // eviction walks whole tables: at most daily, after the backfills, so it never delays the first screen
    // a new database holds nothing older than its horizon (backfills stop there): its first eviction is due tomorrow
    const lastEvicted = (await store.readState<{ at: number }>(EVICTED_ID))?.at ?? now();
    await store.writeState(EVICTED_ID, { at: lastEvicted });
    // the first resource (MT records, the busiest screen) gets its first page before the others start pulling
    const [lead, ...rest] = resources;
    const leadRun = runResource(lead);
    await Promise.race([firstPage, leadRun]);
    const all = Promise.all([leadRun, ...rest.map((r) => runResource(r))]);
    // a resource that cannot even read its state (the database closed by a stop or a lock) is reported, not thrown
    // into the worker as an unhandled rejection
    void all
      .then(async () => {
        if (now() - lastEvicted > DAY_MS && !stopped) await evict(await getWindow());
        resolveBackfilled();
      })
      .catch((e) => !stopped && failed(lead, e));
    // retries notices that failed while offline, and a slow safety poll in case a notice was missed
    void (async () => {
      let round = 0;
      while (!stopped) {
        await sleep(retryMs * 3);
        round++;
        const due = round % 2 === 0 ? resources : [...pendingNotice];
        pendingNotice.clear();
        for (const r of due) await catchUp(r);
      }
    })();
  }

  return {
    progress$,
    start,
    async notify(resource) {
      await Promise.all((resource ? [resource] : resources).map((r) => catchUp(r)));
    },
    backfilled: () => backfillDone,
    getWindow,
    async setWindow(w) {
      if (!validWindow(w)) throw new Error(`cache window out of bounds: ${JSON.stringify(w)}`);
      await writeWindow(store, w);
      await evict(w);
    },
    setOnline(online) {
      update(null, {}, { online });
      if (online) {
        wakeUp?.();
        for (const r of resources) void catchUp(r);
      }
    },
    async stop() {
      stopped = true;
      wakeUp?.();
      update(null, {}, { phase: 'stopped' });
      await Promise.all([...locks.values()]);
    },
  };
}
