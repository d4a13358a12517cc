import { beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, platformFor } from '../helpers/platform';
import { expectedSns, HOUR, insertFixtures, MT, timeOf } from './records.fixtures';

// Record lists over real HTTP: every filter, paging totals, the batch summary row, and who sees which accounts' records.
describe.each(DB_KINDS)('record lists on %s', (kind) => {
  const p = platformFor(kind);
  let admin: string;
  let agent: string;
  let user: string;
  const now = new Date();
  const sns = (r: { body: { data: { data: Array<{ sn: string }> } } }) => r.body.data.data.map((d) => d.sn);

  beforeAll(async () => {
    await insertFixtures(p.ctx.db, now);
    [admin, agent, user] = await Promise.all([p.login('admin'), p.login('agent'), p.login('user')]);
  });

  const home = (m: (typeof MT)[number]) => m.prod_type === 0;

  it('lists every visible home record newest first for userType 1, with full documents', async () => {
    const r = await p.call('/mtRecord/list', { pageNumber: 1, pageSize: 50, prod_type: 0 }, { token: admin });
    expect(r.status).toBe(200);
    expect(r.body.data.total).toBe(MT.filter(home).length);
    expect(r.body.data.totalExact).toBe(true);
    expect(sns(r)).toEqual(expectedSns(home));
    const first = r.body.data.data[0];
    expect(first).toMatchObject({
      sn: 'T-EP-1',
      cus_name: '演示企业',
      decodeMobile: '13811110001',
      mt_status: 0,
      deleted: false,
    });
    expect(first.receive_time).toBe(timeOf(now, 1).getTime());
    expect(typeof first.seq).toBe('number');
  });

  it('filters by status, account, phone prefix, content, month and submit-time range', async () => {
    const list = async (body: object) =>
      sns(await p.call('/mtRecord/list', { pageSize: 50, prod_type: 0, ...body }, { token: admin }));
    expect(await list({ mt_status: 700 })).toEqual(expectedSns((m) => home(m) && m.mt_status === 700));
    expect(await list({ mt_status: '' })).toEqual(expectedSns(home));
    expect(await list({ cus_id: 'SUB001' })).toEqual(['T-SUB1-1', 'T-SUB1-2']);
    expect(await list({ decodeMobile: '139222' })).toEqual(['T-EP-3', 'T-EP-4']);
    expect(await list({ decodeContent: '验证码' })).toEqual(['T-EP-1', 'T-EP-2', 'T-SUB1-1']);
    expect(await list({ decodeContent: '%' })).toEqual([]);
    const start = timeOf(now, 5).getTime();
    const end = timeOf(now, 2).getTime();
    expect(await list({ startTime: start, endTime: end })).toEqual(['T-EP-2', 'T-EP-3', 'T-SUB1-1', 'T-SUB1-2']);
    const old = MT.find((m) => m.sn === 'T-EP-5')!;
    const month = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Shanghai', year: 'numeric', month: '2-digit' })
      .format(timeOf(now, old.hoursAgo))
      .replace('-', '');
    expect(await list({ month })).toContain('T-EP-5');
    expect(await list({ cus_id: 'EP0001', mt_status: 0, decodeMobile: '1381111' })).toEqual(['T-EP-1', 'T-EP-2']);
  });

  it('pages with a stable total', async () => {
    const all = expectedSns(home);
    const page = (n: number) =>
      p.call('/mtRecord/list', { pageNumber: n, pageSize: 3, prod_type: 0 }, { token: admin });
    const [one, two, last] = await Promise.all([page(1), page(2), page(3)]);
    expect([one, two, last].map((r) => r.body.data.total)).toEqual([all.length, all.length, all.length]);
    expect([...sns(one), ...sns(two), ...sns(last)]).toEqual(all);
    expect(sns(last)).toHaveLength(all.length - 6);
  });

  it('lists international, video and CSP lines by prod_type', async () => {
    expect(sns(await p.call('/mtRecord/list', { prod_type: 1 }, { token: admin }))).toEqual(['T-EP-I1']);
    const intl = await p.call('/newMtRecord/list', { prod_type: 1 }, { token: admin });
    expect(intl.body.data.data[0]).toMatchObject({ countryName: '美国', countryCode: 'US', priceStr: '0.0500' });
    expect(sns(await p.call('/newMtRecord/list', { prod_type: 2 }, { token: admin }))).toEqual([
      'T-SUB1-V1',
      'T-EP-V1',
    ]);
    const csp = await p.call('/newMtRecord/list', { prod_type: 6 }, { token: admin });
    expect(csp.body.data.data.map((d: { titleStr: string }) => d.titleStr)).toEqual(['订单通知卡片']);
  });

  it('shows an ordinary user only its own account, whatever cus_id it names', async () => {
    expect(sns(await p.call('/mtRecord/list', { prod_type: 0, cus_id: 'EP0001' }, { token: user }))).toEqual([]);
    expect((await p.call('/mtRecord/list', { prod_type: 0, cus_id: 'EP0001' }, { token: user })).body.data.total).toBe(
      0,
    );
    expect(sns(await p.call('/mtRecord/list', { prod_type: 0 }, { token: user }))).toEqual(['T-SUB1-1', 'T-SUB1-2']);
    expect(sns(await p.call('/newMtRecord/list', { prod_type: 2, cus_id: 'EP0001' }, { token: user }))).toEqual([]);
    // showContentFilterWhere 0: the content search is not honoured
    expect(sns(await p.call('/mtRecord/list', { prod_type: 0, decodeContent: '验证码' }, { token: user }))).toEqual([
      'T-SUB1-1',
      'T-SUB1-2',
    ]);
    const mo = await p.call('/moRecord/list', { cus_id: 'EP0001' }, { token: user });
    expect(mo.body.data.total).toBe(0);
    const batches = await p.call('/dataGathering/batchList', { cus_id: 'EP0001' }, { token: user });
    expect(batches.body.data.data).toEqual([]);
    expect(batches.body.data.summary.receive).toBe(0);
    const replies = await p.call('/dataGathering/queryReplyCount', { batch_id: 'TB-EP' }, { token: user });
    expect(replies.body.data.replyCount).toBe(0);
  });

  it('shows an agent (userType 2) only its own records, not those of the accounts it created', async () => {
    expect(sns(await p.call('/mtRecord/list', { prod_type: 0 }, { token: agent }))).toEqual(['T-AGT-1']);
    expect(sns(await p.call('/mtRecord/list', { prod_type: 0, cus_id: 'SUB003' }, { token: agent }))).toEqual([]);
    expect(sns(await p.call('/mtRecord/list', { prod_type: 0, cus_id: 'SUB001' }, { token: agent }))).toEqual([]);
    const pulled = await p.call('/mtRecord/pull', { direction: 'backfill', limit: 1000 }, { token: agent });
    expect(new Set(pulled.body.data.documents.map((d: { cus_id: string }) => d.cus_id))).toEqual(new Set(['AGT001']));
    const batches = await p.call('/dataGathering/batchList', {}, { token: agent });
    expect(batches.body.data.data.map((b: { batch_id: string }) => b.batch_id)).toEqual(['TB-AGT']);
  });

  it('lists replies with caller, phone, content and time filters', async () => {
    const r = await p.call('/moRecord/list', {}, { token: admin });
    expect(sns(r)).toEqual(['TR-EP-1', 'TR-EP-2', 'TR-SUB1-1']);
    expect(r.body.data.data[0]).toMatchObject({
      decodeContent: '好的',
      decodeWholeContent: '原短信',
      src_calling_number: '1068001',
    });
    expect(sns(await p.call('/moRecord/list', { decodeContent: 'TD' }, { token: admin }))).toEqual(['TR-EP-2']);
    expect(sns(await p.call('/moRecord/list', { decodeMobile: '1381111900' }, { token: admin }))).toEqual([
      'TR-SUB1-1',
    ]);
    expect(sns(await p.call('/moRecord/list', { startTime: timeOf(now, 2).getTime() }, { token: admin }))).toEqual([
      'TR-EP-1',
      'TR-EP-2',
    ]);
    expect(sns(await p.call('/moRecord/list', {}, { token: user }))).toEqual(['TR-SUB1-1']);
    expect(
      (await p.call('/dataGathering/queryReplyCount', { batch_id: 'TB-EP' }, { token: admin })).body.data.replyCount,
    ).toBe(2);
  });

  it('answers the batch list with a summary row: pending never below zero', async () => {
    const r = await p.call('/dataGathering/batchList', { pageSize: 2 }, { token: admin });
    expect(r.body.data.total).toBe(4);
    expect(r.body.data.data).toHaveLength(2);
    // receive 5+4+1+1, pending max(0,0)+max(2)+max(-2->0)+0, sent 5+2+3+1
    expect(r.body.data.summary).toEqual({ receive: 11, pending: 2, sent: 11, success: 6, failure: 2, unknown: 1 });
    const agt = r.body.data.data.find((b: { batch_id: string }) => b.batch_id === 'TB-AGT');
    if (agt) expect(agt.wait_send_count).toBe(0);
    const sub = await p.call('/dataGathering/batchList', { cus_id: 'SUB001' }, { token: admin });
    expect(
      sub.body.data.data.map((b: { batch_id: string; wait_send_count: number }) => [b.batch_id, b.wait_send_count]),
    ).toEqual([['TB-SUB1', 2]]);
    const agentView = await p.call('/dataGathering/batchList', {}, { token: agent });
    expect(agentView.body.data.summary).toEqual({
      receive: 1,
      pending: 0,
      sent: 3,
      success: 1,
      failure: 0,
      unknown: 0,
    });
  });

  it('lists timed batches and their numbers, scoped', async () => {
    const all = await p.call('/pageTimeBatch/list', {}, { token: admin });
    expect(all.body.data.data.map((b: { time_batch: string }) => b.time_batch).sort()).toEqual([
      'TT-EP-1',
      'TT-EP-2',
      'TT-SUB1-1',
    ]);
    const paused = await p.call('/pageTimeBatch/list', { send_status: 2 }, { token: admin });
    expect(paused.body.data.data.map((b: { time_batch: string }) => b.time_batch)).toEqual(['TT-EP-2']);
    const mine = await p.call('/pageTimeBatch/list', {}, { token: user });
    expect(mine.body.data.data.map((b: { time_batch: string }) => b.time_batch)).toEqual(['TT-SUB1-1']);
    const numbers = await p.call('/timeMtMessage/list', { time_batch: 'TT-EP-1' }, { token: admin });
    expect(numbers.body.data.total).toBe(2);
    expect(numbers.body.data.data[0]).toMatchObject({ time_batch: 'TT-EP-1', cus_id: 'EP0001' });
    expect((await p.call('/timeMtMessage/list', { time_batch: 'TT-EP-1' }, { token: user })).body.data.total).toBe(0);
  });

  it('refuses bad filters with a localized 400 and never a 5xx', async () => {
    const zh = await p.call('/mtRecord/list', { prod_type: 0, mt_status: 123 }, { token: admin });
    expect(zh.status).toBe(400);
    expect(zh.body.message).toContain('发送状态');
    const en = await p.call('/mtRecord/list', { prod_type: 0, month: '2024-01' }, { token: admin, lang: 'en' });
    expect(en.status).toBe(400);
    expect(en.body.message).toBe('The month must be written YYYYMM');
    const badProd = await p.call('/mtRecord/list', { prod_type: 2 }, { token: admin });
    expect(badProd.status).toBe(400);
    const noToken = await p.call('/mtRecord/list', {});
    expect(noToken.status).toBe(401);
    const hugePage = await p.call('/moRecord/list', { pageSize: 100000 }, { token: admin });
    expect(hugePage.status).toBe(400);
  });

  it('keeps totals exact for small sets and estimates beyond the cap', async () => {
    // 10,001+ rows in one account: the total is no longer counted exactly
    await p.ctx.db.query(
      `insert into mt_records (sn, prod_type, cus_id, batch_id, mobile, content, mt_status, receive_time, month)
       select 'BULK' || g, 0, 'SUB002', 'TB-BULK', '1500000' || lpad(g::text, 4, '0'), 'bulk', 0, $1::timestamptz - make_interval(secs => g), '202001'
         from generate_series(1, 10050) g`,
      [new Date(now.getTime() - 100 * HOUR)],
    );
    await p.ctx.db.exec('analyze mt_records');
    const big = await p.call('/mtRecord/list', { prod_type: 0, cus_id: 'SUB002' }, { token: admin });
    expect(big.body.data.totalExact).toBe(false);
    expect(big.body.data.total).toBeGreaterThan(10_000);
    const small = await p.call(
      '/mtRecord/list',
      { prod_type: 0, cus_id: 'SUB002', decodeMobile: '150000000' },
      { token: admin },
    );
    expect(small.body.data).toMatchObject({ total: 99, totalExact: true });
  });
});
