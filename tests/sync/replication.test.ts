import type { FeedResource } from '../../contract/endpoints/feed.endpoints';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedRecords } from '../../platform/seed/records';
import { httpPull, followChanges } from '../../sync/replication/replication-http';
import { createReplicator, type Replicator } from '../../sync/replication/replication';
import { COLLECTION_OF_RESOURCE, RECORD_COLLECTIONS, type LocalDb } from '../../sync/store/local-db';
import { startPlatform, type TestPlatform } from '../helpers/platform';
import { recordStoreOf } from '../../sync/store/record-store';
import { consoleFor, localAll, localGet } from './helpers';

// Replication in Node (fake-indexeddb) against a real platform over HTTP.

let platform: TestPlatform;
beforeAll(async () => {
  platform = await startPlatform('pglite');
  await seedRecords(platform.ctx, 3000);
});
afterAll(async () => platform?.close());

const DAY = 86_400_000;

async function platformCount(sql: string, params: unknown[] = []): Promise<number> {
  const [r] = await platform.ctx.db.query<{ n: number }>(sql, params);
  return Number(r.n);
}

describe('pull replication', () => {
  let db: LocalDb;
  let rep: Replicator;

  afterAll(async () => {
    await rep?.stop();
    await db?.remove();
  });

  it('backfills newest first down to the horizon, in pages', async () => {
    const c = await consoleFor(platform, 'admin', 'EP0001');
    db = c.db;
    const pulls: { resource: string; direction?: string; since?: number }[] = [];
    const pull = httpPull(c.client);
    const now = Date.now();
    // watch the order in which MT records arrive: the newest must come first
    const arrivals: number[] = [];
    const store = recordStoreOf(db);
    const watched = {
      ...store,
      put: (name: string, docs: Record<string, unknown>[]) => {
        if (name === 'mt_records') arrivals.push(...docs.map((d) => Number(d.receive_time)));
        return store.put(name as never, docs);
      },
    };
    rep = createReplicator({
      store: watched,
      now: () => now,
      pageSize: 500,
      pull: (resource, req) => {
        pulls.push({ resource, direction: req.direction, since: req.since });
        return pull(resource, req);
      },
    });
    await rep.setWindow({ days: 30, recordCap: 1_000_000 });
    await rep.start();
    await rep.backfilled();

    const horizon = now - 30 * DAY;
    const expected = await platformCount(`select count(*) as n from mt_records where receive_time >= $1`, [
      new Date(horizon),
    ]);
    expect(expected).toBeGreaterThan(500);
    expect(await recordStoreOf(db).count('mt_records')).toBe(expected);
    expect(pulls.filter((p) => p.resource === 'mtRecord' && p.direction === 'backfill').length).toBeGreaterThan(1);
    // record resources backfill down to the horizon; templates and address books (not time-windowed) replicate whole
    const windowed = pulls.filter(
      (p) =>
        p.direction === 'backfill' && !RECORD_COLLECTIONS[COLLECTION_OF_RESOURCE[p.resource as FeedResource]].keepAll,
    );
    expect(windowed.length).toBeGreaterThan(1);
    expect(windowed.filter((p) => p.since !== horizon).map((p) => `${p.resource} ${p.since}`)).toEqual([]);
    // pages arrive newest first: the first page's oldest record is newer than the last page's newest
    expect(Math.min(...arrivals.slice(0, 500))).toBeGreaterThanOrEqual(Math.max(...arrivals.slice(-100)));
    expect(rep.progress$.value.phase).toBe('live');
    expect(await recordStoreOf(db).count('time_batches')).toBe(
      await platformCount('select count(*) as n from time_batches where create_time >= $1', [new Date(horizon)]),
    );
  });

  it('catches up forward after new writes, and tombstones delete locally', async () => {
    const [rec] = await platform.ctx.db.query<{ sn: string }>(
      `select sn from mt_records where receive_time >= now() - interval '10 days' order by receive_time desc limit 1`,
    );
    const [gone] = await platform.ctx.db.query<{ sn: string }>(
      `select sn from mt_records where receive_time >= now() - interval '10 days' order by receive_time desc offset 5 limit 1`,
    );
    expect(await localGet(db, 'mt_records', gone.sn)).not.toBeNull();
    await platform.ctx.db.query(
      `update mt_records set mt_status = 700, report_result = 'UNDELIV', report_result_desc = 'test failure' where sn = $1`,
      [rec.sn],
    );
    await platform.ctx.db.query(`update mt_records set deleted = true where sn = $1`, [gone.sn]);
    await rep.notify('mtRecord');
    expect((await localGet(db, 'mt_records', rec.sn))?.mt_status).toBe(700);
    expect(await localGet(db, 'mt_records', gone.sn)).toBeNull();
  });

  it('follows the SSE stream: a platform change notice pulls at once', async () => {
    const token = await platform.login('admin');
    const seen: string[] = [];
    const stop = followChanges({
      baseUrl: platform.base,
      getToken: () => token,
      onChanged: (r) => {
        seen.push(r);
        void rep.notify(r);
      },
    });
    try {
      const [rec] = await platform.ctx.db.query<{ sn: string }>(
        `select sn from mt_records where receive_time >= now() - interval '10 days' and mt_status <> 600 order by receive_time desc offset 2 limit 1`,
      );
      await platform.ctx.db.query(`update mt_records set mt_status = 600 where sn = $1`, [rec.sn]);
      const { notifyChanged } = await import('../../platform/feed/change-notices');
      // a notice only reaches a connected stream: send it until the local row has the change
      await expect
        .poll(
          async () => (
            await notifyChanged(platform.ctx.db, 'mtRecord', ['EP0001']),
            (await localGet(db, 'mt_records', rec.sn))?.mt_status
          ),
          {
            timeout: 10_000,
          },
        )
        .toBe(600);
      expect(seen).toContain('mtRecord');
    } finally {
      stop();
    }
  });

  it('shrinking the cache window evicts older records', async () => {
    const before = await recordStoreOf(db).count('mt_records');
    await rep.setWindow({ days: 3, recordCap: 1_000_000 });
    const after = await localAll(db, 'mt_records');
    expect(after.length).toBeLessThan(before);
    expect(Math.min(...after.map((d) => Number(d.receive_time)))).toBeGreaterThanOrEqual(Date.now() - 3 * DAY - 60_000);
  });
});

// the free RxDB opens at most 16 collections at once, so this user's database opens after the first one is gone.
describe('scoping', () => {
  it('a sub-account replicates only its own records', async () => {
    const c = await consoleFor(platform, 'user', 'SUB001');
    const sub = createReplicator({ store: recordStoreOf(c.db), pull: httpPull(c.client), resources: ['mtRecord'] });
    await sub.start();
    await sub.backfilled();
    const docs = await localAll(c.db, 'mt_records');
    expect(docs.length).toBeGreaterThan(0);
    expect(new Set(docs.map((d) => d.cus_id))).toEqual(new Set(['SUB001']));
    await sub.stop();
    await c.db.remove();
  });
});

describe('backfill racing live updates', () => {
  it('a document updated while the backfill runs keeps its newer state', async () => {
    const c = await consoleFor(platform, 'admin', 'EP0001');
    const pull = httpPull(c.client);
    // an older record, so it arrives in a later backfill page
    const [target] = await platform.ctx.db.query<{ sn: string; mt_status: number }>(
      `select sn, mt_status from mt_records where cus_id = 'EP0001' and prod_type = 0 and deleted = false and mt_status <> 600 order by seq asc limit 1`,
    );
    let raced = false;
    const rep: Replicator = createReplicator({
      store: recordStoreOf(c.db),
      pageSize: 200,
      resources: ['mtRecord'],
      pull: async (resource, req) => {
        const res = await pull(resource, req);
        const stale = res.documents.some((d) => d.sn === target.sn);
        if (req.direction === 'backfill' && stale && !raced) {
          // the page holds the old copy; meanwhile the platform changes the record and a notice pulls it forward
          raced = true;
          await platform.ctx.db.query(`update mt_records set mt_status = 600 where sn = $1`, [target.sn]);
          await rep.notify('mtRecord');
          expect((await localGet(c.db, 'mt_records', target.sn))?.mt_status).toBe(600);
        }
        return res;
      },
    });
    await rep.start();
    await rep.backfilled();
    expect(raced).toBe(true);
    expect((await localGet(c.db, 'mt_records', target.sn))?.mt_status).toBe(600);
    await rep.stop();
    await c.db.remove();
  });
});
