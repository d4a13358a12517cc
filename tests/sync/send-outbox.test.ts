import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventOutcome, recordEvent } from '../../sync/commands/event-log';
import { createHttpClient } from '../../sync/http/http-client';
import { openLocalDb, type LocalDb } from '../../sync/store/local-db';
import { ALL_COMMANDS } from '../../sync/commands/all-command-tables';
import { createOutbox } from '../../sync/commands/outbox';
import { recordStoreOf } from '../../sync/store/record-store';
import { sendAggregate } from '../../sync/commands/send-commands';
import { loadSendReference } from '../../sync/store/send-reference';
import { startPlatform, type TestPlatform } from '../helpers/platform';

// Send commands through the event log and outbox against a real platform: queued while the network is
// down, pushed exactly once when it returns; a scheduled send shows in the local timed batches at once; the price
// list is kept locally for offline pricing.

let platform: TestPlatform;
let db: LocalDb;
let token: string;
let offline = false;
const posts: Array<{ path: string; key: string | undefined }> = [];

const client = () =>
  createHttpClient({
    baseUrl: platform.base,
    getToken: () => token,
    getLanguage: () => 'en',
    onUnauthorized: () => {},
    fetchImpl: async (input, init) => {
      if (offline) throw new TypeError('fetch failed');
      posts.push({
        path: String(input).replace(platform.base, ''),
        key: (init?.headers as Record<string, string>)['Idempotency-Key'],
      });
      return fetch(input, init);
    },
  });

beforeAll(async () => {
  platform = await startPlatform('pglite');
  token = await platform.login('admin');
  db = await openLocalDb({ cusId: 'EP0001', indexedDB, IDBKeyRange, namespace: `so${process.pid}` });
});
afterAll(async () => {
  await db?.remove();
  await platform?.close();
});

const batches = async (content: string) =>
  (await platform.ctx.db.query<{ batch_id: string }>('select batch_id from batches where content = $1', [content]))
    .length;

describe('send through the outbox', () => {
  it('queues a send made offline and pushes it exactly once when the network returns', async () => {
    let clock = Date.now();
    const outbox = createOutbox({ db, commands: ALL_COMMANDS, client: client(), now: () => clock });
    offline = true;
    const content = `offline send ${Date.now()}`;
    const ev = await recordEvent(db, {
      type: 'send.group',
      aggregate: sendAggregate('EP0001'),
      payload: {
        body: { cus_id: 'EP0001', content, mobiles: '13900002001\n13900002002' },
        summary: { kind: 'domestic', count: 2, cost: 0.1, timing: null },
      },
      actor: 'admin',
    });
    await outbox.flush();
    await outbox.flush();
    expect((await db.events.findOne(ev.id).exec())!.status).toBe('pending');
    expect(await batches(content)).toBe(0);

    offline = false;
    const outcome = eventOutcome(db, ev.id);
    clock += 60_000; // past the backoff of the failed attempts
    await outbox.flush();
    const done = await outcome;
    expect(done.status).toBe('acked');
    expect(done.result).toMatchObject({ validCount: 2, cost: 0.1 });
    await outbox.flush();
    expect(await batches(content)).toBe(1);
    expect(posts.filter((p) => p.key === ev.id)).toHaveLength(1);
  });

  it('a rejected send keeps the platform message; a scheduled send appears in the local timed batches at once', async () => {
    const outbox = createOutbox({ db, commands: ALL_COMMANDS, client: client() });
    const poor = await recordEvent(db, {
      type: 'send.group',
      aggregate: sendAggregate('EP0001'),
      payload: {
        body: { cus_id: 'EP0001', content: '', mobiles: '13900002003' },
        summary: { kind: 'domestic', count: 1, cost: 0.05, timing: null },
      },
      actor: 'admin',
    });
    await outbox.flush();
    const rejected = (await db.events.findOne(poor.id).exec())!;
    expect(rejected.status).toBe('rejected');
    expect(rejected.last_error).toBe('Message content cannot be empty');

    const timing = Date.now() + 60 * 60_000;
    const ev = await recordEvent(db, {
      type: 'send.international',
      aggregate: sendAggregate('EP0001'),
      payload: {
        body: {
          cus_id: 'EP0001',
          content: 'later',
          mobiles: '+14155552671',
          sender_id: 'ACME',
          timing_time: new Date(timing).toISOString(),
        },
        summary: { kind: 'international', count: 1, cost: 0.35, timing, prod_type: 1 },
      },
      actor: 'admin',
    });
    await outbox.flush();
    const acked = (await db.events.findOne(ev.id).exec())!;
    expect(acked.status).toBe('acked');
    const tb = (acked.result as { time_batch: string }).time_batch;
    const [local] = await recordStoreOf(db).get('time_batches', [tb]);
    expect(local).toMatchObject({
      time_batch: tb,
      cus_id: 'EP0001',
      prod_type: 1,
      batch_count: 1,
      send_status: 0,
      timing_time: timing,
      decodeContent: 'later',
    });
  });

  it('keeps the price list locally and answers from it offline', async () => {
    const online = await loadSendReference(db, client());
    expect(online?.prices.some((p) => p.cus_id === 'EP0001' && p.prod_type === 1 && p.country_code === 'US')).toBe(
      true,
    );
    offline = true;
    const cached = await loadSendReference(db, client());
    offline = false;
    expect(cached).toEqual(online);
  });
});
