import { createHttpClient } from '../http/http-client';
import { openRecordStore, type TableOf } from '../store/record-store';
import { openLocalSearch, type LocalSearch } from '../search/side-store';
import { createReplicator, type Replicator } from './replication';
import { followChanges, httpPull } from './replication-http';
import type { WorkerCommand, WorkerReport } from './sync-worker-protocol';

// The replication of the leading tab, in a dedicated Worker: fetching, parsing and writing pages (a 5,000-record
// page is about 2.5 MB of JSON and as much structured cloning into IndexedDB) stay off the main thread, so the
// screens keep scrolling during a backfill. Screens hear the writes on the change channel (local-changes.ts).

const scope = self as unknown as {
  postMessage(m: WorkerReport): void;
  onmessage: ((e: MessageEvent<WorkerCommand>) => void) | null;
};
const post = (m: WorkerReport) => scope.postMessage(m);

let rep: Replicator | null = null;
let lastInteraction = 0;
/** A backfill page waits while the user scrolls (and QUIET_MS after): two cores cannot write 5,000 records and
 * draw frames at the same time, and the frames matter more. */
const QUIET_MS = 300;
async function quietScreen(): Promise<void> {
  for (let wait = lastInteraction + QUIET_MS - Date.now(); wait > 0; wait = lastInteraction + QUIET_MS - Date.now()) {
    await new Promise((r) => setTimeout(r, wait));
  }
}
let token: string | null = null;
let close = () => {};
let search: LocalSearch | null = null;
let searchLoad: { rebuilt: boolean; ms: number; why: string } | null = null;

async function start(m: Extract<WorkerCommand, { type: 'start' }>) {
  token = m.token;
  // the search columns hear every write from the start; they load (or rebuild) beside the first pulls
  let tables: TableOf | null = null;
  const s = openLocalSearch({ dbName: m.dbName, tableOf: (name) => tables!(name) });
  const store = openRecordStore(m.dbName, m.dbToken, undefined, s.hook);
  tables = store.tableOf;
  search = s;
  void s.ready.then(
    (r) => {
      searchLoad = r;
      post({ type: 'searchReady', ...r });
    },
    (err) => console.warn('search columns not loaded', err),
  );
  const client = createHttpClient({
    baseUrl: m.baseUrl,
    getToken: () => token,
    getLanguage: () => m.language,
    onUnauthorized: () => post({ type: 'unauthorized' }),
  });
  const r = createReplicator({ store, pull: httpPull(client), beforeBackfillWrite: quietScreen });
  rep = r;
  r.progress$.subscribe((progress) => post({ type: 'progress', progress }));
  void r.backfilled().then(() => post({ type: 'backfilled' }));
  // the search columns' staleness check reads RxDB before this session's first write
  await s.checked;
  await r.start();
  const stopStream = followChanges({
    baseUrl: client.baseUrl,
    getToken: () => token,
    onChanged: (resource) => void r.notify(resource),
    onStatus: (up) => up && void r.notify(),
  });
  close = () => {
    stopStream();
    store.close();
    s.close();
  };
}

scope.onmessage = (e) => {
  const m = e.data;
  const reply = (id: number) => () => post({ type: 'reply', id });
  switch (m.type) {
    case 'start':
      void start(m).catch((err) => post({ type: 'failed', message: String((err as Error)?.message ?? err) }));
      break;
    case 'token':
      token = m.token;
      break;
    case 'online':
      rep?.setOnline(m.online);
      break;
    case 'interactive':
      lastInteraction = Date.now();
      break;
    case 'notify':
      void rep?.notify(m.resource);
      break;
    case 'search': {
      const t0 = performance.now();
      const answer = search?.isReady() ? search.index.search(m.query, m.count) : null;
      if (answer) answer.ms = performance.now() - t0;
      post({ type: 'searched', id: m.id, answer });
      break;
    }
    case 'searchStats':
      post({
        type: 'searchStats',
        id: m.id,
        stats:
          search?.isReady() && searchLoad
            ? { ...search.index.stats(), loadMs: searchLoad.ms, rebuilt: searchLoad.rebuilt, why: searchLoad.why }
            : null,
      });
      break;
    case 'setWindow':
      void (rep ? rep.setWindow(m.window) : Promise.resolve()).finally(reply(m.id));
      break;
    case 'stop':
      void (rep ? rep.stop() : Promise.resolve()).finally(() => {
        close();
        reply(m.id)();
      });
      break;
  }
};
