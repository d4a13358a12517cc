import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVICE_BASE_PATH } from '../../contract/constants';
import { openPostgres } from '../../platform/db/postgres-db';
import { buildPlatform, type Platform } from '../../platform/server';
import { DB_KINDS, type TestPlatform } from '../helpers/platform';
import { handDrivenSmsc, HAND_PASSWORD, platformWithCarriers } from './hand-smsc.fixtures';
import { tokenFor, waitFor } from './send.fixtures';

// The platform operator's carriers and routes, changed live against two SMSCs on loopback: seeded from the carriers
// file into the database, a carrier and a route added without a restart and used by the next message while the other
// carrier's bind stays up, a disabled carrier that takes nothing new while its receipts still finish their records,
// the route test, validation that changes nothing, the audit, and nobody but the operator reaching any of it.

const ENDPOINTS: Array<[string, object]> = [
  ['/carrier/list', {}],
  ['/carrier/save', { name: 'x', host: '127.0.0.1', port: 2775, systemId: 'x' }],
  ['/carrier/action', { name: 'a', action: 'disable' }],
  ['/carrier/routes', {}],
  ['/carrier/routeSave', { carriers: ['a'] }],
  ['/carrier/routeDelete', { id: 1 }],
  ['/carrier/routeTest', { mobile: '13800000001', prodType: 0 }],
  ['/carrier/audit', {}],
];

describe.each(DB_KINDS)('carriers and routes changed live on %s', (kind) => {
  let p: TestPlatform;
  let operator: string;
  let admin: string;
  let a: Awaited<ReturnType<typeof handDrivenSmsc>>;
  let b: Awaited<ReturnType<typeof handDrivenSmsc>>;
  const version = async () =>
    Number((await p.ctx.db.query<{ version: string }>('select version from carrier_config_version'))[0].version);
  const list = async () =>
    (await p.call('/carrier/list', {}, { token: operator })).body.data.carriers as Array<Record<string, unknown>>;
  const send = (mobile: string) =>
    p.call('/user/groupSend', { cus_id: 'EP0001', content: '【云信】通道切换', mobiles: mobile }, { token: admin });
  const status = async (mobile: string) =>
    (await p.ctx.db.query<{ mt_status: number }>('select mt_status from mt_records where mobile = $1', [mobile]))[0]
      ?.mt_status ?? null;

  beforeAll(async () => {
    [a, b] = await Promise.all([handDrivenSmsc(), handDrivenSmsc()]);
    p = await platformWithCarriers(kind, {
      carriers: [{ ...a.carrier('a'), reconnectMinS: 0.2 }],
      routes: [{ prefix: '86139', carriers: ['a'] }],
    });
    [operator, admin] = await Promise.all([tokenFor(p, 'operator'), tokenFor(p, 'admin')]);
  });
  afterAll(async () => {
    await p?.close();
    await Promise.all([a?.server.close(), b?.server.close()]);
  });

  it('refuses the enterprise admin, the agent and an ordinary account on every endpoint, changing nothing', async () => {
    const before = await version();
    for (const who of ['admin', 'agent', 'user']) {
      const token = await tokenFor(p, who);
      for (const [path, body] of ENDPOINTS) {
        const r = await p.call(path, body, { token, lang: 'en' });
        expect(r, `${who} ${path}`).toMatchObject({
          status: 403,
          body: { message: 'Only a platform operator may see or change carriers' },
        });
      }
    }
    expect(await version()).toBe(before);
  });

  it('holds the carriers file in the database, the password encrypted and never shown', async () => {
    const [carrier] = await list();
    expect(carrier).toMatchObject({
      name: 'a',
      hasPassword: true,
      enabled: true,
      weight: 1,
      local: false,
      updatedBy: 'CARRIERS_FILE',
    });
    expect(carrier).not.toHaveProperty('password');
    const [stored] = await p.ctx.db.query<{ password_enc: string; config: unknown }>(
      'select password_enc, config from carriers',
    );
    expect(stored.password_enc).toMatch(/^v1\./);
    expect(JSON.stringify(stored)).not.toContain(`"${HAND_PASSWORD}"`);
    await waitFor(list, (cs) => cs[0].state === 'active');
  });

  it('adds a carrier and a route live: the next message takes them, and the other carrier keeps its bind', async () => {
    expect(a.binds()).toBe(1);
    const saved = await p.call('/carrier/save', { ...b.carrier('b'), window: 5 }, { token: operator });
    expect(saved).toMatchObject({
      status: 200,
      body: { message: '通道 b 已保存，各实例 2 秒内生效', data: { name: 'b', window: 5, hasPassword: true } },
    });
    const route = await p.call('/carrier/routeSave', { prefix: '86138', carriers: ['b'] }, { token: operator });
    expect(route.status).toBe(200);
    await waitFor(list, (cs) => cs.find((c) => c.name === 'b')?.state === 'active');
    const test = await p.call(
      '/carrier/routeTest',
      { mobile: '138 0000 0401', prodType: 0 },
      { token: operator, lang: 'en' },
    );
    expect(test.body.data).toMatchObject({
      carrier: 'b',
      routeId: route.body.data.id,
      destination: '8613800000401',
      country: null,
    });
    expect(test.body.data.reason).toBe(
      `Route #${route.body.data.id} (prefix 86138) matches; its round-robin pool picks carrier b`,
    );
    expect((await send('13800000401')).status).toBe(200);
    await waitFor(async () => b.ids.has('8613800000401'), Boolean);
    expect((await send('13900000401')).status).toBe(200);
    await waitFor(async () => a.ids.has('8613900000401'), Boolean);
    expect(a.ids.has('8613800000401')).toBe(false);
    expect([a.binds(), b.binds()]).toEqual([1, 1]);
  });

  it('drains a disabled carrier: nothing new reaches it, and its receipts still finish their records', async () => {
    const off = await p.call('/carrier/action', { name: 'b', action: 'disable' }, { token: operator });
    expect(off).toMatchObject({ status: 200, body: { data: { name: 'b', enabled: false } } });
    await b.receipt('8613800000401');
    await waitFor(
      () => status('13800000401'),
      (s) => s === 0,
    );
    expect((await send('13800000402')).status).toBe(200);
    const test = await p.call('/carrier/routeTest', { mobile: '13800000402', prodType: 0 }, { token: operator });
    expect(test.body.data).toMatchObject({ carrier: null });
    expect(test.body.data.reason).toContain('b（已停用）');
    // the message waits for its carrier rather than failing, and goes once the carrier is enabled again
    await waitFor(
      () => status('13800000402'),
      (s) => s === 500,
    );
    expect(b.ids.has('8613800000402')).toBe(false);
    expect((await p.call('/carrier/action', { name: 'b', action: 'enable' }, { token: operator })).status).toBe(200);
    await waitFor(async () => b.ids.has('8613800000402'), Boolean);
    expect(b.binds()).toBe(1);
  });

  it('rebinds one carrier on the reconnect order, and no other', async () => {
    const r = await p.call('/carrier/action', { name: 'a', action: 'reconnect' }, { token: operator });
    expect(r).toMatchObject({ status: 200, body: { message: '通道 a 正在重新连接' } });
    await waitFor(
      async () => a.binds(),
      (n) => n === 2,
    );
    expect(b.binds()).toBe(1);
  });

  it('refuses a bad change with a localized reason, changing nothing', async () => {
    const before = await version();
    const routes = (await p.call('/carrier/routes', {}, { token: operator })).body.data.routes;
    const unknown = await p.call('/carrier/routeSave', { prefix: '86137', carriers: ['nosuch'] }, { token: operator });
    expect(unknown).toMatchObject({ status: 400, body: { message: '路由引用了不存在的通道 nosuch' } });
    const twin = await p.call(
      '/carrier/routeSave',
      { prefix: ['86138'], carriers: ['a'] },
      { token: operator, lang: 'en' },
    );
    expect(twin).toMatchObject({
      status: 409,
      body: { message: `Route #${routes[1].id} already has exactly these conditions` },
    });
    const window = await p.call('/carrier/save', { ...b.carrier('b'), window: 0 }, { token: operator });
    expect(window.status).toBe(400);
    expect(window.body.message).toContain('window');
    const name = await p.call('/carrier/save', { ...b.carrier('b c') }, { token: operator, lang: 'en' });
    expect(name).toMatchObject({ status: 400 });
    expect(name.body.message).toContain('letters, digits, _ . - only (1-32)');
    const number = await p.call('/carrier/routeTest', { mobile: '12345', prodType: 0 }, { token: operator });
    expect(number).toMatchObject({
      status: 400,
      body: { message: '号码不合法：大陆手机号写 11 位，国际号码写 + 和国家码' },
    });
    expect((await p.call('/carrier/routeDelete', { id: 999_999 }, { token: operator })).status).toBe(404);
    expect(await version()).toBe(before);
    expect((await p.call('/carrier/routes', {}, { token: operator })).body.data.routes).toEqual(routes);
  });

  it('audits every change: who, when, before and after, never a password', async () => {
    const r = await p.call('/carrier/audit', { pageSize: 50 }, { token: operator });
    expect(r.status).toBe(200);
    const actions = (r.body.data.data as Array<{ action: string; actor: string; target: string }>).map(
      (x) => `${x.action} ${x.target} ${x.actor}`,
    );
    expect(actions).toEqual([
      'carrier.reconnect a operator',
      'carrier.enable b operator',
      'carrier.disable b operator',
      expect.stringMatching(/^route\.add route #\d+ operator$/),
      'carrier.add b operator',
    ]);
    expect(r.body.data.data[4]).toMatchObject({
      before: null,
      after: { name: 'b', window: 5, hasPassword: true, passwordChanged: true },
    });
    expect(r.body.data.data[2]).toMatchObject({ before: { enabled: true }, after: { enabled: false } });
    expect(JSON.stringify(r.body.data)).not.toContain(HAND_PASSWORD);
  });
});

// Every instance on one PostgreSQL follows the operator: a carrier and a route saved through one are what the other's
// route test and links use next, with no restart and no bind of the first dropped.
describe('a second instance on the same PostgreSQL', () => {
  let p: TestPlatform;
  let other: Platform;
  let a: Awaited<ReturnType<typeof handDrivenSmsc>>;
  let b: Awaited<ReturnType<typeof handDrivenSmsc>>;
  beforeAll(async () => {
    [a, b] = await Promise.all([handDrivenSmsc(), handDrivenSmsc()]);
    p = await platformWithCarriers('postgres', { carriers: [a.carrier('a')], routes: [{ carriers: ['a'] }] });
    other = await buildPlatform(p.ctx.config, { db: await openPostgres(p.ctx.config.databaseUrl!) });
  });
  afterAll(async () => {
    await other?.close();
    await p?.close();
    await Promise.all([a?.server.close(), b?.server.close()]);
  });

  it('applies a carrier and a route saved through the first', async () => {
    const operator = await tokenFor(p, 'operator');
    const routeTest = async () => {
      const r = await other.app.inject({
        method: 'POST',
        url: `${SERVICE_BASE_PATH}/carrier/routeTest`,
        headers: { authorization: `Bearer ${operator}` },
        payload: { mobile: '13700000501', prodType: 0 },
      });
      return r.json().data as { carrier: string | null };
    };
    // both instances bound the one carrier the file gave
    await waitFor(
      async () => a.binds(),
      (n) => n === 2,
    );
    expect(await routeTest()).toMatchObject({ carrier: 'a' });
    expect((await p.call('/carrier/save', b.carrier('b'), { token: operator })).status).toBe(200);
    expect((await p.call('/carrier/routeSave', { prefix: '86137', carriers: ['b'] }, { token: operator })).status).toBe(
      200,
    );
    await waitFor(routeTest, (t) => t.carrier === 'b');
    // the second instance bound the new carrier itself, and neither rebound the first
    await waitFor(
      async () => b.binds(),
      (n) => n === 2,
    );
    expect(a.binds()).toBe(2);
  });
});
