import { beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, platformFor } from '../helpers/platform';
import { balanceOf, countRows, tokenFor } from './send.fixtures';
import { subAccountRequest } from './sub-account.fixtures';

// Sub-accounts over HTTP on both storages: the field rules' edges, who may act, add, log in,
// open/close with sessions ending, detail, charge within the enterprise balance with a ledger row on each side.
describe.each(DB_KINDS)('sub-accounts on %s', (kind) => {
  const p = platformFor(kind);
  let admin: string;
  let agent: string;
  let user: string;
  beforeAll(async () => {
    [admin, agent, user] = await Promise.all(['admin', 'agent', 'user'].map((u) => tokenFor(p, u)));
  });

  const form = (over: Record<string, unknown> = {}) => subAccountRequest({ userIps: '10.0.0.1, 10.0.0.2', ...over });
  const add = (over: Record<string, unknown> = {}, token = admin, lang: 'zh' | 'en' = 'en') =>
    p.call('/customer/customerAdd', form(over), { token, lang });

  it('enforces the §5 edges on the platform: id 5/6 and 10/11, passwords 5/6, extension 13/14, push addresses', async () => {
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ cus_id: 'ABCDE' }, 'cus_id', 'The account id is 6-10 letters or digits'],
      [{ cus_id: 'ABCDEFGHIJK' }, 'cus_id', 'The account id is 6-10 letters or digits'],
      [{ password: '12345' }, 'password', 'The password must be 6-10 characters'],
      [{ interfacePassword: '12345' }, 'interfacePassword', 'The password must be 6-10 characters'],
      [{ ext_number: '12345678901234' }, 'ext_number', 'The extension is 1-13 digits'],
      [{ userIps: '10.0.0.300' }, 'userIps', ''],
      [{ pushMode: 1 }, 'reportUrl', 'The report callback address is required for proactive push'],
      [{ busCty: '' }, 'busCty', 'Please choose the business type'],
      [{ prodType: 3 }, 'prodType', 'Please choose the product type'],
      [{ cus_id: 'EP0001' }, 'cus_id', 'That account id already exists'],
    ];
    for (const [over, field, message] of cases) {
      const r = await add(over);
      expect(r.status, JSON.stringify(over)).toBe(400);
      expect(r.body.field, JSON.stringify(over)).toBe(field);
      if (message) expect(r.body.message).toBe(message);
    }
    const zh = await add({ cus_id: 'ABCDE' }, admin, 'zh');
    expect(zh.body.message).toMatch(/6-10/);
    // the lower edges pass: 6-character id, 6-character passwords, 13-digit extension
    const ok = await add({
      cus_id: 'ABCDEF',
      password: '123456',
      interfacePassword: '123456',
      ext_number: '1234567890123',
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.message).toBe('Added successfully');
    const ten = await add({ cus_id: 'ABCDEFGHIJ', password: '1234567890', ext_number: '1' });
    expect(ten.status).toBe(200);
  });

  it('adds a sub-account that logs in with its password and sees only its own data', async () => {
    const r = await add({
      cus_id: 'LOGSUB01',
      pushMode: 1,
      reportUrl: 'https://hooks.example.com/r',
      moUrl: 'https://hooks.example.com/m',
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data).toEqual({ cus_id: 'LOGSUB01' });
    const token = await p.login('LOGSUB01', 'pass123');
    const info = await p.call('/user/getUserInfo', {}, { token });
    expect(info.body.data.authUser).toMatchObject({ cus_id: 'LOGSUB01', userType: 3, balance: 0 });
    const list = await p.call('/customer/list', {}, { token });
    expect(list.body.data.total).toBe(0);
    const detail = await p.call('/customer/customerDetail', { cus_id: 'SUB001' }, { token });
    expect(detail.status).toBe(403);
    const recharges = await p.call('/recharge/list', { cus_id: 'SUB001' }, { token });
    expect(recharges.body.data.data.every((x: any) => x.cus_id === 'LOGSUB01')).toBe(true);
    // the interface password is stored hashed, the app secret encrypted: neither in clear text
    const [cred] = await p.ctx.db.query<{ interface_password_hash: string; app_secret_enc: string }>(
      'select * from account_credentials where cus_id = $1',
      ['LOGSUB01'],
    );
    expect(cred.interface_password_hash).toMatch(/^scrypt\$/);
    expect(cred.interface_password_hash).not.toContain('ifpass1');
    expect(cred.app_secret_enc).toMatch(/^v1\./);
    const pw = await p.ctx.db.query<{ password_hash: string }>('select password_hash from users where username = $1', [
      'LOGSUB01',
    ]);
    expect(pw[0].password_hash).not.toContain('pass123');
  });

  it('lists with keyword, status and pay type, and shows the detail with the creation fields', async () => {
    const all = await p.call('/customer/list', { pageSize: 100 }, { token: admin });
    expect(all.status).toBe(200);
    const ids = all.body.data.data.map((r: any) => r.cus_id);
    expect(ids).toContain('SUB001');
    expect(ids).not.toContain('EP0001');
    const row = all.body.data.data.find((r: any) => r.cus_id === 'SUB001');
    expect(row).toMatchObject({ cus_status: 1, pay_type: 0, balanceStr2: '5000.00' });
    const kw = await p.call('/customer/list', { keyword: 'logsub' }, { token: admin });
    expect(kw.body.data.data.map((r: any) => r.cus_id)).toEqual(['LOGSUB01']);
    const closed = await p.call('/customer/list', { cus_status: 0 }, { token: admin });
    expect(closed.body.data.data.map((r: any) => r.cus_id)).toEqual(['SUB004']);
    const postpaid = await p.call('/customer/list', { pay_type: '1' }, { token: admin });
    expect(postpaid.body.data.data.map((r: any) => r.cus_id)).toEqual(['SUB002']);
    // an agent sees only the accounts it created
    const mine = await p.call('/customer/list', {}, { token: agent });
    expect(mine.body.data.data.map((r: any) => r.cus_id)).toEqual(['SUB003']);
    const detail = await p.call('/customer/customerDetail', { cus_id: 'LOGSUB01' }, { token: admin });
    expect(detail.body.data).toMatchObject({
      cus_id: 'LOGSUB01',
      pushMode: 1,
      reportUrl: 'https://hooks.example.com/r',
      userIps: '10.0.0.1, 10.0.0.2',
      maxSpeed: 100,
      busCty: 'retail',
      prodTypes: [0],
    });
    expect(JSON.stringify(detail.body.data)).not.toContain('pass123');
    const foreign = await p.call('/customer/customerDetail', { cus_id: 'SUB001' }, { token: agent, lang: 'en' });
    expect(foreign.status).toBe(400);
    expect(foreign.body.message).toBe('Unable to edit account');
    const pickers = await p.call('/customer/prodTypes', {}, { token: admin });
    expect(pickers.body.data.map((o: any) => o.value)).toEqual([0, 1, 2, 6]);
    const bus = await p.call('/customer/busCtys', {}, { token: admin });
    expect(bus.body.data.length).toBeGreaterThan(3);
  });

  it('needs moreType 1-4 for every action', async () => {
    const r = await add({ cus_id: 'NOPE01' }, user);
    expect(r.status).toBe(403);
    for (const path of ['/customer/closeCustomer', '/customer/openCustomer', '/customer/customerCharge']) {
      const x = await p.call(path, { cus_id: 'SUB001', amount: 1 }, { token: user });
      expect(x.status, path).toBe(403);
    }
    const noToken = await p.call('/customer/list', {});
    expect(noToken.status).toBe(401);
  });

  it('closes an account: its login is refused and its sessions end; opening lets it in again', async () => {
    const token = await p.login('LOGSUB01', 'pass123');
    const close = await p.call('/customer/closeCustomer', { cus_id: 'LOGSUB01' }, { token: admin });
    expect(close.status).toBe(200);
    expect(close.body.message).toBe('关户成功');
    expect((await p.call('/user/getUserInfo', {}, { token })).status).toBe(401);
    const login = await p.call('/user/login', {
      username: 'LOGSUB01',
      password: Buffer.from('pass123').toString('base64'),
      code: '',
      redomStr: '',
    });
    expect(login.status).toBe(403);
    const open = await p.call('/customer/openCustomer', { cus_id: 'LOGSUB01' }, { token: admin, lang: 'en' });
    expect(open.body.message).toBe('Account opened');
    await p.login('LOGSUB01', 'pass123');
    const other = await p.call('/customer/closeCustomer', { cus_id: 'NOSUCH1' }, { token: admin, lang: 'en' });
    expect(other.status).toBe(400);
    expect(other.body.message).toBe('Close account failure');
    const openFail = await p.call('/customer/openCustomer', { cus_id: 'EP0001' }, { token: admin, lang: 'en' });
    expect(openFail.body.message).toBe('Open account failure');
  });

  it('charges within the enterprise balance, a ledger row on each side, and shows the charge detail', async () => {
    const ep = await balanceOf(p, 'EP0001');
    const bad = await p.call(
      '/customer/customerCharge',
      { cus_id: 'LOGSUB01', amount: '1.234' },
      { token: admin, lang: 'en' },
    );
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe('amount');
    const zero = await p.call('/customer/customerCharge', { cus_id: 'LOGSUB01', amount: 0 }, { token: admin });
    expect(zero.status).toBe(400);
    const above = await p.call(
      '/customer/customerCharge',
      { cus_id: 'LOGSUB01', amount: (ep + 0.01).toFixed(2) },
      { token: admin, lang: 'en' },
    );
    expect(above.status).toBe(400);
    expect(above.body.message).toBe('The amount cannot exceed the enterprise balance');
    expect(await balanceOf(p, 'EP0001')).toBe(ep);

    const r = await p.call(
      '/customer/customerCharge',
      { cus_id: 'LOGSUB01', amount: '100', remark: '首充' },
      { token: admin, headers: { 'Idempotency-Key': 'charge-1' } },
    );
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data).toEqual({ balance: 100, enterpriseBalance: ep - 100 });
    // a retry with the same key does not charge twice
    const again = await p.call(
      '/customer/customerCharge',
      { cus_id: 'LOGSUB01', amount: '100', remark: '首充' },
      { token: admin, headers: { 'Idempotency-Key': 'charge-1' } },
    );
    expect(again.body.data).toEqual(r.body.data);
    expect(await balanceOf(p, 'LOGSUB01')).toBe(100);
    expect(await balanceOf(p, 'EP0001')).toBe(ep - 100);
    expect(
      await countRows(
        p,
        "select 1 from balance_ledger where kind = 'recharge' and ((cus_id = 'LOGSUB01' and amount = 100) or (cus_id = 'EP0001' and amount = -100))",
      ),
    ).toBe(2);

    const detail = await p.call('/customer/chargeDetail', { cus_id: 'LOGSUB01' }, { token: admin });
    expect(detail.body.data.total).toBe(1);
    expect(detail.body.data.data[0]).toMatchObject({
      cus_id: 'LOGSUB01',
      recharge_money: 100,
      preBalanceStr: '0.00',
      postBalanceStr: '100.00',
      recharge_type: 0,
      remark: '首充',
    });
    const token = await p.login('LOGSUB01', 'pass123');
    expect((await p.call('/user/getUserInfo', {}, { token })).body.data.authUser.balance).toBe(100);
    // the enterprise's own movement is a negative recharge
    const ep1 = await p.call('/epRecharge/list', {}, { token: admin });
    expect(ep1.body.data.data[0]).toMatchObject({ recharge_amount: -100, post_balance: ep - 100, recharge_type: 0 });
  });

  it('answers a localized 400, never a 5xx, for hostile input', async () => {
    for (const v of ['\u0000', '\uD800', '字'.repeat(3000), 2 ** 31, 9e15, -1, 1e308, [], {}]) {
      for (const field of [
        'cus_id',
        'cus_name',
        'password',
        'ext_number',
        'maxConnections',
        'userIps',
        'reportUrl',
        'prodType',
      ]) {
        const r = await add({ [field]: v, pushMode: 1 });
        expect(r.status, `${field}=${String(v).slice(0, 10)}`).toBe(400);
      }
      for (const path of ['/customer/list', '/customer/chargeDetail', '/recharge/list', '/epRecharge/list']) {
        const r = await p.call(
          path,
          { keyword: v, cus_id: v, recharge_type: v, cus_status: v, pageNumber: v, startTime: v },
          { token: admin },
        );
        expect(r.status, `${path} ${String(v).slice(0, 10)}`).toBeLessThan(500);
      }
      const c = await p.call('/customer/customerCharge', { cus_id: v, amount: v, remark: v }, { token: admin });
      expect(c.status).toBe(400);
    }
  });
});
