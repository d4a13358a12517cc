import { beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, platformFor } from '../helpers/platform';
import { balanceOf, countRows, FAST_SIMULATOR, tokenFor, waitFor } from './send.fixtures';

// Timed batches over HTTP on both storages: scheduling, pause/edit/recover/intercept with refunds, the scheduler.
describe.each(DB_KINDS)('timed batches on %s', (kind) => {
  const p = platformFor(kind, { simulator: FAST_SIMULATOR });
  let admin: string;
  let user: string;
  beforeAll(async () => {
    admin = await tokenFor(p, 'admin');
    user = await tokenFor(p, 'user');
  });

  const call = (path: string, body: unknown, init: { token?: string; lang?: 'zh' | 'en' } = {}) =>
    p.call(path, body, { token: admin, ...init });
  /** ISO 8601 with the +08:00 offset, `minutes` from now. */
  const isoIn = (minutes: number) => {
    const local = new Date(Date.now() + minutes * 60_000 + 8 * 3600_000);
    return `${local.toISOString().slice(0, 19)}+08:00`;
  };
  const statusOf = async (tb: string) =>
    (
      await p.ctx.db.query<{ send_status: number }>('select send_status from time_batches where time_batch = $1', [tb])
    )[0].send_status;
  const seqOf = async (tb: string) =>
    Number((await p.ctx.db.query<{ seq: string }>('select seq from time_batches where time_batch = $1', [tb]))[0].seq);

  it('schedules 15 minutes ahead, then pauses, edits, recovers, intercepts and refunds', async () => {
    const start = await balanceOf(p, 'EP0001');
    const r = await call('/user/groupSend', {
      cus_id: 'EP0001',
      content: 'Flash sale tonight',
      mobiles: '13600000001\n13600000002\n13600000003',
      timing_time: isoIn(15),
    });
    expect(r.status).toBe(200);
    expect(r.body.message).toBe('定时短信提交成功');
    const tb = r.body.data.time_batch as string;
    expect(r.body.data).toMatchObject({ batch_id: tb, validCount: 3, cost: 0.15 });
    expect(await balanceOf(p, 'EP0001')).toBeCloseTo(start - 0.15, 4);
    expect(await countRows(p, 'select 1 from time_mt_messages where time_batch = $1 and send_status = 0', [tb])).toBe(
      3,
    );
    expect(await countRows(p, 'select 1 from mt_records where batch_id = $1', [tb])).toBe(0);

    const pause = await call('/pageTimeBatch/operation', { time_batch: tb, operation: 'pause' });
    expect(pause.status).toBe(200);
    expect(pause.body.message).toBe('暂停成功');
    expect(await statusOf(tb)).toBe(2);
    // the row's change-feed position after the command, for the console to keep its copy over older pulls
    expect(pause.body.data.seq).toBe(await seqOf(tb));
    const pauseAgain = await call('/pageTimeBatch/operation', { time_batch: tb, operation: 'pause' }, { lang: 'en' });
    expect(pauseAgain.status).toBe(400);
    expect(pauseAgain.body.message).toBe('Pause failure');

    const empty = await call('/pageTimeBatch/edit', { time_batch: tb, content: '   ' }, { lang: 'en' });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe('Timed message content cannot be empty');
    const long = 'b'.repeat(200); // 2 segments: 3 numbers × 2 × 0.05
    // the quote says what the save will charge, and changes nothing
    const quote = await call('/pageTimeBatch/editQuote', { time_batch: tb, content: long });
    expect(quote.body.data).toEqual({
      segmentsBefore: 1,
      segments: 2,
      charged: 0.15,
      newCharged: 0.3,
      difference: 0.15,
    });
    expect(await balanceOf(p, 'EP0001')).toBeCloseTo(start - 0.15, 4);
    const timingOf = async () =>
      (
        await p.ctx.db.query<{ t: Date }>('select timing_time as t from time_batches where time_batch = $1', [tb])
      )[0].t.getTime();
    const scheduled = await timingOf();
    // a new time less than 10 minutes ahead is refused with the send's rule, and changes nothing
    const tooSoon = await call(
      '/pageTimeBatch/edit',
      { time_batch: tb, content: long, timing_time: Date.now() + 5 * 60_000 },
      { lang: 'en' },
    );
    expect(tooSoon.status).toBe(400);
    expect(tooSoon.body.message).toBe('The scheduled time must be at least 10 minutes ahead');
    expect(await timingOf()).toBe(scheduled);
    expect(await balanceOf(p, 'EP0001')).toBeCloseTo(start - 0.15, 4);
    const later = Math.floor((Date.now() + 60 * 60_000) / 1000) * 1000;
    const edit = await call('/pageTimeBatch/edit', { time_batch: tb, content: long, timing_time: later });
    expect(edit.status).toBe(200);
    expect(edit.body.message).toBe('编辑成功');
    expect(edit.body.data).toEqual({
      time_batch: tb,
      segments: 2,
      charged: 0.3,
      difference: 0.15,
      timing_time: later,
      seq: await seqOf(tb),
    });
    expect(await timingOf()).toBe(later);
    expect(
      await countRows(p, 'select 1 from time_mt_messages where time_batch = $1 and timing_time = $2', [
        tb,
        new Date(later),
      ]),
    ).toBe(3);
    expect(edit.body.data.seq).toBeGreaterThan(pause.body.data.seq);
    expect(await balanceOf(p, 'EP0001')).toBeCloseTo(start - 0.3, 4);

    const recover = await call('/pageTimeBatch/operation', { time_batch: tb, operation: 'recover' }, { lang: 'en' });
    expect(recover.body.message).toBe('Recovery success');
    expect(await statusOf(tb)).toBe(0);

    const intercept = await call('/pageTimeBatch/operation', { time_batch: tb, operation: 'intercept' });
    expect(intercept.body).toMatchObject({ message: '拦截成功', data: { send_status: 3, refunded: 0.3 } });
    expect(await balanceOf(p, 'EP0001')).toBeCloseTo(start, 4);
    expect(await countRows(p, 'select 1 from time_mt_messages where time_batch = $1 and send_status = 3', [tb])).toBe(
      3,
    );

    const recoverAfter = await call('/pageTimeBatch/operation', { time_batch: tb, operation: 'recover' });
    expect(recoverAfter.body.message).toBe('恢复失败');
    const interceptAgain = await call('/pageTimeBatch/operation', { time_batch: tb, operation: 'intercept' });
    expect(interceptAgain.body.message).toBe('拦截失败');
    const editAfter = await call('/pageTimeBatch/edit', { time_batch: tb, content: 'late' });
    expect(editAfter.status).toBe(400);
    expect(editAfter.body.message).toBe('编辑失败');
    expect(await balanceOf(p, 'EP0001')).toBeCloseTo(start, 4);
  });

  it('refuses a time less than 10 minutes ahead and takes local times in the account zone', async () => {
    const soon = await call(
      '/user/groupSend',
      { cus_id: 'EP0001', content: 'x', mobiles: '13600000011', timing_time: isoIn(5) },
      { lang: 'en' },
    );
    expect(soon.status).toBe(400);
    expect(soon.body.message).toMatch(/at least 10 minutes/);
    const bad = await call('/user/groupSend', {
      cus_id: 'EP0001',
      content: 'x',
      mobiles: '13600000011',
      timing_time: 'tomorrow',
    });
    expect(bad.status).toBe(400);
    const iso = isoIn(60);
    const local = `${iso.slice(0, 10)} ${iso.slice(11, 19)}`;
    const ok = await call('/user/groupSend', {
      cus_id: 'EP0001',
      content: 'x',
      mobiles: '13600000011',
      timing_time: local,
    });
    expect(ok.status).toBe(200);
    const [t] = await p.ctx.db.query<{ timing_time: Date }>(
      'select timing_time from time_batches where time_batch = $1',
      [ok.body.data.time_batch],
    );
    expect(new Date(t.timing_time).getTime()).toBe(new Date(iso).getTime());
  });

  it('sends a due batch once as a normal batch without charging again', async () => {
    const r = await call('/user/groupSend', {
      cus_id: 'EP0001',
      content: 'due soon',
      mobiles: '13600000021\n13600000022',
      timing_time: isoIn(20),
    });
    const tb = r.body.data.time_batch as string;
    const charged = await balanceOf(p, 'EP0001');
    await p.ctx.db.query("update time_batches set timing_time = now() - interval '1 second' where time_batch = $1", [
      tb,
    ]);
    const [sent] = await waitFor(
      () =>
        p.ctx.db.query<{ send_status: number; batch_id: string | null }>(
          'select send_status, batch_id from time_batches where time_batch = $1',
          [tb],
        ),
      (rows) => rows[0].send_status === 1,
    );
    expect(sent.batch_id).toBeTruthy();
    await waitFor(
      () => countRows(p, 'select 1 from mt_records where batch_id = $1 and mt_status = 0', [sent.batch_id]),
      (n) => n === 2,
    );
    expect(await countRows(p, 'select 1 from time_mt_messages where time_batch = $1 and send_status = 1', [tb])).toBe(
      2,
    );
    expect(await balanceOf(p, 'EP0001')).toBeCloseTo(charged, 4);
    const op = await call('/pageTimeBatch/operation', { time_batch: tb, operation: 'pause' });
    expect(op.status).toBe(400);
  });

  it('refuses an edit whose extra segments the balance cannot cover, changing nothing', async () => {
    const r = await call('/user/groupSend', {
      cus_id: 'SUB001',
      content: 'short',
      mobiles: '13600000041',
      timing_time: isoIn(40),
    });
    const tb = r.body.data.time_batch as string;
    await p.ctx.db.query("update accounts set balance = 0 where cus_id = 'SUB001'");
    const edit = await call('/pageTimeBatch/edit', { time_batch: tb, content: 'c'.repeat(400) }, { lang: 'en' });
    expect(edit.status).toBe(400);
    expect(edit.body.message).toBe('Insufficient balance');
    const [t] = await p.ctx.db.query<{ content: string; charged: number }>(
      'select content, charged from time_batches where time_batch = $1',
      [tb],
    );
    expect({ content: t.content, charged: Number(t.charged) }).toEqual({ content: 'short', charged: 0.05 });
    expect(await balanceOf(p, 'SUB001')).toBe(0);
    // a shorter edit refunds instead
    const back = await call('/pageTimeBatch/edit', { time_batch: tb, content: 'ok' });
    expect(back.body.data).toMatchObject({ segments: 1, difference: 0 });
  });

  it('edits and sends a timed batch created without a stored request (seeded data), pricing from its charge', async () => {
    const tb = `SEED-${kind}`;
    await p.ctx.db.query(
      `insert into time_batches (time_batch, cus_id, prod_type, batch_type, send_status, timing_time, create_time, content, batch_count, charged)
       values ($1, 'EP0001', 0, 0, 0, now() + interval '2 hours', now(), 'seeded', 2, 0.1)`,
      [tb],
    );
    await p.ctx.db.query(
      `insert into time_mt_messages (sn, time_batch, cus_id, mobile, send_status, timing_time, create_time)
       select $1 || '-' || g, $1, 'EP0001', '1360000005' || g, 0, now() + interval '2 hours', now() from generate_series(1, 2) g`,
      [tb],
    );
    const edit = await call('/pageTimeBatch/edit', { time_batch: tb, content: 'd'.repeat(200) });
    expect(edit.body.data).toMatchObject({
      time_batch: tb,
      segments: 2,
      charged: 0.2,
      difference: 0.1,
      seq: await seqOf(tb),
    });
    await p.ctx.db.query("update time_batches set timing_time = now() - interval '1 second' where time_batch = $1", [
      tb,
    ]);
    const [sent] = await waitFor(
      () =>
        p.ctx.db.query<{ send_status: number; batch_id: string | null }>(
          'select send_status, batch_id from time_batches where time_batch = $1',
          [tb],
        ),
      (rows) => rows[0].send_status === 1,
    );
    const recs = await p.ctx.db.query<{ price: number; segments: number }>(
      'select price, segments from mt_records where batch_id = $1',
      [sent.batch_id],
    );
    expect(recs.map((r) => [Number(r.price), r.segments])).toEqual([
      [0.1, 2],
      [0.1, 2],
    ]);
  });

  it("hides another account's timed batch from a sub-account", async () => {
    const r = await call('/user/groupSend', {
      cus_id: 'EP0001',
      content: 'private',
      mobiles: '13600000031',
      timing_time: isoIn(30),
    });
    const tb = r.body.data.time_batch as string;
    const op = await call('/pageTimeBatch/operation', { time_batch: tb, operation: 'intercept' }, { token: user });
    expect(op.status).toBe(404);
    const edit = await call('/pageTimeBatch/edit', { time_batch: tb, content: 'hacked' }, { token: user });
    expect(edit.status).toBe(404);
    const quote = await call('/pageTimeBatch/editQuote', { time_batch: tb, content: 'hacked' }, { token: user });
    expect(quote.status).toBe(404);
    expect(await statusOf(tb)).toBe(0);
  });
});
