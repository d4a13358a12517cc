import { BehaviorSubject } from 'rxjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backfillComplete, backfilledNow, cacheComplete } from './cache-complete';
import type { LocalDb } from './local-db';
import { openTestDb, removeTestDb } from './local-db.fixtures';
import { recordStoreOf } from './record-store';
import { DEFAULT_CACHE_WINDOW, writeWindow } from './cache-window';
import { startingProgress, type SyncProgress } from '../replication/sync-progress';

const DAY = 86_400_000;
const NOW = Date.UTC(2026, 10, 25);
const since = NOW - 90 * DAY;

describe('a backfill is complete', () => {
  const w = DEFAULT_CACHE_WINDOW;
  it('once it reached the window horizon', () => {
    expect(backfillComplete({ backfillDone: true, filled: 14_100, since }, w, false, NOW)).toBe(true);
    expect(backfillComplete({ backfillDone: false, filled: 3_599, since }, w, false, NOW)).toBe(false);
    expect(backfillComplete(null, w, false, NOW)).toBe(false);
  });
  it('not when it stopped at the record cap, nor for a window grown since', () => {
    expect(backfillComplete({ backfillDone: true, filled: w.recordCap, since }, w, false, NOW)).toBe(false);
    expect(backfillComplete({ backfillDone: true, filled: 10, since }, { ...w, days: 365 }, false, NOW)).toBe(false);
    // collections kept whole have no horizon
    expect(backfillComplete({ backfillDone: true, filled: 10, since: 0 }, { ...w, days: 365 }, true, NOW)).toBe(true);
  });
});

describe('cacheComplete reads the replicator kept state', () => {
  let db: LocalDb;
  beforeAll(async () => {
    db = await openTestDb('cc');
  });
  afterAll(async () => removeTestDb(db));

  it('per collection, every resource it is pulled from', async () => {
    const store = recordStoreOf(db);
    expect(await cacheComplete(db, 'mt_records', NOW)).toBe(false);
    await store.writeState('mtRecord', { backfillSeq: 10, backfillDone: false, forwardSeq: 99, since, filled: 5000 });
    expect(await cacheComplete(db, 'mt_records', NOW)).toBe(false);
    await store.writeState('mtRecord', {
      backfillSeq: null,
      backfillDone: true,
      forwardSeq: 99,
      since,
      filled: 14_100,
    });
    expect(await cacheComplete(db, 'mt_records', NOW)).toBe(true);
    // a smaller record cap set since: the cache stopped short of the window
    await writeWindow(store, { days: 90, recordCap: 10_000 });
    expect(await cacheComplete(db, 'mt_records', NOW)).toBe(false);
    // the address book: groups and members
    await store.writeState('addressGroup', {
      backfillSeq: null,
      backfillDone: true,
      forwardSeq: 5,
      since: 0,
      filled: 3,
    });
    expect(await cacheComplete(db, 'address_book', NOW)).toBe(false);
    await store.writeState('addressMember', {
      backfillSeq: null,
      backfillDone: true,
      forwardSeq: 5,
      since: 0,
      filled: 300,
    });
    expect(await cacheComplete(db, 'address_book', NOW)).toBe(true);
    expect(await cacheComplete(db, 'events', NOW)).toBe(true);
  });
});

describe('backfilledNow', () => {
  it('emits when every resource of the collection turns live', () => {
    const progress = new BehaviorSubject<SyncProgress>(startingProgress());
    const seen: true[] = [];
    const sub = backfilledNow(progress, 'address_book').subscribe((v) => seen.push(v));
    const phase = (r: 'addressGroup' | 'addressMember', p: 'backfill' | 'live') =>
      progress.next({
        ...progress.value,
        resources: { ...progress.value.resources, [r]: { ...progress.value.resources[r], phase: p } },
      });
    phase('addressGroup', 'live');
    expect(seen).toEqual([]);
    phase('addressMember', 'live');
    expect(seen).toEqual([true]);
    phase('addressMember', 'live');
    expect(seen).toEqual([true]);
    sub.unsubscribe();
  });
});
