import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountAggregate } from '../../sync/commands/account-commands';
import { eventOutcome, recordEvent } from '../../sync/commands/event-log';
import { createHttpClient } from '../../sync/http/http-client';
import { openLocalDb, type LocalDb } from '../../sync/store/local-db';
import { ALL_COMMANDS } from '../../sync/commands/all-command-tables';
import { createOutbox } from '../../sync/commands/outbox';
import { startPlatform, type TestPlatform } from '../helpers/platform';
import { balanceOf, tokenFor, waitFor } from '../api/send.fixtures';

// Account commands through the console's event log and outbox against a real platform: a charge whose
// answer is lost is retried with the same Idempotency-Key and moves the money once; a rejection carries the message.
describe('account commands through the outbox', () => {
  let p: TestPlatform;
  let db: LocalDb;
  let token: string;
  let loseNext = false;
  beforeAll(async () => {
    p = await startPlatform('pglite');
    token = await tokenFor(p, 'admin');
    db = await openLocalDb({ cusId: 'EP0001', indexedDB, IDBKeyRange, namespace: `acc${process.pid}` });
  });
  afterAll(async () => {
    await db?.remove();
    await p?.close();
  });

  const outbox = () =>
    createOutbox({
      commands: ALL_COMMANDS,
      db,
      backoffMs: 10,
      client: createHttpClient({
        baseUrl: p.base,
        getToken: () => token,
        getLanguage: () => 'en',
        onUnauthorized: () => {},
        fetchImpl: async (input, init) => {
          const res = await fetch(input, init);
          if (loseNext) {
            loseNext = false;
            throw new TypeError('fetch failed');
          }
          return res;
        },
      }),
    });

  it('charges exactly once through a lost answer', async () => {
    const [ep, sub] = [await balanceOf(p, 'EP0001'), await balanceOf(p, 'SUB001')];
    const ob = outbox();
    const ev = await recordEvent(db, {
      type: 'customer.charge',
      aggregate: accountAggregate('SUB001'),
      payload: { cus_id: 'SUB001', amount: 25, remark: 'outbox' },
      actor: 'admin',
    });
    loseNext = true;
    await ob.flush();
    expect((await db.events.findOne(ev.id).exec())?.status).toBe('pending');
    // the retry goes out once its backoff has passed
    await waitFor(
      async () => (await ob.flush(), (await db.events.findOne(ev.id).exec())?.status),
      (s) => s !== 'pending',
    );
    const done = await eventOutcome(db, ev.id);
    expect(done.status).toBe('acked');
    expect(done.result).toEqual({ balance: sub + 25, enterpriseBalance: ep - 25 });
    expect(await balanceOf(p, 'SUB001')).toBe(sub + 25);
    expect(await balanceOf(p, 'EP0001')).toBe(ep - 25);
  });

  it('marks a charge above the enterprise balance rejected with the platform message', async () => {
    const ob = outbox();
    const ev = await recordEvent(db, {
      type: 'customer.charge',
      aggregate: accountAggregate('SUB001'),
      payload: { cus_id: 'SUB001', amount: '99999999' },
      actor: 'admin',
    });
    await ob.flush();
    const out = await eventOutcome(db, ev.id);
    expect(out.status).toBe('rejected');
    expect(out.last_error).toBe('The amount cannot exceed the enterprise balance');
  });
});
