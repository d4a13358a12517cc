import { BehaviorSubject } from 'rxjs';
import type { Language } from '../../contract/constants';
import type { LocalDb } from '../store/local-db';
import { registerSearcher } from '../search/local-search';
import type { Query } from '../query/query-types';
import { recordStoreOf } from '../store/record-store';
import { readWindow, writeWindow } from '../store/cache-window';
import type { Replicator } from './replication';
import { startingProgress, type SyncProgress } from './sync-progress';
import type { SearchAnswer } from '../query/query-types';
import type { SearchStats, WorkerCommand, WorkerReport } from './sync-worker-protocol';

// The console's side of the sync worker: the same Replicator face the screens already use. Only the leading tab
// starts a worker; the others stay followers and read what the leader writes.

export interface WorkerReplicatorOptions {
  db: LocalDb;
  baseUrl: string;
  getToken: () => string | null;
  language: Language;
  /** resolves when this tab leads (RxDB leader election). */
  leadership: () => Promise<void>;
  onUnauthorized?: () => void;
  /** makes the worker; injectable so a bundler sees `new Worker(new URL(...))` where it can rewrite it. */
  spawn: () => Worker;
}

export type WorkerReplicator = Replicator & {
  setToken(token: string | null): void;
  /** the user scrolled or typed: the worker holds its next backfill write. */
  interactive(): void;
  /** the search columns' size and load time (null before they are loaded, or in a follower). */
  searchStats(): Promise<SearchStats | null>;
};

export function createWorkerReplicator(o: WorkerReplicatorOptions): WorkerReplicator {
  const progress$ = new BehaviorSubject<SyncProgress>(startingProgress());
  const store = recordStoreOf(o.db);
  let worker: Worker | null = null;
  let stopped = false;
  let nextId = 1;
  let lastInteractive = 0;
  const replies = new Map<number, () => void>();
  const answers = new Map<number, (a: SearchAnswer | null) => void>();
  const statsReplies = new Map<number, (s: SearchStats | null) => void>();
  let unregister = () => {};
  const searcher = {
    search(query: Query, count: boolean): Promise<SearchAnswer | null> {
      if (!worker) return Promise.resolve(null);
      const id = nextId++;
      return new Promise((resolve) => {
        answers.set(id, resolve);
        send({ type: 'search', id, query, count });
      });
    },
  };
  let backfilledResolve: () => void = () => {};
  const backfilled = new Promise<void>((r) => (backfilledResolve = r));

  const send = (m: WorkerCommand) => worker?.postMessage(m);
  function request(m: { type: 'setWindow' | 'stop' } & Record<string, unknown>): Promise<void> {
    if (!worker) return Promise.resolve();
    const id = nextId++;
    return new Promise((resolve) => {
      replies.set(id, resolve);
      send({ ...m, id } as WorkerCommand);
    });
  }

  function onReport(m: WorkerReport) {
    if (m.type === 'progress') progress$.next(m.progress);
    else if (m.type === 'backfilled') backfilledResolve();
    else if (m.type === 'unauthorized') o.onUnauthorized?.();
    else if (m.type === 'failed') progress$.next({ ...progress$.value, error: m.message });
    else if (m.type === 'searchReady') unregister = registerSearcher(o.db.name, searcher);
    else if (m.type === 'searchStats') {
      statsReplies.get(m.id)?.(m.stats);
      statsReplies.delete(m.id);
    } else if (m.type === 'searched') {
      answers.get(m.id)?.(m.answer);
      answers.delete(m.id);
    } else if (m.type === 'reply') {
      replies.get(m.id)?.();
      replies.delete(m.id);
    }
  }

  return {
    progress$,
    backfilled: () => backfilled,
    async start() {
      progress$.next({ ...progress$.value, phase: 'follower', leader: false });
      await o.leadership();
      if (stopped) return;
      worker = o.spawn();
      worker.onmessage = (e: MessageEvent<WorkerReport>) => onReport(e.data);
      worker.onerror = (e) => {
        // a failed worker answers no more searches: the index path takes over
        unregister();
        for (const resolve of answers.values()) resolve(null);
        answers.clear();
        progress$.next({ ...progress$.value, error: e.message || 'sync worker failed' });
      };
      send({
        type: 'start',
        dbName: o.db.name,
        dbToken: o.db.token,
        baseUrl: o.baseUrl,
        token: o.getToken(),
        language: o.language,
      });
    },
    async notify(resource) {
      send({ type: 'notify', resource });
    },
    getWindow: () => readWindow(store),
    async setWindow(w) {
      // a follower keeps the setting for the leader's next start; the leader's worker applies it now
      if (worker) await request({ type: 'setWindow', window: w });
      else await writeWindow(store, w);
    },
    setOnline(online) {
      progress$.next({ ...progress$.value, online });
      send({ type: 'online', online });
    },
    searchStats() {
      if (!worker) return Promise.resolve(null);
      const id = nextId++;
      return new Promise((resolve) => {
        statsReplies.set(id, resolve);
        send({ type: 'searchStats', id });
      });
    },
    setToken(token) {
      send({ type: 'token', token });
    },
    interactive() {
      // at most one message per 100 ms: scroll events come once per frame
      const t = Date.now();
      if (t - lastInteractive < 100) return;
      lastInteractive = t;
      send({ type: 'interactive' });
    },
    async stop() {
      stopped = true;
      unregister();
      for (const resolve of answers.values()) resolve(null);
      answers.clear();
      // a worker that does not answer within a second is ended anyway: the page is going
      await Promise.race([request({ type: 'stop' }), new Promise((r) => setTimeout(r, 1000))]);
      worker?.terminate();
      worker = null;
      progress$.next({ ...progress$.value, phase: 'stopped' });
    },
  };
}
