import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LocalDb } from '../store/local-db';
import { localMt, openTestDb, removeTestDb } from '../store/local-db.fixtures';
import { recordStoreOf } from '../store/record-store';
import { createReplicator, QUOTA_ERROR, type PullAnswer } from './replication';

let db: LocalDb | null = null;
afterEach(async () => {
  if (db) await removeTestDb(db);
  db = null;
});

// a page's record as the feed sends it: newest first, seq falling with age
const doc = (i: number) => localMt(`q${i}`, Date.now() - i * 1000, { seq: 1000 - i });

describe('replication when the browser runs out of storage', () => {
  it('keeps what fits, says so, and stops pulling the backfill instead of retrying', async () => {
    db = await openTestDb('quota');
    const store = recordStoreOf(db);
    let puts = 0;
    const full = {
      ...store,
      put: async (name: Parameters<typeof store.put>[0], docs: Parameters<typeof store.put>[1]) => {
        // the second page does not fit
        if (++puts > 1)
          throw Object.assign(new Error('Transaction aborted'), {
            name: 'AbortError',
            inner: { name: 'QuotaExceededError' },
          });
        return store.put(name, docs);
      },
    };
    let pulls = 0; // backfill pages asked for
    const rep = createReplicator({
      store: full,
      resources: ['mtRecord'],
      pageSize: 10,
      retryMs: 20,
      pull: async (_r, req): Promise<PullAnswer> => {
        if (req.direction === 'forward') return { documents: [], checkpoint: null, highWater: 1000 };
        pulls++;
        const limit = Number(req.limit);
        const from = req.checkpoint ? 1000 - req.checkpoint.seq + 1 : 0;
        return {
          documents: Array.from({ length: limit }, (_, i) => doc(from + i)),
          checkpoint: { seq: 1000 - (from + limit - 1) },
          highWater: 1000,
        };
      },
    });
    await rep.start();
    await rep.backfilled();
    expect(rep.progress$.value.resources.mtRecord).toMatchObject({ phase: 'live', error: QUOTA_ERROR });
    // the first page (100) fitted
    expect(await store.count('mt_records')).toBe(100);
    const settled = pulls;
    await new Promise((r) => setTimeout(r, 200));
    // no retry loop: no further backfill pages are pulled
    expect(pulls - settled).toBe(0);
    await rep.stop();
  });
});

describe('replication yielding to the user', () => {
  it('holds each backfill write until beforeBackfillWrite lets it go', async () => {
    db = await openTestDb('yield');
    const store = recordStoreOf(db);
    let release: () => void = () => {};
    let held = 0;
    const rep = createReplicator({
      store,
      resources: ['mtRecord'],
      retryMs: 20,
      beforeBackfillWrite: () => {
        held++;
        return new Promise<void>((r) => (release = r));
      },
      pull: async (_r, req): Promise<PullAnswer> =>
        req.direction === 'forward'
          ? { documents: [], checkpoint: null, highWater: 1000 }
          : { documents: [doc(0), doc(1)], checkpoint: null, highWater: 1000 },
    });
    void rep.start();
    await vi.waitFor(() => expect(held).toBe(1));
    expect(await store.count('mt_records')).toBe(0);
    release();
    await rep.backfilled();
    expect(await store.count('mt_records')).toBe(2);
    await rep.stop();
  });

  it('asks for no further backfill page while a write is held', async () => {
    db = await openTestDb('yield2');
    const store = recordStoreOf(db);
    let release: () => void = () => {};
    let held = 0;
    let pulls = 0;
    let hold = true;
    const rep = createReplicator({
      store,
      resources: ['mtRecord'],
      pageSize: 10,
      retryMs: 20,
      beforeBackfillWrite: () => {
        held++;
        return hold ? new Promise<void>((r) => (release = r)) : Promise.resolve();
      },
      pull: async (_r, req): Promise<PullAnswer> => {
        if (req.direction === 'forward') return { documents: [], checkpoint: null, highWater: 1000 };
        pulls++;
        // pages of 10 (the first page may ask for more), three in all
        const from = req.checkpoint ? 1000 - req.checkpoint.seq + 1 : 0;
        const limit = Math.min(10, Number(req.limit));
        return {
          documents: Array.from({ length: limit }, (_, i) => doc(from + i)),
          checkpoint: from + limit >= 30 ? null : { seq: 1000 - (from + limit - 1) },
          highWater: 1000,
        };
      },
    });
    void rep.start();
    await vi.waitFor(() => expect(held).toBe(1));
    // the first page waits, and the page after it has not been asked for (the platform and the parsing stay idle)
    expect(pulls).toBe(1);
    release();
    await vi.waitFor(() => expect(held).toBe(2));
    expect(pulls).toBe(2);
    hold = false;
    release();
    await rep.backfilled();
    expect(pulls).toBe(3);
    expect(await store.count('mt_records')).toBe(30);
    await rep.stop();
  });
});

describe('replication stopped while it starts', () => {
  it('a database closed under it (a lock, a logout) ends the pulls without an unhandled rejection', async () => {
    db = await openTestDb('closing');
    const store = recordStoreOf(db);
    let closed = false;
    const closedError = () => Object.assign(new Error('Database has been closed'), { name: 'DatabaseClosedError' });
    // every read and write of a closed database fails, as Dexie's do
    const closing = {
      ...store,
      readState: async <T>(id: string) => (closed ? Promise.reject(closedError()) : store.readState<T>(id)),
      put: async (...a: Parameters<typeof store.put>) => (closed ? Promise.reject(closedError()) : store.put(...a)),
    };
    const unhandled: unknown[] = [];
    const onUnhandled = (e: unknown) => unhandled.push(e);
    process.on('unhandledRejection', onUnhandled);
    let firstPull: () => void = () => {};
    const gate = new Promise<void>((r) => (firstPull = r));
    let asked = 0;
    const rep = createReplicator({
      store: closing,
      resources: ['mtRecord', 'moRecord'],
      retryMs: 20,
      pull: async (_r, req): Promise<PullAnswer> => {
        if (req.direction === 'forward') return { documents: [], checkpoint: null, highWater: 1000 };
        asked++;
        await gate;
        return { documents: [doc(0)], checkpoint: null, highWater: 1000 };
      },
    });
    const started = rep.start();
    await vi.waitFor(() => expect(asked).toBe(1));
    // the lock: the replication is stopped and its database closed while the first page is on its way
    await rep.stop();
    closed = true;
    firstPull();
    await started;
    // the second resource started after the first page and could not read its state: that is not thrown anywhere
    await new Promise((r) => setTimeout(r, 100));
    process.off('unhandledRejection', onUnhandled);
    expect(unhandled).toEqual([]);
    expect(rep.progress$.value.phase).toBe('stopped');
  });
});
