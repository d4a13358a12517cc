import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_OPT_IN_WORDS, DEFAULT_OPT_OUT_WORDS, optActionOf } from '../../contract/validation/opt-keywords';
import { simulatedReplyFor } from '../../platform/messaging/simulator';
import { DB_KINDS, platformFor } from '../helpers/platform';
import { balanceOf, countRows, FAST_SIMULATOR, tokenFor, waitFor } from './send.fixtures';

// Sending over HTTP on both storages: counts, charging, records moving on, statistics, idempotency, scoping.
describe.each(DB_KINDS)('sending on %s', (kind) => {
  const p = platformFor(kind, { simulator: { ...FAST_SIMULATOR, replyRate: 1 } });
  let admin: string;
  let user: string;
  beforeAll(async () => {
    admin = await tokenFor(p, 'admin');
    user = await tokenFor(p, 'user');
  });

  const send = (
    body: unknown,
    init: { token?: string; lang?: 'zh' | 'en'; headers?: Record<string, string> } = {},
    path = '/user/groupSend',
  ) => p.call(path, body, { token: admin, ...init });
  const batchCount = () => countRows(p, 'select 1 from batches');

  it('sends to 5 numbers with one invalid and one duplicate: 3 records, charged exactly, reports and statistics follow', async () => {
    const before = await balanceOf(p, 'EP0001');
    const r = await send({
      cus_id: 'EP0001',
      content: 'Your order has shipped',
      mobiles: '13900000001\n13900000002, 13900000003\n12345\n13900000001',
    });
    expect(r.status).toBe(200);
    expect(r.body.type).toBe(0);
    expect(r.body.message).toBe('提交成功');
    expect(r.body.data).toMatchObject({
      validCount: 3,
      invalidCount: 1,
      repeatCount: 1,
      blacklistCount: 0,
      segments: 1,
      cost: 0.15,
      batch_type: 1,
    });
    const batchId = r.body.data.batch_id;
    expect(await countRows(p, 'select 1 from mt_records where batch_id = $1', [batchId])).toBe(3);
    expect(await balanceOf(p, 'EP0001')).toBeCloseTo(before - 0.15, 4);
    const ledger = await p.ctx.db.query<{ amount: number }>(
      "select amount from balance_ledger where ref = $1 and kind = 'send'",
      [batchId],
    );
    expect(ledger.map((l) => Number(l.amount))).toEqual([-0.15]);

    const final = await waitFor(
      () =>
        p.ctx.db.query<{ mt_status: number; report_result: string; report_result_desc: string }>(
          'select mt_status, report_result, report_result_desc from mt_records where batch_id = $1',
          [batchId],
        ),
      (rows) => rows.every((x) => x.mt_status === 0),
    );
    expect(final.every((x) => x.report_result === '0' && x.report_result_desc === 'DELIVRD')).toBe(true);
    const [batch] = await p.ctx.db.query<Record<string, number>>(
      'select receive_count, sent_count, success_count, failure_count, unknown_count from batches where batch_id = $1',
      [batchId],
    );
    expect(batch).toEqual({ receive_count: 3, sent_count: 3, success_count: 3, failure_count: 0, unknown_count: 0 });
    const stats = await p.ctx.db.query<{ id: string; sent_count: number; success_count: number }>(
      "select id, sent_count, success_count from stat_rows where cus_id = 'EP0001' and prod_type = 0 order by kind",
    );
    expect(stats.map((s) => s.id.split('|')[0]).sort()).toEqual(['day', 'month', 'year']);
    const day = stats.find((s) => s.id.startsWith('day|'))!;
    expect(day.id).toMatch(/^day\|0\|EP0001\|\d{4}-\d{2}-\d{2}$/);
    // stat rows count every record of the account: the ones above plus any other test's, never fewer
    const [mt] = await p.ctx.db.query<{ n: number; ok: number }>(
      "select count(*)::int as n, count(*) filter (where mt_status = 0)::int as ok from mt_records where cus_id = 'EP0001' and prod_type = 0",
    );
    expect(day.sent_count).toBe(mt.n);
    expect(day.success_count).toBe(mt.ok);
  });

  it('answers a retry with the same Idempotency-Key with the first answer and charges once', async () => {
    const before = await balanceOf(p, 'EP0001');
    const batches = await batchCount();
    const body = { cus_id: 'EP0001', content: 'idempotent hello', mobiles: '13900000011\n13900000012' };
    const headers = { 'Idempotency-Key': `k-${kind}-1` };
    const a = await send(body, { headers });
    const b = await send(body, { headers });
    expect(a.status).toBe(200);
    expect(b.status).toBe(200);
    expect(b.body).toEqual(a.body);
    expect(await batchCount()).toBe(batches + 1);
    expect(await balanceOf(p, 'EP0001')).toBeCloseTo(before - 0.1, 4);
  });

  it('refuses a send the balance cannot cover and changes nothing', async () => {
    await p.ctx.db.query("update accounts set balance = 0.01 where cus_id = 'SUB001'");
    const batches = await batchCount();
    const r = await send(
      { cus_id: 'SUB001', content: '余额测试', mobiles: '13900000021\n13900000022' },
      { lang: 'en' },
    );
    expect(r.status).toBe(400);
    expect(r.body.message).toBe('Insufficient balance');
    expect(await balanceOf(p, 'SUB001')).toBe(0.01);
    expect(await batchCount()).toBe(batches);
    // the seed's opening balance is the only ledger row
    expect(
      await countRows(p, "select 1 from balance_ledger where cus_id = 'SUB001' and ref is distinct from 'seed'"),
    ).toBe(0);
  });

  it('refuses empty content and a list without a valid number, in the caller language', async () => {
    const batches = await batchCount();
    const empty = await send({ cus_id: 'EP0001', content: '  ', mobiles: '13900000031' }, { lang: 'en' });
    expect(empty.status).toBe(400);
    expect(empty.body).toMatchObject({ message: 'Message content cannot be empty', field: 'content' });
    const none = await send({ cus_id: 'EP0001', content: 'hi', mobiles: '12345\n010-12345678\n01012345678' });
    expect(none.status).toBe(400);
    expect(none.body.message).toBe('有效号码数必须大于 0');
    expect(await batchCount()).toBe(batches);
  });

  it("refuses a sub-account naming another account's cus_id and creates nothing", async () => {
    const batches = await batchCount();
    const before = await balanceOf(p, 'EP0001');
    const r = await send({ cus_id: 'EP0001', content: 'not mine', mobiles: '13900000041' }, { token: user });
    expect(r.status).toBe(403);
    expect(await batchCount()).toBe(batches);
    expect(await balanceOf(p, 'EP0001')).toBe(before);
    // and a product the account lacks (SUB001 has no international)
    const inte = await send(
      { cus_id: 'SUB001', content: 'hi', mobiles: '+14155552671' },
      { token: user, lang: 'en' },
      '/user/inteGroupSend',
    );
    expect(inte.status).toBe(403);
    expect(inte.body.message).toMatch(/not yet enabled/);
  });

  it('charges every segment of long content', async () => {
    const before = await balanceOf(p, 'EP0001');
    const long = 'a'.repeat(161); // GSM-7: 2 parts of 153
    const zh = '长'.repeat(71); // UCS-2: 2 parts of 67
    const a = await send({ cus_id: 'EP0001', content: long, mobiles: '13900000051\n13900000052' });
    expect(a.body.data).toMatchObject({ validCount: 2, segments: 2, cost: 0.2 });
    const b = await send({ cus_id: 'EP0001', content: zh + '长'.repeat(64), mobiles: '13900000053' });
    expect(b.body.data).toMatchObject({ segments: 3, cost: 0.15 });
    expect(await balanceOf(p, 'EP0001')).toBeCloseTo(before - 0.35, 4);
    const [rec] = await p.ctx.db.query<{ segments: number; price: number }>(
      'select segments, price from mt_records where batch_id = $1 limit 1',
      [a.body.data.batch_id],
    );
    expect({ segments: rec.segments, price: Number(rec.price) }).toEqual({ segments: 2, price: 0.1 });
  });

  it('sends flagged content through review (100 in the review table) before the carrier', async () => {
    const r = await send({ cus_id: 'EP0001', content: '点击领取 http://t.cn/AbCdEf', mobiles: '13900000061' });
    expect(r.body.data.batch_type).toBe(0);
    const [rec] = await p.ctx.db.query<{ mt_status: number; table_name: string }>(
      'select mt_status, table_name from mt_records where batch_id = $1',
      [r.body.data.batch_id],
    );
    expect([100, 500, 0]).toContain(rec.mt_status);
    const done = await waitFor(
      () =>
        p.ctx.db.query<{ mt_status: number; table_name: string }>(
          'select mt_status, table_name from mt_records where batch_id = $1',
          [r.body.data.batch_id],
        ),
      (rows) => rows[0].mt_status === 0,
    );
    expect(done[0].table_name).toBe('mt');
    const [batch] = await p.ctx.db.query<{ sent_count: number }>('select sent_count from batches where batch_id = $1', [
      r.body.data.batch_id,
    ]);
    expect(batch.sent_count).toBe(1);
  });

  it('records replies and blacklists a number that replies with an unsubscribe word', async () => {
    const isUnsubscribe = (reply: string) =>
      optActionOf(reply, { optOut: DEFAULT_OPT_OUT_WORDS, optIn: DEFAULT_OPT_IN_WORDS }) === 'optOut';
    const candidates = Array.from({ length: 60 }, (_, i) => `1370000${String(i).padStart(4, '0')}`);
    const quitter = candidates.find((m) => isUnsubscribe(simulatedReplyFor(m)))!;
    const stayer = candidates.find((m) => !isUnsubscribe(simulatedReplyFor(m)))!;
    const r = await send({ cus_id: 'SUB002', content: '会员活动通知', mobiles: `${quitter}\n${stayer}` });
    expect(r.status).toBe(200);
    const mo = await waitFor(
      () =>
        p.ctx.db.query<{ mobile: string; content: string; whole_content: string; src_calling_number: string }>(
          'select mobile, content, whole_content, src_calling_number from mo_records where batch_id = $1',
          [r.body.data.batch_id],
        ),
      (rows) => rows.length === 2,
    );
    expect(mo.every((m) => m.whole_content === '会员活动通知' && m.src_calling_number === '1069008004')).toBe(true);
    expect(mo.find((m) => m.mobile === quitter)!.content).toBe(simulatedReplyFor(quitter));
    const black = await p.ctx.db.query<{ mobile: string }>(
      "select mobile from blacklist where ep_id = 'EP0001' and mobile = any($1::text[])",
      [[quitter, stayer]],
    );
    expect(black.map((b) => b.mobile)).toEqual([quitter]);
    const again = await send({ cus_id: 'EP0001', content: 'again', mobiles: `${quitter}\n${stayer}` });
    expect(again.body.data).toMatchObject({ validCount: 1, blacklistCount: 1 });
  });

  it('sends one-to-one contents as a batch of type 2', async () => {
    const r = await send({
      cus_id: 'EP0001',
      contents: [
        { mobile: '13900000071', content: 'Hi Li' },
        { mobile: '13900000072', content: 'Hi Wang' },
        { mobile: 'bad', content: 'x' },
      ],
    });
    expect(r.body.data).toMatchObject({ validCount: 2, invalidCount: 1, batch_type: 2, cost: 0.1 });
    const rows = await p.ctx.db.query<{ mobile: string; content: string }>(
      'select mobile, content from mt_records where batch_id = $1 order by mobile',
      [r.body.data.batch_id],
    );
    expect(rows).toEqual([
      { mobile: '13900000071', content: 'Hi Li' },
      { mobile: '13900000072', content: 'Hi Wang' },
    ]);
  });

  it('sends international numbers priced per country, refusing numbers without a country code', async () => {
    const r = await send(
      {
        cus_id: 'EP0001',
        content: 'Hello',
        mobiles: '+14155552671\n00447400123456\n4155552672\n+14155552671',
        sender_id: 'ACME1',
      },
      {},
      '/user/inteGroupSend',
    );
    expect(r.body.data).toMatchObject({ validCount: 2, invalidCount: 1, repeatCount: 1, cost: 0.75 });
    const rows = await p.ctx.db.query<{
      mobile: string;
      country_code: string;
      country_name: string;
      prod_type: number;
    }>('select mobile, country_code, country_name, prod_type from mt_records where batch_id = $1 order by mobile', [
      r.body.data.batch_id,
    ]);
    expect(rows).toEqual([
      { mobile: '+14155552671', country_code: 'US', country_name: '美国', prod_type: 1 },
      { mobile: '+447400123456', country_code: 'GB', country_name: '英国', prod_type: 1 },
    ]);
    const bad = await send(
      { cus_id: 'EP0001', content: 'Hello', mobiles: '+14155552671', sender_id: 'AC-ME' },
      { lang: 'en' },
      '/user/inteGroupSend',
    );
    expect(bad.status).toBe(400);
    await waitFor(
      () => countRows(p, "select 1 from stat_rows where kind = 'country' and prod_type = 1 and success_count > 0"),
      (n) => n === 2,
    );
  });

  it('sends video (per message), rich card through a chatbot, link and taoke sends', async () => {
    const video = await send(
      {
        cus_id: 'EP0001',
        title: '新品发布',
        frames: [{ mediaType: 'image', mediaUrl: 'https://x/1.png', textContent: '第一帧' }],
        mobiles: '13900000081\n13900000082',
      },
      {},
      '/videoTemplate/videoSmsGroupSend',
    );
    expect(video.body.data).toMatchObject({ validCount: 2, cost: 0.6, segments: 1 });
    const csp = await send(
      { cus_id: 'EP0001', chatbot_id: 'CB0001', template_name: '会员卡片', mobiles: '13900000083' },
      {},
      '/cspSmsGroupSend',
    );
    expect(csp.body.data).toMatchObject({ validCount: 1, cost: 0.1 });
    const [cspRec] = await p.ctx.db.query<{ prod_type: number; title: string }>(
      'select prod_type, title from mt_records where batch_id = $1',
      [csp.body.data.batch_id],
    );
    expect(cspRec).toEqual({ prod_type: 6, title: '会员卡片' });
    // by template id alone: the records show the template's name, not its id
    await p.ctx.db.query(
      `insert into csp_templates (template_id, cus_id, chatbot_id, template_name, content, template_status) values ('CSNAME01', 'EP0001', 'CB0001', '双十一卡片', '{}'::jsonb, 4) on conflict do nothing`,
    );
    await p.ctx.db.query(
      `insert into video_templates (cus_template_id, cus_id, title, frames, status) values ('VTNAME01', 'EP0001', '新品视频', '[]'::jsonb, 2) on conflict do nothing`,
    );
    const tpl = { template_id: 'CSNAME01', template_name: '双十一卡片' };
    const byId = await send(
      { cus_id: 'EP0001', chatbot_id: 'CB0001', template_id: tpl.template_id, mobiles: '13900000087' },
      {},
      '/cspSmsGroupSend',
    );
    const [byIdRec] = await p.ctx.db.query<{ title: string }>('select title from mt_records where batch_id = $1', [
      byId.body.data.batch_id,
    ]);
    expect(byIdRec.title).toBe(tpl.template_name);
    const vt = { cus_template_id: 'VTNAME01', title: '新品视频' };
    const videoById = await send(
      { cus_id: 'EP0001', cus_template_id: vt.cus_template_id, mobiles: '13900000088' },
      {},
      '/videoTemplate/videoSmsGroupSend',
    );
    const [videoRec] = await p.ctx.db.query<{ title: string }>('select title from mt_records where batch_id = $1', [
      videoById.body.data.batch_id,
    ]);
    expect(videoRec.title).toBe(vt.title);
    const wrongBot = await send(
      { cus_id: 'EP0001', chatbot_id: 'CB0201', template_name: 'x', mobiles: '13900000084' },
      {},
      '/cspSmsGroupSend',
    );
    expect(wrongBot.status).toBe(400);
    const link = await send(
      {
        cus_id: 'EP0001',
        content: 'Sale: {link}',
        long_link: 'https://shop.example.com/a/very/long/path?x=1',
        mobiles: '13900000085',
      },
      {},
      '/shortChainTool/smsLinkGroupSend',
    );
    expect(link.status).toBe(200);
    const [linkRec] = await p.ctx.db.query<{ content: string }>('select content from mt_records where batch_id = $1', [
      link.body.data.batch_id,
    ]);
    expect(linkRec.content).toBe(`Sale: ${link.body.data.short_link}`);
    const taoke = await send(
      {
        cus_id: 'EP0001',
        content: '爆款直降',
        product_link: 'https://item.taobao.com/item.htm?id=1',
        mobiles: '13900000086',
      },
      {},
      '/user/taokeGroupSend',
    );
    expect(taoke.body.data.batch_type).toBe(0);
  });
});
