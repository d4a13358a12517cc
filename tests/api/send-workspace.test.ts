import { beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, platformFor } from '../helpers/platform';
import { balanceOf, countRows, FAST_SIMULATOR, tokenFor } from './send.fixtures';

// The platform side of the send workspace on both storages: the price list the console prices with, the
// international sender id kept on the batch, one short link per recipient of a link send, and bounded send fields.
describe.each(DB_KINDS)('send workspace on %s', (kind) => {
  const p = platformFor(kind, { simulator: FAST_SIMULATOR });
  let admin: string;
  let user: string;
  beforeAll(async () => {
    admin = await tokenFor(p, 'admin');
    user = await tokenFor(p, 'user');
  });

  it('serves the price list of the accounts the caller may see, own prices over the enterprise', async () => {
    // AGT001: its own US price, the enterprise's JP price (its own JP row removed)
    await p.ctx.db.query(
      "update prices set price = 0.5 where cus_id = 'AGT001' and prod_type = 1 and country_code = 'US'",
    );
    await p.ctx.db.query("delete from prices where cus_id = 'AGT001' and prod_type = 1 and country_code = 'JP'");
    await p.ctx.db.query(
      "update prices set price = 0.47 where cus_id = 'EP0001' and prod_type = 1 and country_code = 'JP'",
    );
    const all = await p.call('/price/list', {}, { token: admin });
    expect(all.status).toBe(200);
    const rows = all.body.data.prices as Array<{
      cus_id: string;
      prod_type: number;
      country_code: string;
      price: number;
    }>;
    expect(rows.find((r) => r.cus_id === 'EP0001' && r.prod_type === 0)).toMatchObject({
      country_code: '',
      price: 0.05,
    });
    expect(rows.find((r) => r.cus_id === 'EP0001' && r.prod_type === 1 && r.country_code === 'US')?.price).toBe(0.35);
    expect(rows.find((r) => r.cus_id === 'AGT001' && r.prod_type === 1 && r.country_code === 'US')?.price).toBe(0.5);
    expect(rows.filter((r) => r.cus_id === 'AGT001' && r.prod_type === 1 && r.country_code === 'US')).toHaveLength(1);
    expect(
      rows.filter((r) => r.cus_id === 'AGT001' && r.prod_type === 1 && r.country_code === 'JP').map((r) => r.price),
    ).toEqual([0.47]);

    const intl = await p.call('/price/list', { cus_id: 'EP0001', prod_type: 1 }, { token: admin });
    expect(
      intl.body.data.prices.every(
        (r: { cus_id: string; prod_type: number }) => r.cus_id === 'EP0001' && r.prod_type === 1,
      ),
    ).toBe(true);
    expect(intl.body.data.prices.length).toBe(12);
    expect(intl.body.data.accounts).toEqual([
      { cus_id: 'EP0001', time_zone: expect.any(String), pay_type: 0, balance: expect.any(Number), status: 1 },
    ]);
    // a closed account is listed as such, so the send forms leave it out
    expect(all.body.data.accounts.find((a: { cus_id: string }) => a.cus_id === 'SUB004')).toMatchObject({ status: 0 });

    // a sub-account sees its own prices only, whatever it asks for
    const mine = await p.call('/price/list', {}, { token: user });
    expect(new Set(mine.body.data.prices.map((r: { cus_id: string }) => r.cus_id))).toEqual(new Set(['SUB001']));
    expect(mine.body.data.accounts.map((a: { cus_id: string }) => a.cus_id)).toEqual(['SUB001']);
    const other = await p.call('/price/list', { cus_id: 'EP0001' }, { token: user });
    expect(other.body.data).toEqual({ prices: [], accounts: [] });
    expect((await p.call('/price/list', {})).status).toBe(401);
    expect((await p.call('/price/list', { prod_type: 40000 }, { token: admin })).status).toBe(400);
  });

  it('keeps the international sender id on the batch, also for a timed send when it goes out', async () => {
    const r = await p.call(
      '/user/inteGroupSend',
      { cus_id: 'EP0001', content: 'Hello', mobiles: '+14155552671\n+447400123456', sender_id: 'ACME1' },
      { token: admin },
    );
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ validCount: 2, cost: 0.75 });
    const [b] = await p.ctx.db.query<{ sender_id: string }>('select sender_id from batches where batch_id = $1', [
      r.body.data.batch_id,
    ]);
    expect(b.sender_id).toBe('ACME1');

    const timing = new Date(Date.now() + 11 * 60_000).toISOString();
    const t = await p.call(
      '/user/inteGroupSend',
      { cus_id: 'EP0001', content: 'Later', mobiles: '+14155552671', sender_id: 'ACME2', timing_time: timing },
      { token: admin },
    );
    expect(t.status).toBe(200);
    const [tb] = await p.ctx.db.query<{ request: { sender_id: string } }>(
      'select request from time_batches where time_batch = $1',
      [t.body.data.time_batch],
    );
    expect(tb.request.sender_id).toBe('ACME2');
  });

  it('makes one short link per recipient of a link send, each record carrying its own', async () => {
    const before = await balanceOf(p, 'EP0001');
    const r = await p.call(
      '/shortChainTool/smsLinkGroupSend',
      {
        cus_id: 'EP0001',
        content: '活动链接 {link}',
        long_link: 'https://shop.example.com/promo?id=9',
        mobiles: '13900001001\n13900001002，13900001003 12345 13900001001',
      },
      { token: admin },
    );
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ validCount: 3, invalidCount: 1, repeatCount: 1, segments: 1, cost: 0.15 });
    expect(await balanceOf(p, 'EP0001')).toBeCloseTo(before - 0.15, 4);
    const links = await p.ctx.db.query<{ code: string; mobile: string; long_url: string }>(
      'select code, mobile, long_url from short_links where batch_id = $1 order by mobile',
      [r.body.data.batch_id],
    );
    expect(links.map((l) => l.mobile)).toEqual(['13900001001', '13900001002', '13900001003']);
    expect(new Set(links.map((l) => l.code)).size).toBe(3);
    expect(links.every((l) => l.long_url === 'https://shop.example.com/promo?id=9')).toBe(true);
    const records = await p.ctx.db.query<{ mobile: string; content: string }>(
      'select mobile, content from mt_records where batch_id = $1 order by mobile',
      [r.body.data.batch_id],
    );
    records.forEach((rec, i) => {
      expect(rec.mobile).toBe(links[i].mobile);
      expect(rec.content.startsWith('活动链接 ')).toBe(true);
      expect(rec.content.endsWith(links[i].code)).toBe(true);
    });
    expect(r.body.data.short_link.endsWith(links.find((l) => l.mobile === '13900001001')!.code)).toBe(true);
  });

  it("shortens a taoke send's product link per recipient, with the unsubscribe hint, always reviewed", async () => {
    const r = await p.call(
      '/user/taokeGroupSend',
      {
        cus_id: 'EP0001',
        content: '爆款直降',
        product_link: 'https://item.taobao.com/item.htm?id=9',
        mobiles: '13900001031\n13900001032',
      },
      { token: admin },
    );
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ validCount: 2, batch_type: 0 });
    const links = await p.ctx.db.query<{ code: string; mobile: string }>(
      'select code, mobile from short_links where batch_id = $1 order by mobile',
      [r.body.data.batch_id],
    );
    expect(links.map((l) => l.mobile)).toEqual(['13900001031', '13900001032']);
    const records = await p.ctx.db.query<{ content: string }>(
      'select content from mt_records where batch_id = $1 order by mobile',
      [r.body.data.batch_id],
    );
    records.forEach((rec, i) => expect(rec.content).toMatch(new RegExp(`^爆款直降 \\S+/${links[i].code} 回T退订$`)));
  });

  it('leaves no short links behind when a link send is refused, and none for an account the caller cannot see', async () => {
    await p.ctx.db.query("update accounts set balance = 0.01 where cus_id = 'SUB001'");
    const links = () =>
      countRows(
        p,
        "select 1 from short_links where cus_id in ('SUB001', 'EP0001') and long_url = 'https://refused.example.com/'",
      );
    const body = {
      cus_id: 'SUB001',
      content: 'x {link}',
      long_link: 'https://refused.example.com/',
      mobiles: '13900001011\n13900001012',
    };
    const poor = await p.call('/shortChainTool/smsLinkGroupSend', body, { token: user, lang: 'en' });
    expect(poor.status).toBe(400);
    expect(poor.body.message).toBe('Insufficient balance');
    const foreign = await p.call('/shortChainTool/smsLinkGroupSend', { ...body, cus_id: 'EP0001' }, { token: user });
    expect(foreign.status).toBe(403);
    expect(await links()).toBe(0);
  });

  it('refuses a plain send whose content still carries ${pN}, charging nothing; the one-to-one send fills them', async () => {
    const before = await balanceOf(p, 'EP0001');
    const template = '尊敬的${p1}，您的订单 ${p2} 已发货';
    const cases: Array<[string, Record<string, unknown>]> = [
      ['/user/groupSend', { cus_id: 'EP0001', content: template, mobiles: '13900001031\n13900001032' }],
      [
        '/shortChainTool/smsLinkGroupSend',
        { cus_id: 'EP0001', content: `${template} {link}`, long_link: 'https://example.com/', mobiles: '13900001031' },
      ],
      [
        '/user/taokeGroupSend',
        { cus_id: 'EP0001', content: template, product_link: 'https://example.com/p', mobiles: '13900001031' },
      ],
      ['/user/inteGroupSend', { cus_id: 'EP0001', content: 'Hi ${p1}', mobiles: '+14155552671' }],
    ];
    for (const [path, body] of cases) {
      const zh = await p.call(path, body, { token: admin, lang: 'zh' });
      expect(zh.status, path).toBe(400);
      expect(zh.body).toMatchObject({ message: '内容含未填写的变量（${pN}），请使用个性化群发', field: 'content' });
    }
    const en = await p.call('/user/groupSend', cases[0][1], { token: admin, lang: 'en' });
    expect(en.body.message).toBe('The content has unfilled variables (${pN}): use the personalised send');
    expect(await balanceOf(p, 'EP0001')).toBe(before);
    const personal = await p.call(
      '/user/groupSend',
      {
        cus_id: 'EP0001',
        content: template,
        contents: [{ mobile: '13900001031', content: '尊敬的王先生，您的订单 A1 已发货' }],
      },
      { token: admin },
    );
    expect(personal.status).toBe(200);
    expect(personal.body.data).toMatchObject({ validCount: 1 });
  });

  it('refuses unstorable or oversized send fields with a localized 400', async () => {
    const cases: Array<[string, Record<string, unknown>]> = [
      ['/user/groupSend', { cus_id: 'EP0001', content: 'a\u0000b', mobiles: '13900001021' }],
      ['/user/groupSend', { cus_id: 'EP0001', content: '短'.repeat(3000), mobiles: '13900001021' }],
      ['/user/groupSend', { cus_id: '\uD800', content: 'x', mobiles: '13900001021' }],
      ['/user/groupSend', { cus_id: 'EP0001', content: 'x', mobiles: 9e15 }],
      ['/user/inteGroupSend', { cus_id: 'EP0001', content: 'x', mobiles: '+14155552671', sender_id: 'A\u0000' }],
      [
        '/shortChainTool/smsLinkGroupSend',
        { cus_id: 'EP0001', content: 'x', long_link: 'not a url', mobiles: '13900001021' },
      ],
      [
        '/videoTemplate/videoSmsGroupSend',
        { cus_id: 'EP0001', title: 't', frames: [{ textContent: '\uDC00' }], mobiles: '13900001021' },
      ],
      ['/cspSmsGroupSend', { cus_id: 'EP0001', chatbot_id: 'x'.repeat(3000), mobiles: '13900001021' }],
      ['/user/groupSend', { cus_id: 'EP0001', contents: [{ mobile: '13900001021', content: '\u0000' }] }],
    ];
    for (const [path, body] of cases) {
      const r = await p.call(path, body, { token: admin, lang: 'en' });
      expect(r.status, `${path} ${JSON.stringify(body).slice(0, 80)}`).toBe(400);
      expect(typeof r.body.message).toBe('string');
    }
  });
});
