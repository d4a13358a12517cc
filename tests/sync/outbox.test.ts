import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedRecords } from '../../platform/seed/records';
import type { TimeBatch } from '../../contract/records.schema';
import { eventOutcome, recordEvent } from '../../sync/commands/event-log';
import { createHttpClient } from '../../sync/http/http-client';
import { openLocalDb, type EventDoc, type LocalDb } from '../../sync/store/local-db';
import { ALL_COMMANDS } from '../../sync/commands/all-command-tables';
import { createOutbox } from '../../sync/commands/outbox';
import { projectTimeBatches, timeBatchAggregate } from '../../sync/commands/projection';
import { createReplicator } from '../../sync/replication/replication';
import { httpPull } from '../../sync/replication/replication-http';
import { recordStoreOf } from '../../sync/store/record-store';
import { startPlatform, type TestPlatform } from '../helpers/platform';
import { localGet } from './helpers';

// The event log and outbox against a real platform: exactly once through a lost answer, rejection rollback.

let platform: TestPlatform;
let db: LocalDb;
let token: string;
let rep: ReturnType<typeof createReplicator>;
let made = 0;
/** when set, the next matching request reaches the platform but its answer is "lost" (a network error). */
let loseNextAnswer: string | null = null;
const sent: { path: string; key: string | undefined }[] = [];

const client = () =>
  createHttpClient({
    baseUrl: platform.base,
    getToken: () => token,
    getLanguage: () => 'en',
    onUnauthorized: () => {},
    fetchImpl: async (input, init) => {
      const path = String(input).replace(platform.base, '');
      sent.push({ path, key: (init?.headers as Record<string, string>)['Idempotency-Key'] });
      const res = await fetch(input, init);
      if (loseNextAnswer && path === loseNextAnswer) {
        loseNextAnswer = null;
        throw new TypeError('fetch failed');
      }
      return res;
    },
  });

beforeAll(async () => {
  platform = await startPlatform('pglite');
  await seedRecords(platform.ctx, 500);
  token = await platform.login('admin');
  db = await openLocalDb({ cusId: 'EP0001', indexedDB, IDBKeyRange, namespace: `ob${process.pid}` });
  rep = createReplicator({ store: recordStoreOf(db), pull: httpPull(client()), resources: ['timeBatch'] });
  await rep.start();
  await rep.backfilled();
});
afterAll(async () => {
  await rep?.stop();
  await db?.remove();
  await platform?.close();
});

/** a timed batch of the admin's enterprise, due tomorrow, pulled into the local database. */
async function newBatch(): Promise<string> {
  const tb = `TBTEST${process.pid}${made++}`;
  await platform.ctx.db.query(
    `insert into time_batches (time_batch, cus_id, prod_type, batch_type, send_status, timing_time, create_time, content, batch_count, charged)
     values ($1, 'EP0001', 0, 0, 0, now() + interval '1 day', now(), 'hello', 1, 0)`,
    [tb],
  );
  await rep.notify('timeBatch');
  expect(await localGet(db, 'time_batches', tb)).not.toBeNull();
  return tb;
}
const statusOnPlatform = async (tb: string) =>
  Number(
    (
      await platform.ctx.db.query<{ s: number }>('select send_status as s from time_batches where time_batch = $1', [
        tb,
      ])
    )[0].s,
  );
const pendingEvents = async () =>
  (await db.events.find({ selector: { status: 'pending' } }).exec()).map((d) => d.toJSON() as EventDoc);

describe('event log and outbox', () => {
  it('a pause recorded offline shows pending, then is done exactly once through a lost answer', async () => {
    const tb = await newBatch();
    const ev = await recordEvent(db, {
      type: 'batch.pause',
      aggregate: timeBatchAggregate(tb),
      payload: { time_batch: tb },
      actor: 'admin',
    });
    // projected at once over the pulled row
    const row = (await localGet(db, 'time_batches', tb)) as unknown as TimeBatch;
    expect(projectTimeBatches([row], await pendingEvents())[0]).toMatchObject({
      send_status: 2,
      pending: 'batch.pause',
    });
    expect(await statusOnPlatform(tb)).toBe(0);

    const outbox = createOutbox({ db, commands: ALL_COMMANDS, client: client(), backoffMs: 0 });
    loseNextAnswer = '/pageTimeBatch/operation';
    await outbox.flush();
    // the platform did it, but the answer was lost: still pending, to be retried with the same key
    expect(await statusOnPlatform(tb)).toBe(2);
    expect((await db.events.findOne(ev.id).exec())!.status).toBe('pending');
    await outbox.flush();
    const done = await eventOutcome(db, ev.id);
    expect(done.status).toBe('acked');
    expect(done.attempts).toBe(2);
    const pushes = sent.filter((s) => s.path === '/pageTimeBatch/operation');
    expect(pushes.map((p) => p.key)).toEqual([ev.id, ev.id]);
    // exactly once: one stored idempotent answer, the batch paused (a second pause would have been refused)
    expect(await statusOnPlatform(tb)).toBe(2);
    expect((await localGet(db, 'time_batches', tb))!.send_status).toBe(2);
  });

  it('a pull that left before a command never puts the old state back after the command is acked', async () => {
    const tb = await newBatch();
    // a second follower of the feed, caught up before the pause; its next forward page (read while the batch is
    // paused) is held on its way
    let hold = false;
    let fetched: () => void = () => {};
    let release: () => void = () => {};
    const pull = httpPull(client());
    const late = createReplicator({
      store: recordStoreOf(db),
      resources: ['timeBatch'],
      retryMs: 600_000,
      pull: async (r, req) => {
        const answer = await pull(r, req);
        if (hold && req.direction === 'forward' && answer.documents.length) {
          fetched();
          await new Promise<void>((go) => (release = go));
        }
        return answer;
      },
    });
    await late.start();
    const outbox = createOutbox({ db, commands: ALL_COMMANDS, client: client(), backoffMs: 0 });
    await recordEvent(db, {
      type: 'batch.pause',
      aggregate: timeBatchAggregate(tb),
      payload: { time_batch: tb },
      actor: 'admin',
    });
    await outbox.flush();
    expect((await localGet(db, 'time_batches', tb))!.send_status).toBe(2);
    hold = true;
    const onItsWay = new Promise<void>((r) => (fetched = r));
    const arriving = late.notify('timeBatch');
    await onItsWay;
    // the recover is acked and written here with the row's new seq while the paused copy is still on its way
    await recordEvent(db, {
      type: 'batch.recover',
      aggregate: timeBatchAggregate(tb),
      payload: { time_batch: tb },
      actor: 'admin',
    });
    await outbox.flush();
    expect(await statusOnPlatform(tb)).toBe(0);
    const [{ seq }] = await platform.ctx.db.query<{ seq: string }>(
      'select seq from time_batches where time_batch = $1',
      [tb],
    );
    expect(await localGet(db, 'time_batches', tb)).toMatchObject({ send_status: 0, seq: Number(seq) });
    hold = false;
    release();
    await arriving;
    // the older page arrived and was written around the row: it still shows the recover
    expect((await localGet(db, 'time_batches', tb))!.send_status).toBe(0);
    await late.stop();
  });

  it('a rejected command is marked with the platform message and the screen rolls back', async () => {
    const tb = await newBatch();
    await platform.ctx.db.query(`update time_batches set send_status = 3 where time_batch = $1`, [tb]);
    // the local copy still says 0 (not pulled yet); the user pauses it
    await localGet(db, 'time_batches', tb);
    const ev = await recordEvent(db, {
      type: 'batch.pause',
      aggregate: timeBatchAggregate(tb),
      payload: { time_batch: tb },
      actor: 'admin',
    });
    const local = (await localGet(db, 'time_batches', tb)) as unknown as TimeBatch;
    expect(projectTimeBatches([local], await pendingEvents())[0].send_status).toBe(2);
    await createOutbox({ db, commands: ALL_COMMANDS, client: client() }).flush();
    const done = (await db.events.findOne(ev.id).exec())!.toJSON() as EventDoc;
    expect(done.status).toBe('rejected');
    expect(done.last_error).toBeTruthy();
    expect(projectTimeBatches([local], await pendingEvents())[0]).toEqual(local);
  });

  it('events of one aggregate are pushed in order; a retryable failure holds back the later ones', async () => {
    const tb = await newBatch();
    const agg = timeBatchAggregate(tb);
    const first = await recordEvent(
      db,
      { type: 'batch.pause', aggregate: agg, payload: { time_batch: tb }, actor: 'admin' },
      Date.now(),
    );
    const second = await recordEvent(
      db,
      { type: 'batch.recover', aggregate: agg, payload: { time_batch: tb }, actor: 'admin' },
      Date.now() + 1,
    );
    const outbox = createOutbox({ db, commands: ALL_COMMANDS, client: client(), backoffMs: 60_000 });
    loseNextAnswer = '/pageTimeBatch/operation';
    await outbox.flush();
    expect((await db.events.findOne(second.id).exec())!.status).toBe('pending');
    expect(sent.filter((s) => s.key === second.id)).toHaveLength(0);
    // after the backoff both go, in order
    await db.events
      .findOne(first.id)
      .exec()
      .then((d) => d!.incrementalPatch({ next_attempt_at: 0 }));
    await outbox.flush();
    expect((await db.events.findOne(first.id).exec())!.status).toBe('acked');
    expect((await db.events.findOne(second.id).exec())!.status).toBe('acked');
    expect(await statusOnPlatform(tb)).toBe(0);
  });

  it('a nudge (the network is back) pushes at once what a network failure holds back, and a flush does not', async () => {
    const tb = await newBatch();
    const ev = await recordEvent(
      db,
      { type: 'batch.pause', aggregate: timeBatchAggregate(tb), payload: { time_batch: tb }, actor: 'admin' },
      Date.now(),
    );
    const outbox = createOutbox({ db, commands: ALL_COMMANDS, client: client(), backoffMs: 60_000 });
    loseNextAnswer = '/pageTimeBatch/operation';
    await outbox.flush();
    const held = (await db.events.findOne(ev.id).exec())!.toJSON() as EventDoc;
    expect(held).toMatchObject({ status: 'pending', attempts: 1 });
    expect(held.next_attempt_at).toBeGreaterThan(Date.now());
    // an ordinary round leaves it to its backoff
    await outbox.flush();
    expect(sent.filter((s) => s.key === ev.id)).toHaveLength(1);
    await outbox.nudge();
    expect((await db.events.findOne(ev.id).exec())!.status).toBe('acked');
    expect(sent.filter((s) => s.key === ev.id)).toHaveLength(2);
    expect(await statusOnPlatform(tb)).toBe(2);
  });
});
