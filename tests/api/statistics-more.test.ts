import { beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, platformFor } from '../helpers/platform';
import { FAST_SIMULATOR, tokenFor, waitFor } from './send.fixtures';

// The international statistics on both storages: by country from live international sends (with the
// country and time filters), the per-account totals and their download, and the number-porting and blacklist ratio
// tables checked against hand-made query logs, each scoped to the caller.

const DAY = 86_400_000;

describe.each(DB_KINDS)('more statistics on %s', (kind) => {
  const p = platformFor(kind, { simulator: FAST_SIMULATOR });
  let admin: string;
  let user: string;
  const now = Date.now();
  beforeAll(async () => {
    admin = await tokenFor(p, 'admin');
    user = await tokenFor(p, 'user');
    // porting: EP0001 3 queries today (2 resolved); SUB001 1 today (failed). blacklist: EP0001 4 (1 listed) two days ago.
    await p.ctx.db.query(
      `insert into number_queries(kind, cus_id, mobile, success, create_time) values
        ('porting', 'EP0001', '13800000001', true, $1), ('porting', 'EP0001', '13800000002', true, $1), ('porting', 'EP0001', '13800000003', false, $1),
        ('porting', 'SUB001', '13800000004', false, $1),
        ('black', 'EP0001', '13800000005', true, $2), ('black', 'EP0001', '13800000006', true, $2), ('black', 'EP0001', '13800000007', true, $2),
        ('black', 'EP0001', '13800000008', false, $2)`,
      [new Date(now), new Date(now - 2 * DAY)],
    );
  });

  it('number porting: daily success and failure ratios per account', async () => {
    const r = await p.call('/numberPorting/numberPortingStatistics', {}, { token: admin });
    expect(r.status).toBe(200);
    const ep = r.body.data.data.find((x: { cus_id: string }) => x.cus_id === 'EP0001');
    expect(ep).toMatchObject({
      request_count: 3,
      success_count: 2,
      failure_count: 1,
      successRatio: 66.67,
      failureRatio: 33.33,
    });
    const mine = await p.call('/numberPorting/numberPortingStatistics', {}, { token: user });
    expect(mine.body.data.data).toEqual([
      expect.objectContaining({ cus_id: 'SUB001', request_count: 1, successRatio: 0, failureRatio: 100 }),
    ]);
  });

  it('blacklist: ratios, and the time range selects the day', async () => {
    const all = await p.call('/mobileBlack/mobileBlackStatistics', {}, { token: admin });
    expect(all.body.data.data).toEqual([
      expect.objectContaining({ cus_id: 'EP0001', request_count: 4, successRatio: 75, failureRatio: 25 }),
    ]);
    const lastDay = await p.call(
      '/mobileBlack/mobileBlackStatistics',
      { startTime: now - DAY / 2, endTime: now },
      { token: admin },
    );
    expect(lastDay.body.data.total).toBe(0);
    const bad = await p.call('/mobileBlack/mobileBlackStatistics', { startTime: 'soon' }, { token: admin });
    expect(bad.status).toBe(400);
    // the time dimension: one row per month (YYYY-MM) or year (YYYY) holding the same counts
    const month = await p.call('/mobileBlack/mobileBlackStatistics', { dimension: 1 }, { token: admin });
    expect(month.body.data.data.map((r: { gathering_time: string }) => r.gathering_time.length)).toEqual(
      month.body.data.data.map(() => 7),
    );
    expect(month.body.data.data.reduce((n: number, r: { request_count: number }) => n + r.request_count, 0)).toBe(4);
    const year = await p.call('/numberPorting/numberPortingStatistics', { dimension: 2 }, { token: admin });
    expect(year.body.data.data.find((r: { cus_id: string }) => r.cus_id === 'EP0001')).toMatchObject({
      gathering_time: String(new Date(now + 8 * 3600_000).getUTCFullYear()),
      request_count: 3,
    });
    expect((await p.call('/mobileBlack/mobileBlackStatistics', { dimension: 3 }, { token: admin })).status).toBe(400);
  });

  it('by country: international sends counted per country, filtered by country code and scoped', async () => {
    const send = await p.call(
      '/user/inteGroupSend',
      { cus_id: 'EP0001', content: 'Hello', mobiles: '+14155552671\n+14155552672\n+447400123456', sender_id: 'ACME1' },
      { token: admin },
    );
    expect(send.status, JSON.stringify(send.body)).toBe(200);
    const rows = await waitFor(
      async () =>
        (await p.call('/dataGathering/countryList', { pageSize: 100 }, { token: admin })).body.data.data as Array<
          Record<string, unknown>
        >,
      (d) => d.reduce((n, r) => n + Number(r.success_count), 0) === 3,
    );
    const byName = Object.fromEntries(rows.map((r) => [r.countryCode ?? r.countryName, r.sent_count]));
    expect(Object.values(byName).sort()).toEqual([1, 2]);
    const us = await p.call('/dataGathering/countryList', { countryCode: 'US' }, { token: admin });
    expect(us.body.data.data.map((r: { sent_count: number }) => r.sent_count)).toEqual([2]);
    const old = await p.call(
      '/dataGathering/countryList',
      { startTime: now - 30 * DAY, endTime: now - 20 * DAY },
      { token: admin },
    );
    expect(old.body.data.total).toBe(0);
    expect((await p.call('/dataGathering/countryList', {}, { token: user })).body.data.total).toBe(0);
  });

  it('per-account totals and their download', async () => {
    const dime = await p.call('/dataGathering/dimeList', { prod_type: 1 }, { token: admin });
    expect(dime.status).toBe(200);
    expect(dime.body.data.data).toEqual([expect.objectContaining({ cus_id: 'EP0001', sent_count: 3 })]);
    const file = await fetch(`${p.base}/dataGathering/downloadDimeList`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${admin}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ prod_type: 1 }),
    });
    expect(file.status).toBe(200);
    expect(
      Buffer.from(await file.arrayBuffer())
        .subarray(0, 2)
        .toString(),
    ).toBe('PK');
  });
});
