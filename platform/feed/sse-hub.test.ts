import type { FastifyBaseLogger } from 'fastify';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import type { AppContext } from '../core/context';
import type { Db } from '../db/db';
import { openPglite } from '../db/pglite-db';
import { CHANGES_CHANNEL } from './change-notices';
import { createSseHub, type Change } from './sse-hub';

// The error paths of the change-notice hub, on a real PGlite: a LISTEN that failed once is tried again by the next
// stream (a remembered failure would keep every stream shut until a restart); a notice that fails is logged and the
// notices after it still arrive.

// one database for the file (opening PGlite takes seconds on a busy machine); each test has its own hub
let db: Db;
beforeAll(async () => {
  db = await openPglite(null);
}, 120_000);
afterAll(async () => db?.close());
const stops: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const s of stops.splice(0).reverse()) await s();
});

function hubOn() {
  const warns: string[] = [];
  const log = { warn: (_: unknown, msg: string) => void warns.push(msg) } as unknown as FastifyBaseLogger;
  const ctx = { db, log, now: () => new Date(), onClose: (s) => void stops.push(s) } as AppContext;
  return { hub: createSseHub(ctx), warns };
}

const until = async (ok: () => boolean) => {
  while (!ok()) await new Promise((r) => setTimeout(r, 10));
};

it('a failed LISTEN is tried again by the next subscriber, which then hears notices', async () => {
  const original = db.listen;
  const listen = original.bind(db);
  let failures = 1;
  db.listen = (channel, onPayload) =>
    failures-- > 0 ? Promise.reject(new Error('database restarting')) : listen(channel, onPayload);
  stops.push(() => void (db.listen = original));
  const { hub } = hubOn();
  await expect(hub.subscribe(['EP0001'], () => undefined)).rejects.toThrow('database restarting');
  const got: Change[] = [];
  await hub.subscribe(['EP0001'], (c) => got.push(c));
  await db.query('select pg_notify($1, $2)', [
    CHANGES_CHANNEL,
    JSON.stringify({ resource: 'mtRecord', cus_ids: ['EP0001'], seq: 7 }),
  ]);
  await until(() => got.length === 1);
  expect(got).toEqual([{ resource: 'mtRecord', seq: 7 }]);
}, 30_000);

it('a notice that fails is logged, and the next notices still arrive in order', async () => {
  // no migrations: the sequence a notice without seq reads does not exist, so that notice fails
  const { hub, warns } = hubOn();
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
}, 30_000);
