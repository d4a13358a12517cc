import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVICE_BASE_PATH } from '../../contract/constants';
import { appSecretOf } from '../../platform/accounts/secrets';
import { openPostgres } from '../../platform/db/postgres-db';
import { prunePolicyCounts } from '../../platform/messaging/send-policy-count';
import { buildPlatform, type Platform } from '../../platform/server';
import { callIntegrator } from '../helpers/integrator-client';
import { readAnswer, startPlatform, type TestPlatform } from '../helpers/platform';
import { countRows, FAST_SIMULATOR, tokenFor } from './send.fixtures';

// The send policy's counts are shared: two instances on one PostgreSQL sending one number at once let exactly the cap
// through, and an account's daily cap holds across sends and doors, tells its users once at 80 % (and its push address
// once, whichever instance's send crosses the mark), and lets sending resume as soon as it is raised.
describe('send policy across instances on one PostgreSQL', () => {
  // both instances' clock runs from 12:00 in the accounts' zone (UTC+8) of a fixed day, so a daily count never meets
  // midnight halfway through a test, whenever the suite runs
  const started = Date.now();
  const now = () => new Date(Date.parse('2026-06-15T04:00:00Z') + (Date.now() - started));
  let a: TestPlatform;
  let b: Platform;
  let bBase = '';
  beforeAll(async () => {
    a = await startPlatform(
      'postgres',
      { simulator: FAST_SIMULATOR, callbackAllowPrivate: true, logLevel: 'error' },
      { now },
    );
    b = await buildPlatform(
      { ...a.ctx.config, smppPort: null },
      { db: await openPostgres(a.ctx.config.databaseUrl!), now },
    );
    await b.app.listen({ port: 0, host: '127.0.0.1' });
    const addr = b.app.server.address();
    bBase = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}${SERVICE_BASE_PATH}`;
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });
  const post = async (base: string, path: string, body: unknown, token: string) =>
    readAnswer(
      await fetch(base + path, {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', 'Accept-Language': 'en' },
        body: JSON.stringify(body),
      }),
    );
  const modify = async (admin: string, change: Record<string, unknown>) => {
    const policy = (await a.call('/sendPolicy/get', {}, { token: admin })).body.data;
    expect((await a.call('/sendPolicy/modify', { ...policy, ...change }, { token: admin })).status).toBe(200);
  };

  it('12 sends of one number at once, 6 to each instance, with a cap of 3 a day: exactly 3 go', async () => {
    const admin = await tokenFor(a, 'admin');
    const policy = (await a.call('/sendPolicy/get', {}, { token: admin })).body.data;
    await modify(admin, { caps: { ...policy.caps, verification: { perMinute: 0, perHour: 0, perDay: 3 } } });
    const M = '13966660001';
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        post(
          i % 2 === 0 ? a.base : bBase,
          '/user/groupSend',
          { cus_id: 'SUB001', content: `code ${1000 + i}`, mobiles: M, category: 'verification' },
          admin,
        ),
      ),
    );
    expect(answers.filter((r) => r.status === 200).length).toBe(3);
    expect(
      answers.filter((r) => r.status === 400).every((r) => r.body.message === 'All 1 numbers are over the per-day cap'),
    ).toBe(true);
    expect(await countRows(a, 'select 1 from mt_records where mobile = $1', [M])).toBe(3);
  });

  it('daily cap: a notice once at 80 %, the whole send refused past 100 % on the console and HTTP, sending again once raised', async () => {
    const admin = await tokenFor(a, 'admin');
    await modify(admin, { dailyCaps: [{ cusId: 'SUB002', cap: 10 }] });
    const numbers = (from: number, n: number) =>
      Array.from({ length: n }, (_, i) => `139777${String(from + i).padStart(5, '0')}`);
    const send = (ms: string[]) =>
      a.call(
        '/user/groupSend',
        { cus_id: 'SUB002', content: 'daily', mobiles: ms.join('\n') },
        { token: admin, lang: 'en' },
      );
    const notices = () => countRows(a, "select 1 from notices where cus_id = 'SUB002' and kind = 'dailyCapNear'");

    expect((await send(numbers(0, 7))).body.data.validCount).toBe(7);
    expect(await notices()).toBe(0);
    expect((await send(numbers(7, 1))).body.data.validCount).toBe(1);
    expect(await notices()).toBe(1);
    expect((await send(numbers(8, 1))).body.data.validCount).toBe(1);
    const over = await send(numbers(9, 2));
    expect(over.status).toBe(400);
    expect(over.body.message).toBe("This send would pass the account's daily cap of 10; 1 message is left today");
    const http = await callIntegrator(new URL(a.base).origin, {
      appId: 'SUB002',
      secret: (await appSecretOf(a.ctx.db, 'SUB002')).secret,
      path: '/sms/send',
      body: { text: 'daily http', numbers: numbers(9, 2) },
      lang: 'en',
      timestamp: Math.floor(now().getTime() / 1000),
    });
    expect(http.status).toBe(429);
    expect(http.body.code).toBe('DAILY_CAP_REACHED');
    expect(await notices()).toBe(1);

    await modify(admin, { dailyCaps: [{ cusId: 'SUB002', cap: 100 }] });
    expect((await send(numbers(9, 2))).body.data.validCount).toBe(2);
    expect(await notices()).toBe(1);
  });

  it('the same text to the same two numbers, 8 sends at once over both instances in either order: each number gets it once', async () => {
    const admin = await tokenFor(a, 'admin');
    const [M1, M2] = ['13966660101', '13966660102'];
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        post(
          i % 2 === 0 ? a.base : bBase,
          '/user/groupSend',
          { cus_id: 'SUB001', content: 'the same at once', mobiles: (i % 4 < 2 ? [M1, M2] : [M2, M1]).join('\n') },
          admin,
        ),
      ),
    );
    const passed = answers.filter((r) => r.status === 200);
    expect(passed.reduce((n, r) => n + r.body.data.validCount, 0)).toBe(2);
    expect(
      answers
        .filter((r) => r.status !== 200)
        .every((r) => r.body.message === 'All 2 numbers got the same text moments ago'),
    ).toBe(true);
    expect(await countRows(a, 'select 1 from mt_records where mobile = any($1::text[])', [[M1, M2]])).toBe(2);
  });

  it('prunes counts no cap or window reads any more, and keeps the rest', async () => {
    const now = new Date();
    const ago = (ms: number) => new Date(now.getTime() - ms);
    const DAY = 86_400_000;
    await a.ctx.db.query(
      `insert into policy_send_times (ep_id, mobile, category, at, n) values ('EPX', '1', 'verification', $1, 1), ('EPX', '2', 'verification', $2, 1)`,
      [ago(DAY + 60_000), ago(DAY - 60_000)],
    );
    await a.ctx.db.query(
      `insert into policy_recent (ep_id, mobile, hash, at) values ('EPX', '1', 'h', $1), ('EPX', '2', 'h', $2)`,
      [ago(DAY + 1000), ago(60_000)],
    );
    await a.ctx.db.query(
      `insert into policy_daily (cus_id, day, n) values ('CX', '2000-01-01', 1), ('CX', $1::date, 1)`,
      [now.toISOString().slice(0, 10)],
    );
    // calendar-minute counts an instance on the older code writes during a rolling upgrade go the same way
    await a.ctx.db.query(
      `insert into policy_sends (ep_id, mobile, category, minute, n) values ('EPX', '1', 'verification', $1, 1), ('EPX', '2', 'verification', $2, 1)`,
      [ago(DAY + 60_000), ago(DAY - 60_000)],
    );
    await a.ctx.db.query('insert into policy_send_keys (k, at, n) values (-71, $1, 1), (-72, $2, 1)', [
      ago(DAY + 60_000),
      ago(DAY - 60_000),
    ]);
    await prunePolicyCounts(a.ctx.db, now);
    expect(await a.ctx.db.query('select k::int as k from policy_send_keys where k in (-71, -72)')).toEqual([
      { k: -72 },
    ]);
    expect(await a.ctx.db.query("select mobile from policy_send_times where ep_id = 'EPX'")).toEqual([{ mobile: '2' }]);
    expect(await a.ctx.db.query("select mobile from policy_sends where ep_id = 'EPX'")).toEqual([{ mobile: '2' }]);
    expect(await a.ctx.db.query("select mobile from policy_recent where ep_id = 'EPX'")).toEqual([{ mobile: '2' }]);
    expect(await countRows(a, "select 1 from policy_daily where cus_id = 'CX'")).toBe(1);
  });

  it('daily cap with push on: 10 sends at once over both instances cross 80 % once, so one callback is queued', async () => {
    const admin = await tokenFor(a, 'admin');
    const set = await a.call(
      '/user/pushUrlModify',
      { reportUrl: 'http://127.0.0.1:9/report', moUrl: 'http://127.0.0.1:9/mo' },
      { token: await tokenFor(a, 'user') },
    );
    expect(set.status).toBe(200);
    await modify(admin, { dailyCaps: [{ cusId: 'SUB001', cap: 10 }] });
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        post(
          i % 2 === 0 ? a.base : bBase,
          '/user/groupSend',
          { cus_id: 'SUB001', content: `near the cap ${i}`, mobiles: `139666602${String(i).padStart(2, '0')}` },
          admin,
        ),
      ),
    );
    expect(answers.map((r) => r.status)).toEqual(new Array(10).fill(200));
    expect(await countRows(a, "select 1 from notices where cus_id = 'SUB001' and kind = 'dailyCapNear'")).toBe(1);
    expect(await countRows(a, "select 1 from callback_deliveries where cus_id = 'SUB001' and kind = 'cap'")).toBe(1);
  });
});
