import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createReplicator, type Replicator } from '../../sync/replication/replication';
import { httpPull } from '../../sync/replication/replication-http';
import { recordStoreOf } from '../../sync/store/record-store';
import { countQuery, runQuery, type Query } from '../../sync/query/query';
import type { LocalDb } from '../../sync/store/local-db';
import { moRecords } from '../../src/records/mo-records.screen';
import { DB_KINDS, startPlatform, type TestPlatform } from '../helpers/platform';
import { consoleFor } from '../sync/helpers';
import { insertFixtures, timeOf } from './records.fixtures';

// A reply carries the product line of the send it answers, so the domestic replies list leaves out
// replies to international sends, on the platform (list endpoint, pull feed) and locally (the replicated collection).

async function addInternationalReply(p: TestPlatform, now: Date): Promise<void> {
  await p.ctx.db.query(
    `insert into mo_records (sn, cus_id, prod_type, src_calling_number, mobile, content, whole_content, deliver_time, batch_id)
     values ('TR-INT-1', 'EP0001', 1, '1068001', '447700900001', 'thanks', 'international send', $1, 'TB-EP-INT')`,
    [timeOf(now, 1)],
  );
}

describe.each(DB_KINDS)('replies by product line on %s', (kind) => {
  let p: TestPlatform;
  let admin: string;
  const now = new Date();
  const sns = (r: { body: { data: { data: Array<{ sn: string }> } } }) => r.body.data.data.map((d) => d.sn);

  beforeAll(async () => {
    p = await startPlatform(kind);
    await insertFixtures(p.ctx.db, now);
    await addInternationalReply(p, now);
    admin = await p.login('admin');
  });
  afterAll(async () => p?.close());

  it('the list endpoint filters replies by the product line of their send', async () => {
    expect(sns(await p.call('/moRecord/list', { prod_type: 0 }, { token: admin }))).toEqual([
      'TR-EP-1',
      'TR-EP-2',
      'TR-SUB1-1',
    ]);
    const intl = await p.call('/moRecord/list', { prod_type: 1 }, { token: admin });
    expect(sns(intl)).toEqual(['TR-INT-1']);
    expect(intl.body.data.data[0].prod_type).toBe(1);
    expect(intl.body.data.total).toBe(1);
    // without a product line every reply is listed (the conversations tool reads them all)
    expect(sns(await p.call('/moRecord/list', {}, { token: admin }))).toContain('TR-INT-1');
  });

  it('the pull feed carries each reply product line', async () => {
    // the whole feed in one page: replies the simulator draws meanwhile could push these out of a short first page
    const r = await p.call('/moRecord/pull', { direction: 'backfill', limit: 10_000 }, { token: admin });
    expect(r.body.data.checkpoint).toBeNull();
    const byId = Object.fromEntries(
      r.body.data.documents.map((d: { sn: string; prod_type: number }) => [d.sn, d.prod_type]),
    );
    expect(byId).toMatchObject({ 'TR-EP-1': 0, 'TR-INT-1': 1 });
  });

  it('a product line that is not a number answers a localized 400', async () => {
    const r = await p.call('/moRecord/list', { prod_type: 'abc' }, { token: admin });
    expect(r.status).toBe(400);
    expect(r.body.message).toMatch(/[\u4e00-\u9fff]/);
  });
});

describe('domestic replies screen over the replicated collection', () => {
  let p: TestPlatform;
  let db: LocalDb;
  let rep: Replicator;
  const now = new Date();
  beforeAll(async () => {
    p = await startPlatform('pglite');
    await insertFixtures(p.ctx.db, now);
    await addInternationalReply(p, now);
  });
  afterAll(async () => {
    await rep?.stop();
    await db?.remove();
    await p?.close();
  });

  it('lists and counts only domestic replies, locally and past the cache window', async () => {
    const c = await consoleFor(p, 'admin', 'EP0001');
    db = c.db;
    rep = createReplicator({
      store: recordStoreOf(db),
      now: () => Date.now(),
      pageSize: 500,
      resources: ['moRecord'],
      pull: httpPull(c.client),
    });
    await rep.setWindow({ days: 30, recordCap: 1_000_000 });
    await rep.start();
    await rep.backfilled();
    const q: Query = { collection: 'mo_records', filters: [...(moRecords.fixed ?? [])], limit: 50 };
    const local = await runQuery<{ sn: string }>(q, { db, online: true, client: c.client, horizon: 0 });
    expect(local.source).toBe('local');
    expect(local.rows.map((r) => r.sn)).toEqual(['TR-EP-1', 'TR-EP-2', 'TR-SUB1-1']);
    expect((await countQuery(q, { db, online: true, client: c.client, horizon: 0 })).total).toBe(3);
    // the same screen query answered by the platform (as while the cache is still empty)
    const remote = await runQuery<{ sn: string }>(q, {
      db,
      online: true,
      client: c.client,
      horizon: 0,
      fromPlatform: true,
    });
    expect(remote.source).toBe('server');
    expect(remote.rows.map((r) => r.sn)).toEqual(['TR-EP-1', 'TR-EP-2', 'TR-SUB1-1']);
  });
});
