import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STATUS } from '../../platform/smpp-wire/command-status';
import { DB_KINDS, startPlatform, type TestPlatform } from '../helpers/platform';
import { tokenFor, waitFor } from './send.fixtures';
import { bindPeer } from './smpp.fixtures';
import { subAccountRequest } from './sub-account.fixtures';

// Editing a sub-account (/customer/customerModify) on both storages: the creation rules with passwords left empty to
// keep them, localized refusals, only the caller's own sub-accounts, and live SMPP binds ended when the new settings
// no longer admit them (user IPs, interface password, a lowered max connections).

describe.each(DB_KINDS)('editing sub-accounts on %s', (kind) => {
  let p: TestPlatform;
  let admin: string;
  let agent: string;
  let user: string;
  beforeAll(async () => {
    p = await startPlatform(kind, { smppPort: 'auto', logLevel: 'silent' });
    [admin, agent, user] = await Promise.all(['admin', 'agent', 'user'].map((u) => tokenFor(p, u)));
  });
  afterAll(async () => p?.close());

  const fields = (cus_id: string, over: Record<string, unknown> = {}) =>
    subAccountRequest({ cus_id, cus_name: '编辑测试', ext_number: '321', ...over });
  const add = async (cus_id: string) => {
    const r = await p.call('/customer/customerAdd', fields(cus_id), { token: admin });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
  };
  const modify = (cus_id: string, over: Record<string, unknown> = {}, token = admin, lang: 'zh' | 'en' = 'en') =>
    p.call('/customer/customerModify', fields(cus_id, { password: '', interfacePassword: '', ...over }), {
      token,
      lang,
    });
  const hashes = async (cusId: string) =>
    (
      await p.ctx.db.query<{ login: string; iface: string }>(
        'select u.password_hash as login, c.interface_password_hash as iface from users u join account_credentials c on c.cus_id = u.cus_id where u.username = $1',
        [cusId],
      )
    )[0];

  it('edits every creation field, keeping the passwords left empty', async () => {
    await add('MODSUB01');
    const before = await hashes('MODSUB01');
    const edits = {
      cus_name: '改过的名字',
      userIps: '10.1.0.0/16',
      ext_number: '4444',
      pushMode: 1,
      reportUrl: 'https://hooks.example.com/r',
      moUrl: 'https://hooks.example.com/m',
      maxConnections: 2,
      maxSpeed: 30,
      srcId: '1069',
      busCty: 'finance',
    };
    const r = await modify('MODSUB01', { ...edits, prodType: 1 });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.message).toBe('Account updated');
    const detail = await p.call('/customer/customerDetail', { cus_id: 'MODSUB01' }, { token: admin });
    // the product line chosen is granted; the one held before stays
    expect(detail.body.data).toMatchObject({ ...edits, prodTypes: [0, 1] });
    expect(await hashes('MODSUB01')).toEqual(before);
    // the old login password still logs in
    await p.login('MODSUB01', 'pass123');
  });

  it('stores a new login password hashed and ends the console sessions of the old one', async () => {
    await add('MODSUB02');
    const old = await p.login('MODSUB02', 'pass123');
    expect((await p.call('/user/getUserInfo', {}, { token: old })).status).toBe(200);
    const before = await hashes('MODSUB02');
    expect((await modify('MODSUB02', { password: 'newpass9' })).status).toBe(200);
    const after = await hashes('MODSUB02');
    expect(after.login).not.toBe(before.login);
    expect(after.login).not.toContain('newpass9');
    expect(after.iface).toBe(before.iface);
    expect((await p.call('/user/getUserInfo', {}, { token: old })).status).toBe(401);
    await p.login('MODSUB02', 'newpass9');
  });

  it('refuses bad fields with the creation rules, localized', async () => {
    await add('MODSUB03');
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ password: '12345' }, 'password', 'The password must be 6-10 characters'],
      [{ interfacePassword: '12345' }, 'interfacePassword', 'The password must be 6-10 characters'],
      [{ ext_number: '12345678901234' }, 'ext_number', 'The extension is 1-13 digits'],
      [{ userIps: '10.0.0.300' }, 'userIps', ''],
      [{ pushMode: 1 }, 'reportUrl', 'The report callback address is required for proactive push'],
      [{ busCty: 'nonsense' }, 'busCty', 'Please choose the business type'],
      [{ prodType: 3 }, 'prodType', 'Please choose the product type'],
      [{ maxConnections: 0 }, 'maxConnections', ''],
    ];
    for (const [over, field, message] of cases) {
      const r = await modify('MODSUB03', over);
      expect(r.status, JSON.stringify(over)).toBe(400);
      expect(r.body.field, JSON.stringify(over)).toBe(field);
      if (message) expect(r.body.message).toBe(message);
    }
    const zh = await modify('MODSUB03', { password: '12345' }, admin, 'zh');
    expect([zh.status, zh.body.field]).toEqual([400, 'password']);
    expect(zh.body.message).toMatch(/6-10/);
    expect(zh.body.message).not.toBe('The password must be 6-10 characters');
  });

  it('edits only the sub-accounts the caller manages', async () => {
    await add('MODSUB04');
    // another tenant (the agent) and a sub-account login may not; nor may an enterprise edit its own account
    const byAgent = await modify('MODSUB04', { cus_name: 'taken over' }, agent);
    expect(byAgent.status).toBe(400);
    expect(byAgent.body.field).toBe('cus_id');
    expect((await modify('MODSUB04', {}, user)).status).toBe(403);
    expect((await modify('EP0001', {}, admin)).status).toBe(400);
    expect((await modify('NOSUCH01', {}, admin)).status).toBe(400);
    const [row] = await p.ctx.db.query<{ cus_name: string }>('select cus_name from accounts where cus_id = $1', [
      'MODSUB04',
    ]);
    expect(row.cus_name).toBe('编辑测试');
  });

  it('ends live binds the new user IPs, interface password or max connections no longer admit', async () => {
    await add('MODSUB05');
    // user IPs that leave out the client's address end its bind
    const first = await bindPeer(p, 'MODSUB05', 'ifpass1');
    expect(first.status).toBe(STATUS.ROK);
    expect((await modify('MODSUB05', { userIps: '10.9.9.9' })).status).toBe(200);
    await first.peer.waitClosed(15_000);
    expect((await bindPeer(p, 'MODSUB05', 'ifpass1')).status).toBe(STATUS.RBINDFAIL);

    // a new interface password ends the binds made with the old one
    expect((await modify('MODSUB05', { userIps: '127.0.0.1' })).status).toBe(200);
    const second = await bindPeer(p, 'MODSUB05', 'ifpass1');
    expect(second.status).toBe(STATUS.ROK);
    expect((await modify('MODSUB05', { userIps: '127.0.0.1', interfacePassword: 'ifpass2' })).status).toBe(200);
    await second.peer.waitClosed(15_000);
    expect((await bindPeer(p, 'MODSUB05', 'ifpass1')).status).toBe(STATUS.RINVPASWD);

    // max connections lowered below the live binds: the newest end, the oldest stays
    const binds = [];
    for (let i = 0; i < 3; i++) {
      const b = await bindPeer(p, 'MODSUB05', 'ifpass2');
      expect(b.status).toBe(STATUS.ROK);
      binds.push(b.peer);
    }
    await waitFor(
      async () => (await p.ctx.db.query('select 1 from smpp_binds where cus_id = $1', ['MODSUB05'])).length,
      (n) => n === 3,
      15_000,
    );
    expect((await modify('MODSUB05', { userIps: '127.0.0.1', maxConnections: 1 })).status).toBe(200);
    await binds[1].waitClosed(15_000);
    await binds[2].waitClosed(15_000);
    expect(binds[0].closed).toBe(false);
    binds[0].end();
  });
});
