import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INSERT_CHUNK } from '../../platform/messaging/batch-insert';
import { DB_KINDS, startPlatform, type TestPlatform } from '../helpers/platform';
import { balanceOf, countRows, tokenFor, waitFor } from './send.fixtures';

// Large sends are written in chunks, each its own short transaction after the one that charges: every number gets
// one record and the batch one charge, whatever happens between the chunks (a rerun, a concurrent retry, a chunk the
// database refuses for a while or for good), and another caller is served while a large send is being written.

/** Domestic price of the demo accounts, 1/10000 yuan per segment. */
const UNIT = 500;
const numbers = (n: number, from: number) => Array.from({ length: n }, (_, i) => String(from + i));

describe.each(DB_KINDS)('sends in chunks on %s', (kind) => {
  let p: TestPlatform;
  let admin: string;
  let other: string;
  beforeAll(async () => {
    // reports far off: records stay as written while a test reads them
    p = await startPlatform(kind, {
      simulator: { reviewMs: 600_000, reportMs: 600_000, successRate: 1, failureRate: 0, replyRate: 0 },
    });
    [admin, other] = await Promise.all([tokenFor(p, 'admin'), tokenFor(p, 'user')]);
  });
  afterAll(async () => p?.close());

  const send = (mobiles: string[], content: string, key?: string) =>
    p.call(
      '/user/groupSend',
      { cus_id: 'EP0001', content, mobiles: mobiles.join('\n') },
      { token: admin, headers: key ? { 'Idempotency-Key': key } : {} },
    );
  const ledger = (batchId: string) =>
    p.ctx.db.query<{ kind: string; amount: number }>(
      'select kind, amount::float8 as amount from balance_ledger where ref = $1 order by id',
      [batchId],
    );
  const records = (batchId: string) =>
    p.ctx.db.query<{ n: number; sns: number; mobiles: number; top: string }>(
      'select count(*)::int as n, count(distinct sn)::int as sns, count(distinct mobile)::int as mobiles, max(sn) as top from mt_records where batch_id = $1',
      [batchId],
    );
  /** Makes the database refuse records for one number (with SQLSTATE `code`) until the returned function is called. */
  async function refuse(mobile: string, code: string) {
    const name = `refuse_${kind}_${mobile}`;
    await p.ctx.db
      .exec(`create function ${name}() returns trigger language plpgsql as $$ begin raise exception 'refused %', new.mobile using errcode = '${code}'; end $$;
      create trigger ${name} before insert on mt_records for each row when (new.mobile = '${mobile}') execute function ${name}();`);
    return () => p.ctx.db.exec(`drop trigger ${name} on mt_records; drop function ${name}();`);
  }

  it('writes one record per number and charges once for a send of several chunks, and a retry answers the same', async () => {
    const n = INSERT_CHUNK * 2 + 345;
    const before = await balanceOf(p, 'EP0001');
    const list = [...numbers(n, 13500000000), '13500000000', '12345'];
    const r = await send(list, 'chunked hello', `chunks-${kind}`);
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ validCount: n, invalidCount: 1, repeatCount: 1, cost: (n * UNIT) / 10_000 });
    const batchId = r.body.data.batch_id;
    // answered once every record is written
    expect(await records(batchId)).toEqual([{ n, sns: n, mobiles: n, top: `${batchId}${String(n).padStart(6, '0')}` }]);
    expect(await ledger(batchId)).toEqual([{ kind: 'send', amount: -(n * UNIT) / 10_000 }]);
    expect(await balanceOf(p, 'EP0001')).toBeCloseTo(before - (n * UNIT) / 10_000, 4);
    const [b] = await p.ctx.db.query<{ receive_count: number; done: boolean; failed: string | null }>(
      'select b.receive_count, i.done, i.failed from batches b join batch_inserts i using (batch_id) where b.batch_id = $1',
      [batchId],
    );
    expect(b).toEqual({ receive_count: n, done: true, failed: null });
    const again = await send(list, 'chunked hello', `chunks-${kind}`);
    expect(again.body).toEqual(r.body);
    expect(await countRows(p, 'select 1 from batches where batch_id = $1', [batchId])).toBe(1);
    expect(await ledger(batchId)).toHaveLength(1);
  });

  it('charges once when the same key is sent twice at the same time', async () => {
    const before = await balanceOf(p, 'EP0001');
    const list = numbers(INSERT_CHUNK + 10, 13510000000);
    const [a, b] = await Promise.all([
      send(list, 'twice at once', `twice-${kind}`),
      send(list, 'twice at once', `twice-${kind}`),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 200]);
    expect(a.body.data.batch_id).toBe(b.body.data.batch_id);
    expect(await countRows(p, "select 1 from batches where content = 'twice at once'")).toBe(1);
    await waitFor(
      () => records(a.body.data.batch_id),
      ([x]) => x.n === list.length,
    );
    expect(await ledger(a.body.data.batch_id)).toHaveLength(1);
    expect(await balanceOf(p, 'EP0001')).toBeCloseTo(before - (list.length * UNIT) / 10_000, 4);
  });

  it('leaves chunks it could not write to the background round, which writes each once', async () => {
    const n = INSERT_CHUNK * 3;
    const list = numbers(n, 13520000000);
    // a chunk in the middle fails as a lost connection would
    const allow = await refuse(list[INSERT_CHUNK + 5], '57P01');
    const r = await send(list, 'finished later', `later-${kind}`);
    expect(r.status).toBe(200);
    const batchId = r.body.data.batch_id;
    const [partial] = await records(batchId);
    expect(partial.n).toBeLessThan(n);
    expect(partial.n % INSERT_CHUNK).toBe(0);
    await allow();
    const [done] = await waitFor(
      () => records(batchId),
      ([x]) => x.n === n,
    );
    expect(done).toEqual({ n, sns: n, mobiles: n, top: `${batchId}${String(n).padStart(6, '0')}` });
    await waitFor(
      () => p.ctx.db.query<{ done: boolean }>('select done from batch_inserts where batch_id = $1', [batchId]),
      ([x]) => x.done,
    );
    expect(await ledger(batchId)).toEqual([{ kind: 'send', amount: -(n * UNIT) / 10_000 }]);
  });

  it('refunds a chunk the database refuses for good and keeps the batch and the ledger equal to its records', async () => {
    const n = INSERT_CHUNK * 3;
    const list = numbers(n, 13530000000);
    const before = await balanceOf(p, 'EP0001');
    const allow = await refuse(list[INSERT_CHUNK + 5], '23514');
    try {
      const r = await send(list, 'one chunk refused', `refused-${kind}`);
      expect(r.status).toBe(200);
      const batchId = r.body.data.batch_id;
      const [x] = await records(batchId);
      expect(x.n).toBe(n - INSERT_CHUNK);
      expect(
        await countRows(p, 'select 1 from mt_records where batch_id = $1 and mobile = $2', [
          batchId,
          list[INSERT_CHUNK + 5],
        ]),
      ).toBe(0);
      expect(await ledger(batchId)).toEqual([
        { kind: 'send', amount: -(n * UNIT) / 10_000 },
        { kind: 'refund', amount: (INSERT_CHUNK * UNIT) / 10_000 },
      ]);
      expect(await balanceOf(p, 'EP0001')).toBeCloseTo(before - ((n - INSERT_CHUNK) * UNIT) / 10_000, 4);
      const [b] = await p.ctx.db.query<{ receive_count: number; sent_count: number; cost: number; failed: string }>(
        'select b.receive_count, b.sent_count, b.cost::float8 as cost, i.failed from batches b join batch_inserts i using (batch_id) where b.batch_id = $1',
        [batchId],
      );
      expect(b).toMatchObject({
        receive_count: n - INSERT_CHUNK,
        sent_count: n - INSERT_CHUNK,
        cost: ((n - INSERT_CHUNK) * UNIT) / 10_000,
      });
      expect(b.failed).toContain('refused');
    } finally {
      await allow();
    }
  });

  it('keeps one message per number and one charge for a timed send of several chunks, the rest written in the state the batch is in', async () => {
    const n = INSERT_CHUNK * 2 + 7;
    const list = numbers(n, 13550000000);
    const timing_time = new Date(Date.now() + 3600_000).toISOString();
    // the second chunk waits, as after a lost connection, while the batch is paused
    const name = `refuse_timed_${kind}`;
    await p.ctx.db
      .exec(`create function ${name}() returns trigger language plpgsql as $$ begin raise exception 'refused' using errcode = '57P01'; end $$;
      create trigger ${name} before insert on time_mt_messages for each row when (new.mobile = '${list[INSERT_CHUNK + 1]}') execute function ${name}();`);
    const r = await p.call(
      '/user/groupSend',
      { cus_id: 'EP0001', content: 'timed in chunks', mobiles: list.join('\n'), timing_time },
      { token: admin, headers: { 'Idempotency-Key': `timed-${kind}` } },
    );
    expect(r.status).toBe(200);
    const tb = r.body.data.time_batch;
    const messages = () =>
      p.ctx.db.query<{ n: number; sns: number; paused: number }>(
        'select count(*)::int as n, count(distinct sn)::int as sns, count(*) filter (where send_status = 2)::int as paused from time_mt_messages where time_batch = $1',
        [tb],
      );
    expect((await messages())[0].n).toBe(INSERT_CHUNK);
    expect(
      (await p.call('/pageTimeBatch/operation', { time_batch: tb, operation: 'pause' }, { token: admin })).status,
    ).toBe(200);
    await p.ctx.db.exec(`drop trigger ${name} on time_mt_messages; drop function ${name}();`);
    await waitFor(messages, ([m]) => m.n === n);
    expect(await messages()).toEqual([{ n, sns: n, paused: n }]);
    expect(await ledger(tb)).toEqual([{ kind: 'send', amount: -(n * UNIT) / 10_000 }]);
    const [t] = await p.ctx.db.query<{ batch_count: number; charged: number }>(
      'select batch_count, charged::float8 as charged from time_batches where time_batch = $1',
      [tb],
    );
    expect(t).toEqual({ batch_count: n, charged: (n * UNIT) / 10_000 });
  });

  it("answers another account's call while a large send is still being written", { timeout: 120_000 }, async () => {
    const n = INSERT_CHUNK * 20;
    let answered = false;
    const sending = send(numbers(n, 13540000000), 'large while others read').then((r) => {
      answered = true;
      return r;
    });
    // the send's charge has committed with its first chunk: the rest is still to come
    await waitFor(
      () => countRows(p, "select 1 from mt_records where content = 'large while others read'"),
      (c) => c > 0,
      60_000,
    );
    const list = await p.call('/mtRecord/list', { pageNumber: 1, pageSize: 20 }, { token: other });
    expect(list.status).toBe(200);
    expect(answered).toBe(false);
    expect(await countRows(p, "select 1 from mt_records where content = 'large while others read'")).toBeLessThan(n);
    const r = await sending;
    expect(r.status).toBe(200);
    expect(await countRows(p, 'select 1 from mt_records where batch_id = $1', [r.body.data.batch_id])).toBe(n);
  });
});
