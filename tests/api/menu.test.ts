import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MenuItem } from '../../contract/endpoints/user.endpoints';
import { seedDemoTenant } from '../../platform/seed/demo-tenant';
import { RESOURCES } from '../../src/i18n/i18n';
import { DB_KINDS, startPlatform, type TestPlatform } from '../helpers/platform';

const paths = (items: MenuItem[]): string[] => items.flatMap((i) => (i.children ? paths(i.children) : [i.path]));
const labels = (items: MenuItem[]): string[] => items.flatMap((i) => [i.label, ...labels(i.children ?? [])]);
/** The console's text for an i18n key such as menu.group.send, or undefined. */
const lookup = (tree: unknown, key: string) =>
  key.split('.').reduce<any>((t, k) => (t && typeof t === 'object' ? t[k] : undefined), tree);

// Menus, account pickers, login-page settings, log upload and the demo tenant.
describe.each(DB_KINDS)('menus and pickers on %s', (kind) => {
  let p: TestPlatform;
  const tokens: Record<string, string> = {};
  beforeAll(async () => {
    p = await startPlatform(kind);
    for (const u of ['admin', 'agent', 'user']) tokens[u] = await p.login(u);
  });
  afterAll(async () => p?.close());

  const access = async (who: string) => {
    const r = await p.call('/user/getTopMenu', {}, { token: tokens[who] });
    expect(r.status).toBe(200);
    expect(r.body.data.map((t: any) => t.label)).toEqual([
      'topMenu.userCenter',
      'topMenu.homeSms',
      'topMenu.videoSms',
      'topMenu.internationalSms',
    ]);
    return Object.fromEntries(r.body.data.map((t: any) => [t.permCode, t.prodAccess]));
  };

  it('gives each top-menu area its prodAccess from the granted products', async () => {
    expect(await access('admin')).toEqual({ userCenter: true, homeSms: true, videoSms: true, internationalSms: true });
    expect(await access('user')).toEqual({ userCenter: true, homeSms: true, videoSms: true, internationalSms: false });
    // video opens with CSP alone
    await p.ctx.db.query(`delete from account_products where cus_id = 'SUB001' and prod_type = 2`);
    expect((await access('user')).videoSms).toBe(false);
    await p.ctx.db.query(`insert into account_products values ('SUB001', 6)`);
    expect((await access('user')).videoSms).toBe(true);
    await p.ctx.db.query(`delete from account_products where cus_id = 'SUB001' and prod_type = 6`);
    await p.ctx.db.query(`insert into account_products values ('SUB001', 2)`);
  });

  it('answers the menu tree of each product with the spec paths', async () => {
    const menu = async (permCode: string) =>
      (await p.call('/user/getMenu', { permCode }, { token: tokens.admin })).body.data as MenuItem[];
    expect(paths(await menu('homeSms'))).toEqual(
      expect.arrayContaining([
        '/mtRecordList',
        '/moRecordList',
        '/pageTimeBatchList',
        '/timeMtMessageList',
        '/dataGatheringBatchList',
        '/dataGatheringList',
        '/smsGroupSend',
      ]),
    );
    expect(paths(await menu('internationalSms')).sort()).toEqual([
      '/inteDataGatheringBatchList',
      '/inteDataGatheringList',
      '/inteMtRecordList',
      '/inteSmsSend',
    ]);
    expect(paths(await menu('videoSms')).sort()).toEqual([
      '/cspMtRecordList',
      '/cspSmsSend',
      '/cspTemplateList',
      '/videoMtRecordList',
      '/videoSmsSend',
      '/videoTemplateList',
    ]);
    const center = await menu('userCenter');
    expect(paths(center)).toEqual(
      expect.arrayContaining([
        '/rechargeList',
        '/subAccountList',
        '/addressBookList',
        '/contentTemplateList',
        '/shortLinkList',
        '/mobileStatusList',
        '/activity',
        '/info/setting',
      ]),
    );
    const mt = (await menu('homeSms')).flatMap((g) => g.children ?? []).find((i) => i.path === '/mtRecordList');
    expect(mt).toMatchObject({ id: 'mtRecordList', label: 'menu.mtRecordList' });
    // getMenu defaults to the user centre
    expect(paths((await p.call('/user/getMenu', {}, { token: tokens.admin })).body.data)).toEqual(paths(center));
  });

  it('labels every area and item with a key the console translates in zh and en', async () => {
    const keys = (await p.call('/user/getTopMenu', {}, { token: tokens.admin })).body.data.map((t: any) => t.label);
    for (const permCode of ['userCenter', 'homeSms', 'videoSms', 'internationalSms', 'cspSms']) {
      keys.push(...labels((await p.call('/user/getMenu', { permCode }, { token: tokens.admin })).body.data));
    }
    expect(keys.length).toBeGreaterThan(30);
    for (const key of keys) {
      // the console's merged catalogue: the shell's labels plus each area's own files
      expect(typeof lookup(RESOURCES.zh, key), key).toBe('string');
      expect(typeof lookup(RESOURCES.en, key), key).toBe('string');
    }
  });

  it('leaves out items whose roles exclude the user', async () => {
    const userCenter = paths(
      (await p.call('/user/getMenu', { permCode: 'userCenter' }, { token: tokens.user })).body.data,
    );
    expect(userCenter).not.toContain('/subAccountList');
    expect(userCenter).toContain('/rechargeList');
    const agentCenter = paths(
      (await p.call('/user/getMenu', { permCode: 'userCenter' }, { token: tokens.agent })).body.data,
    );
    expect(agentCenter).toContain('/subAccountList');
    // the platform's carriers, routes and their audit are the platform operator's alone
    const carrierScreens = ['/carrierStatus', '/carrierRoutes', '/carrierAudit', '/carrierCosts', '/carrierMargins'];
    const adminCenter = paths(
      (await p.call('/user/getMenu', { permCode: 'userCenter' }, { token: tokens.admin })).body.data,
    );
    for (const path of carrierScreens) expect([...userCenter, ...agentCenter, ...adminCenter]).not.toContain(path);
    const operator = await p.login('operator');
    expect(paths((await p.call('/user/getMenu', { permCode: 'userCenter' }, { token: operator })).body.data)).toEqual(
      expect.arrayContaining(carrierScreens),
    );
  });

  it('lists in an area only the screens of the products the account holds', async () => {
    const video = async () =>
      paths((await p.call('/user/getMenu', { permCode: 'videoSms' }, { token: tokens.user })).body.data).sort();
    // SUB001 holds video, not CSP: no card send, card records or card templates
    expect(await video()).toEqual(['/videoMtRecordList', '/videoSmsSend', '/videoTemplateList']);
    await p.ctx.db.query(`insert into account_products values ('SUB001', 6)`);
    await p.ctx.db.query(`delete from account_products where cus_id = 'SUB001' and prod_type = 2`);
    expect(await video()).toEqual(['/cspMtRecordList', '/cspSmsSend', '/cspTemplateList']);
    await p.ctx.db.query(`insert into account_products values ('SUB001', 2)`);
    expect(await video()).toHaveLength(6);
    await p.ctx.db.query(`delete from account_products where cus_id = 'SUB001' and prod_type = 6`);
  });

  it('refuses the menu of a product not granted with 403 in zh and en', async () => {
    const zh = await p.call('/user/getMenu', { permCode: 'internationalSms' }, { token: tokens.user });
    expect(zh).toMatchObject({ status: 403, body: { type: 403, message: '该产品尚未开通，请提交申请开通' } });
    const en = await p.call('/user/getMenu', { permCode: 'internationalSms' }, { token: tokens.user, lang: 'en' });
    expect(en.body.message).toBe('This product is not yet enabled, submit an application to enable it');
    const bad = await p.call('/user/getMenu', { permCode: 'nope' }, { token: tokens.user, lang: 'en' });
    expect(bad).toMatchObject({ status: 400, body: { field: 'permCode' } });
  });

  it('lists the accounts each caller may send from, per product', async () => {
    const list = async (who: string, prodType: number) =>
      ((await p.call('/user/getList', { prodType }, { token: tokens[who] })).body.data as Array<{ value: string }>).map(
        (r) => r.value,
      );
    expect(await list('admin', 1)).toEqual(['EP0001', 'AGT001', 'SUB002', 'SUB003']);
    expect(await list('admin', 0)).toEqual(['EP0001', 'AGT001', 'SUB001', 'SUB002', 'SUB003', 'SUB004']);
    // an agent sends only as itself: its sub-accounts' sends and records are their own data (platform/auth/scope.ts)
    expect(await list('agent', 0)).toEqual(['AGT001']);
    expect(await list('user', 0)).toEqual(['SUB001']);
    expect(await list('user', 1)).toEqual([]);
    const first = (await p.call('/user/getList', { prodType: 0 }, { token: tokens.admin })).body.data[0];
    expect(first).toEqual({ label: '演示企业 (EP0001)', value: 'EP0001' });
  });

  it('lists chatbots only of accounts the caller may see', async () => {
    const bots = async (who: string, cus_id: string) =>
      (await p.call('/user/getChatbotList', { cus_id }, { token: tokens[who] })).body.data;
    expect(await bots('admin', 'EP0001')).toEqual([
      { label: '演示企业客服', value: 'CB0001' },
      { label: '演示营销助手', value: 'CB0002' },
    ]);
    expect(await bots('admin', 'AGT001')).toHaveLength(1);
    expect(await bots('agent', 'AGT001')).toHaveLength(1);
    expect(await bots('agent', 'EP0001')).toEqual([]);
    expect(await bots('user', 'EP0001')).toEqual([]);
  });

  it('serves the login-page settings and the logo without a token', async () => {
    const s = await p.call('/setting/getClientWebSiteBeian');
    expect(s.status).toBe(200);
    // unnamed: the console shows its own name in the reader's language
    expect(s.body.data).toMatchObject({ client_name: '', show_language: true, login_page: 'default' });
    expect(s.body.data.client_website_beian).not.toBe('');
    const logo = await p.call('/setting/getSiteLogo');
    expect(logo.body.data.logoType).toBe('svg+xml');
    expect(Buffer.from(logo.body.data.logo, 'base64').toString()).toMatch(/^<svg [^>]*>.*<\/svg>$/);
    await p.ctx.db.query(`update site_settings set value = 'false' where key = 'show_language'`);
    expect((await p.call('/setting/getClientWebSiteBeian')).body.data.show_language).toBe(false);
  });

  it('stores uploaded console errors with the caller, once per Idempotency-Key', async () => {
    const entries = [
      {
        type: 'error',
        message: 'x is undefined',
        stack: 'at a (app.js:1:1)',
        info: '',
        url: 'http://h/sms-cloud/wel/index',
        time: '2026-11-21 10:00:00',
      },
      { type: 'unhandledrejection', message: '<b>boom</b>', url: '/x', time: '2026-11-21 10:00:01' },
    ];
    const headers = { 'Idempotency-Key': 'logs-1' };
    const r = await p.call('/log/upload', entries, { token: tokens.user, lang: 'en', headers });
    expect(r).toMatchObject({ status: 200, body: { message: 'Sent successfully', data: { stored: 2 } } });
    expect((await p.call('/log/upload', entries, { token: tokens.user, headers })).status).toBe(200);
    const rows = await p.ctx.db.query<Record<string, unknown>>(
      `select l.type, l.message, l.stack from client_logs l join users u on u.id = l.user_id where u.username = 'user' order by l.id`,
    );
    expect(rows).toEqual([
      { type: 'error', message: 'x is undefined', stack: 'at a (app.js:1:1)' },
      { type: 'unhandledrejection', message: '<b>boom</b>', stack: '' },
    ]);
    expect((await p.call('/log/upload', entries)).status).toBe(401);
    const none = await p.call('/log/upload', [], { token: tokens.user, lang: 'en' });
    expect(none.status).toBe(400);
    const many = await p.call(
      '/log/upload',
      Array.from({ length: 101 }, () => entries[0]),
      { token: tokens.user, lang: 'en' },
    );
    expect(many).toMatchObject({ status: 400, body: { message: 'At most 100 log entries per upload' } });
    const missing = await p.call('/log/upload', [{ type: 'error' }], { token: tokens.user, lang: 'en' });
    expect(missing).toMatchObject({ status: 400, body: { field: '0.message' } });
  });
});

describe.each(DB_KINDS)('demo tenant on %s', (kind) => {
  let p: TestPlatform;
  beforeAll(async () => {
    // seeded by its own start, as a first start seeds, not copied from the run's prepared database
    p = await startPlatform(kind, {}, { fresh: true });
  });
  afterAll(async () => p?.close());

  const counts = async () =>
    (
      await p.ctx.db.query<Record<string, number>>(
        `select (select count(*)::int from accounts) a, (select count(*)::int from users) u, (select count(*)::int from prices) p,
                (select count(*)::int from chatbots) c, (select count(*)::int from account_products) g`,
      )
    )[0];

  it('seeds again, twice at once, without duplicating or overwriting anything', async () => {
    await p.ctx.db.query(`update accounts set balance = 42 where cus_id = 'EP0001'`);
    const before = await counts();
    await Promise.all([seedDemoTenant(p.ctx), seedDemoTenant(p.ctx)]);
    expect(await counts()).toEqual(before);
    const [ep] = await p.ctx.db.query<{ balance: number }>(`select balance from accounts where cus_id = 'EP0001'`);
    expect(ep.balance).toBe(42);
  });

  it('has the enterprise, its sub-accounts, an agent with its own customer, and per-country prices', async () => {
    const accounts = await p.ctx.db.query<Record<string, unknown>>(
      `select cus_id, parent_id, status, pay_type from accounts where ep_id = 'EP0001' order by cus_id`,
    );
    expect(accounts.length).toBeGreaterThanOrEqual(6);
    expect(accounts.find((a) => a.cus_id === 'SUB003')).toMatchObject({ parent_id: 'AGT001' });
    expect(accounts.some((a) => a.status === 0)).toBe(true);
    expect(accounts.some((a) => a.pay_type === 1)).toBe(true);
    const prices = await p.ctx.db.query<{ prod_type: number; country_code: string; price: number }>(
      `select prod_type, country_code, price from prices where cus_id = 'EP0001' order by prod_type, country_code`,
    );
    expect(prices.filter((r) => r.prod_type === 0)).toEqual([{ prod_type: 0, country_code: '', price: 0.05 }]);
    expect(prices.find((r) => r.prod_type === 2)?.price).toBe(0.3);
    expect(prices.find((r) => r.prod_type === 6)?.price).toBe(0.1);
    expect(
      prices
        .filter((r) => r.prod_type === 1)
        .map((r) => r.country_code)
        .sort(),
    ).toEqual(['AU', 'DE', 'GB', 'ID', 'JP', 'KR', 'MY', 'PH', 'SG', 'TH', 'US', 'VN']);
    const users = await p.ctx.db.query<{ username: string; mobile: string; password_hash: string }>(
      `select username, mobile, password_hash from users order by username`,
    );
    for (const u of users) {
      expect(u.mobile).toMatch(/^1\d{10}$/);
      expect(u.password_hash).toMatch(/^scrypt\$16384\$8\$1\$[A-Za-z0-9+/=]{24}\$[A-Za-z0-9+/=]{44}$/);
    }
    expect(new Set(users.map((u) => u.password_hash.split('$')[4])).size).toBe(users.length);
  });
});
