import { afterEach, describe, expect, it } from 'vitest';
import { firstValueFrom } from 'rxjs';
import { localChanges } from './local-changes';
import { kHigh, kLow, type LocalDb } from './local-db';
import { idb, localMt, openTestDb, removeTestDb } from './local-db.fixtures';
import { queryLocal } from '../query/query';
import { openRecordStore, recordStoreOf } from './record-store';

let db: LocalDb | null = null;
afterEach(async () => {
  if (db) await removeTestDb(db);
  db = null;
});

describe('local database', () => {
  it('orders newest first by the inverted key and pages by keyset', async () => {
    db = await openTestDb('U1');
    const base = 1_700_000_000_000;
    await recordStoreOf(db).put(
      'mt_records',
      Array.from({ length: 50 }, (_, i) => localMt(`s${i}`, base + i * 1000)),
    );
    const first = await queryLocal(db, 'mt_records', {
      selector: { prod_type: 0 },
      sort: [{ prod_type: 'asc' }, { k: 'asc' }],
      limit: 10,
    });
    expect(first.map((d) => d.sn)).toEqual(Array.from({ length: 10 }, (_, i) => `s${49 - i}`));
    const next = await queryLocal(db, 'mt_records', {
      selector: { prod_type: 0, k: { $gt: first[9].k } },
      sort: [{ prod_type: 'asc' }, { k: 'asc' }],
      limit: 10,
    });
    expect(next[0].sn).toBe('s39');
    // a time range is a k range
    const range = await queryLocal(db, 'mt_records', {
      selector: { prod_type: 0, k: { $gte: kLow(base + 20_000), $lte: kHigh(base + 10_000) } },
      sort: [{ prod_type: 'asc' }, { k: 'asc' }],
    });
    // rows come back as records, without RxDB's storage fields
    expect(Object.keys(range[0]).filter((f) => f.startsWith('_'))).toEqual([]);
    expect(range.map((d) => d.sn)).toEqual(Array.from({ length: 11 }, (_, i) => `s${20 - i}`));
  });

  it('overwrites existing documents and removes tombstoned ones', async () => {
    db = await openTestDb('U2');
    const store = recordStoreOf(db);
    await store.put('mt_records', [localMt('a', 1), localMt('b', 2)]);
    const heard = firstValueFrom(localChanges(db.name));
    await store.put('mt_records', [localMt('a', 1, { mt_status: 700, seq: 5 }), localMt('c', 3)]);
    expect(await heard).toBe('mt_records');
    const [a] = await store.get('mt_records', ['a']);
    expect(a?.mt_status).toBe(700);
    // RxDB itself reads what the store wrote: the stored format is its own
    expect((await db.mt_records.findOne('c').exec())?.toJSON()).toMatchObject({ sn: 'c', receive_time: 3 });
    await store.remove('mt_records', ['b', 'missing']);
    expect((await queryLocal(db, 'mt_records', { selector: {} })).map((d) => d.sn).sort()).toEqual(['a', 'c']);
    expect(await store.count('mt_records')).toBe(2);
  });

  it('keeps one database per user', async () => {
    // the free RxDB opens few collections at once, so the two users' databases are opened one after the other.
    const first = await openTestDb('U3', 'iso');
    await recordStoreOf(first).put('mt_records', [localMt('x', 1)]);
    await first.close();
    db = await openTestDb('U4', 'iso');
    expect(await recordStoreOf(db).count('mt_records')).toBe(0);
    await db.remove();
    db = await openTestDb('U3', 'iso');
    expect(await recordStoreOf(db).count('mt_records')).toBe(1);
  });
});

describe('record store opened by name (the sync worker)', () => {
  it("a pull's page that left before a command's result never overwrites it, whichever thread writes first", async () => {
    db = await openTestDb('U6');
    const page = recordStoreOf(db);
    const worker = openRecordStore(db.name, db.token, idb);
    await page.put('mt_records', [localMt('r', 1, { mt_status: 2, seq: 5 })]);
    const ticks = async (n: number) => {
      for (let i = 0; i < n; i++) await new Promise((r) => setImmediate(r));
    };
    // every interleaving of the two (a read-then-write in separate transactions flicked in 4 of these 40)
    for (let round = 0; round < 40; round++) {
      const seq = 6 + round;
      // the outbox's result (new state, new seq); the worker's pull carries the state before it
      await Promise.all([
        ticks(round % 5).then(() => page.update('mt_records', 'r', (cur) => ({ ...cur, mt_status: round, seq }))),
        ticks(Math.floor(round / 5)).then(() =>
          worker.putNewer('mt_records', [localMt('r', 1, { mt_status: 2, seq: seq - 1 })]),
        ),
      ]);
      const [r] = await page.get('mt_records', ['r']);
      expect(r).toMatchObject({ mt_status: round, seq });
    }
    // a newer page is written; an update of a record not here changes nothing
    expect(await worker.putNewer('mt_records', [localMt('r', 1, { mt_status: 9, seq: 99 })])).toBe(1);
    expect((await page.get('mt_records', ['r']))[0]).toMatchObject({ mt_status: 9, seq: 99 });
    // a tombstone older than the copy here deletes nothing; a newer one deletes it
    await worker.putNewer('mt_records', [], [{ id: 'r', seq: 98 }]);
    expect(await page.count('mt_records')).toBe(1);
    await worker.putNewer('mt_records', [], [{ id: 'r', seq: 100 }]);
    expect(await page.count('mt_records')).toBe(0);
    expect(await page.update('mt_records', 'missing', (cur) => cur)).toBe(false);
    worker.close();
  });

  it('writes where RxDB reads', async () => {
    db = await openTestDb('U5');
    const byName = openRecordStore(db.name, db.token, idb);
    await byName.put('mt_records', [localMt('w1', 10), localMt('w2', 20)]);
    await byName.writeState('mtRecord', { forwardSeq: 7 });
    expect(
      (
        await queryLocal(db, 'mt_records', { selector: { prod_type: 0 }, sort: [{ prod_type: 'asc' }, { k: 'asc' }] })
      ).map((d) => d.sn),
    ).toEqual(['w2', 'w1']);
    expect(await recordStoreOf(db).readState('mtRecord')).toEqual({ forwardSeq: 7 });
    byName.close();
  });
});
