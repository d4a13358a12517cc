import type { FastifyBaseLogger } from 'fastify';
import { afterEach, expect, it } from 'vitest';
import type { AppContext } from '../context';
import type { Db } from '../db/db';
import { openPglite } from '../db/pglite-db';
import { CHANGES_CHANNEL } from '../messaging/notify';
import { createSseHub, type Change } from './sse-hub';

// The error paths of the change-notice hub, on a real PGlite: a LISTEN that failed once is tried again by the next
// stream (it used to be remembered, so no stream could open until a restart); a notice that fails is logged and the
// notices after it still arrive.

const stops: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const s of stops.splice(0).reverse()) await s();
});

async function hubOn(db: Db) {
  const warns: string[] = [];
  const log = { warn: (_: unknown, msg: string) => void warns.push(msg) } as unknown as FastifyBaseLogger;
  const ctx = { db, log, now: () => new Date(), onClose: (s) => void stops.push(s) } as AppContext;
  stops.push(() => db.close());
  return { hub: createSseHub(ctx), warns, db };
}

const until = async (ok: () => boolean) => {
  while (!ok()) await new Promise((r) => setTimeout(r, 10));
};

it('a failed LISTEN is tried again by the next subscriber, which then hears notices', async () => {
  const db = await openPglite(null);
  const listen = db.listen.bind(db);
  let failures = 1;
  db.listen = (channel, onPayload) => (failures-- > 0 ? Promise.reject(new Error('database restarting')) : listen(channel, onPayload));
  const { hub } = await hubOn(db);
  await expect(hub.subscribe(['EP0001'], () => undefined)).rejects.toThrow('database restarting');
  const got: Change[] = [];
  await hub.subscribe(['EP0001'], (c) => got.push(c));
  await db.query('select pg_notify($1, $2)', [CHANGES_CHANNEL, JSON.stringify({ resource: 'mtRecord', cus_ids: ['EP0001'], seq: 7 })]);
  await until(() => got.length === 1);
  expect(got).toEqual([{ resource: 'mtRecord', seq: 7 }]);
});

it('a notice that fails is logged, and the next notices still arrive in order', async () => {
  // no migrations: the sequence a notice without seq reads does not exist, so that notice fails
  const { hub, warns, db } = await hubOn(await openPglite(null));
  const got: Change[] = [];
  await hub.subscribe(['EP0001'], (c) => got.push(c));
  const notify = (n: object) => db.query('select pg_notify($1, $2)', [CHANGES_CHANNEL, JSON.stringify(n)]);
  await notify({ resource: 'mtRecord', cus_ids: ['EP0001'] });
  await notify({ resource: 'moRecord', cus_ids: ['EP0001'], seq: 3 });
  await notify({ resource: 'batch', cus_ids: ['OTHER'], seq: 4 });
  await notify({ resource: 'batch', cus_ids: ['EP0001'], seq: 5 });
  await until(() => got.length === 2);
  expect(got).toEqual([
    { resource: 'moRecord', seq: 3 },
    { resource: 'batch', seq: 5 },
  ]);
  expect(warns).toEqual(['change notice failed']);
});
