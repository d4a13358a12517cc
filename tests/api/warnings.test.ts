import { beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, platformFor } from '../helpers/platform';
import { balanceOf, FAST_SIMULATOR, tokenFor, waitFor } from './send.fixtures';

// Balance warnings on both storages: settings with their field rules, and one warning SMS
// through the platform's own outbox per downward crossing, from a send or from a charge.
describe.each(DB_KINDS)('balance warnings on %s', (kind) => {
  const p = platformFor(kind, { simulator: FAST_SIMULATOR });
  let admin: string;
  let user: string;
  beforeAll(async () => {
    [admin, user] = await Promise.all(['admin', 'user'].map((u) => tokenFor(p, u)));
  });

  const warningsTo = (mobile: string) =>
    p.ctx.db.query<{ content: string; cus_id: string }>(
      "select content, cus_id from mt_records where mobile = $1 and content like '%余额预警%'",
      [mobile],
    );

  it('gets the defaults and saves a checked warning', async () => {
    const none = await p.call('/warn/getCusBneWarnInfo', {}, { token: user });
    expect(none.body.data).toEqual({
      cus_id: 'SUB001',
      enabled: false,
      warnBalance: 0,
      warnMobiles: [],
      lastWarnTime: null,
    });
    const bad: Array<[Record<string, unknown>, string, string]> = [
      [
        { enabled: true, warnBalance: '10', warnMobiles: '' },
        'warnMobiles',
        'At least one mobile is required when the warning is on',
      ],
      [
        { enabled: true, warnBalance: '-1', warnMobiles: '13800000003' },
        'warnBalance',
        'The warning balance must be 0 or more with at most two decimals',
      ],
      [{ enabled: true, warnBalance: '1.234', warnMobiles: '13800000003' }, 'warnBalance', ''],
      [{ enabled: true, warnBalance: '10', warnMobiles: '1380000000' }, 'warnMobiles.0', ''],
      [
        {
          enabled: true,
          warnBalance: '10',
          warnMobiles: '13800000001,13800000002,13800000003,13800000004,13800000005,13800000006',
        },
        'warnMobiles',
        'At most 5 warning mobiles',
      ],
      [{ cus_id: 'SUB002', enabled: false, warnBalance: '1', warnMobiles: '' }, 'cus_id', ''],
    ];
    for (const [body, field, message] of bad) {
      const r = await p.call('/warn/modifyCusBneWarn', body, { token: user, lang: 'en' });
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.field).toBe(field);
      if (message) expect(r.body.message).toBe(message);
    }
    const ok = await p.call(
      '/warn/modifyCusBneWarn',
      { enabled: true, warnBalance: '4999.95', warnMobiles: '13800000003\n13800000003，13900000003' },
      { token: user },
    );
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.data).toMatchObject({
      cus_id: 'SUB001',
      enabled: true,
      warnBalance: 4999.95,
      warnMobiles: ['13800000003', '13900000003'],
    });
    // an admin may read and set a sub-account's warning
    const viaAdmin = await p.call('/warn/getCusBneWarnInfo', { cus_id: 'SUB001' }, { token: admin });
    expect(viaAdmin.body.data.warnBalance).toBe(4999.95);
  });

  it('sends one warning SMS per downward crossing, through the outbox', async () => {
    expect(await balanceOf(p, 'SUB001')).toBe(5000);
    const send = (i: number) =>
      p.call('/user/groupSend', { cus_id: 'SUB001', content: `warn ${i}`, mobiles: `1360000000${i}` }, { token: user });
    expect((await send(1)).status).toBe(200); // 4999.95: not below
    expect((await send(2)).status).toBe(200); // 4999.90: crosses
    await waitFor(
      () => warningsTo('13800000003'),
      (r) => r.length === 1,
    );
    expect((await warningsTo('13900000003')).length).toBe(1);
    const [w] = await warningsTo('13800000003');
    expect(w.cus_id).toBe('SUB001');
    expect(w.content).toContain('4999.90');
    expect((await send(3)).status).toBe(200); // still below: no second warning
    // a later event that is sent proves the worker has moved past this point
    const info = await waitFor(
      () => p.call('/warn/getCusBneWarnInfo', {}, { token: user }),
      (r) => r.body.data.lastWarnTime !== null,
    );
    expect(info.body.data.lastWarnTime).toBeGreaterThan(0);
    expect((await p.ctx.db.query("select 1 from balance_warning_events where cus_id = 'SUB001'")).length).toBe(1);
    // topped up above the threshold re-arms it; the next fall warns again
    expect((await p.call('/customer/customerCharge', { cus_id: 'SUB001', amount: 1 }, { token: admin })).status).toBe(
      200,
    );
    expect((await send(4)).status).toBe(200); // 4999.85 + 1 - 0.05 = 5000.80: above, no warning
    await p.call(
      '/warn/modifyCusBneWarn',
      { enabled: true, warnBalance: '5000.80', warnMobiles: '13800000003' },
      { token: user },
    );
    expect((await send(5)).status).toBe(200); // 5000.75: crosses again
    await waitFor(
      () => warningsTo('13800000003'),
      (r) => r.length === 2,
    );
    expect((await p.ctx.db.query("select 1 from balance_warning_events where cus_id = 'SUB001'")).length).toBe(2);
  });

  it('warns the enterprise when a charge to a sub-account takes it below its threshold', async () => {
    const ep = await balanceOf(p, 'EP0001');
    const r = await p.call(
      '/warn/modifyCusBneWarn',
      { enabled: true, warnBalance: String(Math.floor(ep - 10)), warnMobiles: '13800000001' },
      { token: admin },
    );
    expect(r.status).toBe(200);
    expect((await p.call('/customer/customerCharge', { cus_id: 'SUB002', amount: 20 }, { token: admin })).status).toBe(
      200,
    );
    const rows = await waitFor(
      () => warningsTo('13800000001'),
      (x) => x.length === 1,
    );
    expect(rows[0].cus_id).toBe('EP0001');
    // the warning is an uncharged message
    expect(await balanceOf(p, 'EP0001')).toBeCloseTo(ep - 20, 4);
  });
});
