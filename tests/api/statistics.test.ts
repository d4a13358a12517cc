import { beforeAll, describe, expect, it } from 'vitest';
import { numberStatusOf } from '../../platform/records/number-status';
import { seedRecords } from '../../platform/seed/records';
import { DB_KINDS, platformFor } from '../helpers/platform';

// Statistics tables, dashboards and number checks over seeded data: every figure is checked against an independent
// count over mt_records (the routes themselves read stat_rows only).
describe.each(DB_KINDS)('statistics and dashboards on %s', (kind) => {
  const p = platformFor(kind);
  let admin: string;
  let user: string;
  const now = new Date();
  const TZ = 'Asia/Shanghai';
  const today = new Intl.DateTimeFormat('sv-SE', { timeZone: TZ }).format(now);
  const DAY_MS = 86_400_000;

  /** count of records by a condition on (prod_type, cus_id, local day label `d`). */
  const countWhere = async (cond: string, params: unknown[] = []) =>
    (
      await p.ctx.db.query<{ n: number }>(
        `select count(*)::int8 as n from (select prod_type, cus_id, mt_status, to_char(receive_time at time zone '${TZ}', 'YYYY-MM-DD') as d from mt_records) m where ${cond}`,
        params,
      )
    )[0].n;
  const sum = (rows: Array<Record<string, number>>, f: string) => rows.reduce((a, r) => a + r[f], 0);

  beforeAll(async () => {
    await seedRecords(p.ctx, 20_000);
    [admin, user] = await Promise.all([p.login('admin'), p.login('user')]);
  });

  it('lists day, month and year rows whose sums match the records', async () => {
    const start = now.getTime() - 6 * DAY_MS;
    const days = await p.call(
      '/dataGathering/list',
      { dimension: 0, prod_type: 0, startTime: start, endTime: now.getTime(), pageSize: 1000 },
      { token: admin },
    );
    expect(days.status).toBe(200);
    const firstDay = new Intl.DateTimeFormat('sv-SE', { timeZone: TZ }).format(new Date(start));
    expect(
      days.body.data.data.every(
        (r: { kind: string; gathering_time: string }) =>
          r.kind === 'day' && r.gathering_time >= firstDay && r.gathering_time <= today,
      ),
    ).toBe(true);
    expect(sum(days.body.data.data, 'sent_count')).toBe(
      await countWhere('prod_type = 0 and d >= $1 and d <= $2', [firstDay, today]),
    );
    const row = days.body.data.data[0];
    expect(row.successUnionStr).toMatch(/^\d+ \(\d{1,3}\.\d{2}%\)$/);
    expect(row.successUnionStr.startsWith(`${row.success_count} (`)).toBe(true);
    expect(row.gathering_time >= days.body.data.data[days.body.data.data.length - 1].gathering_time).toBe(true);

    const month = today.slice(0, 7);
    const months = await p.call(
      '/dataGathering/list',
      { dimension: 1, prod_type: 2, startTime: now.getTime(), endTime: now.getTime() },
      { token: admin },
    );
    expect(months.body.data.data.every((r: { gathering_time: string }) => r.gathering_time === month)).toBe(true);
    expect(sum(months.body.data.data, 'sent_count')).toBe(
      await countWhere(`prod_type = 2 and d like $1`, [`${month}%`]),
    );
    const years = await p.call('/dataGathering/list', { dimension: 2, prod_type: 6, pageSize: 100 }, { token: admin });
    expect(sum(years.body.data.data, 'sent_count')).toBe(await countWhere('prod_type = 6'));
  });

  it('scopes statistics to the caller', async () => {
    const mine = await p.call('/dataGathering/list', { dimension: 2, prod_type: 0, pageSize: 100 }, { token: user });
    expect(mine.body.data.data.every((r: { cus_id: string }) => r.cus_id === 'SUB001')).toBe(true);
    expect(sum(mine.body.data.data, 'sent_count')).toBe(await countWhere(`prod_type = 0 and cus_id = 'SUB001'`));
    const other = await p.call(
      '/dataGathering/list',
      { dimension: 2, prod_type: 0, cus_id: 'EP0001' },
      { token: user },
    );
    expect(other.body.data.total).toBe(0);
    const dime = await p.call('/dataGathering/dimeList', { prod_type: 0, cus_id: 'EP0001' }, { token: user });
    expect(dime.body.data.data).toEqual([]);
  });

  it('lists countries and per-account totals', async () => {
    const countries = await p.call('/dataGathering/countryList', { pageSize: 1000 }, { token: admin });
    expect(countries.body.data.total).toBeGreaterThan(0);
    expect(
      countries.body.data.data.every(
        (r: { kind: string; countryName: string | null }) => r.kind === 'country' && !!r.countryName,
      ),
    ).toBe(true);
    expect(sum(countries.body.data.data, 'sent_count')).toBe(await countWhere('prod_type = 1'));
    const dime = await p.call('/dataGathering/dimeList', { prod_type: 0, pageSize: 100 }, { token: admin });
    const expected = await p.ctx.db.query<{ cus_id: string; n: number }>(
      'select cus_id, count(*)::int8 as n from mt_records where prod_type = 0 group by 1 order by 1',
    );
    expect(
      dime.body.data.data.map((r: { cus_id: string; sent_count: number }) => ({ cus_id: r.cus_id, n: r.sent_count })),
    ).toEqual(expected);
  });

  it('answers the home dashboard for every product line from statistics', async () => {
    for (const prodType of [0, 1, 2, 6]) {
      const r = await p.call('/dataGathering/getSmsIndexInfo', { prod_type: prodType }, { token: admin });
      expect(r.status).toBe(200);
      const d = r.body.data;
      expect(d.timeAxis).toHaveLength(30);
      expect(d.timeAxis[29]).toBe(today);
      for (const axis of ['sentCountAxis', 'successRatioAxis', 'failureRatioAxis', 'unknownRatioAxis'])
        expect(d[axis]).toHaveLength(30);
      expect(d.todayAllCount).toBe(await countWhere('prod_type = $1 and d = $2', [prodType, today]));
      expect(d.sentCountAxis.reduce((a: number, b: number) => a + b, 0)).toBe(
        await countWhere('prod_type = $1 and d >= $2', [prodType, d.timeAxis[0]]),
      );
      expect(d.monthAllCount).toBe(
        await countWhere('prod_type = $1 and d like $2', [prodType, `${today.slice(0, 7)}%`]),
      );
      expect(d.todaySuccessCount + d.todayFailureCount + d.todayUnknownCount).toBeLessThanOrEqual(d.todayAllCount);
      expect(d.successRatioAxis.every((x: number) => x >= 0 && x <= 100)).toBe(true);
      expect(d.balance).toBeGreaterThan(0);
    }
    const mine = await p.call('/dataGathering/getSmsIndexInfo', { prod_type: 0 }, { token: user });
    expect(mine.body.data.sentCountAxis.reduce((a: number, b: number) => a + b, 0)).toBe(
      await countWhere(`prod_type = 0 and cus_id = 'SUB001' and d >= $1`, [mine.body.data.timeAxis[0]]),
    );
    const inte = await p.call('/dataGathering/getInteSmsIndexInfo', {}, { token: admin });
    expect(inte.body.data.curMonthAllCount).toBe(
      await countWhere('prod_type = 1 and d like $1', [`${today.slice(0, 7)}%`]),
    );
    expect(inte.body.data.todayAllCount).toBe(await countWhere('prod_type = 1 and d = $1', [today]));
    expect(inte.body.data.sentCountAxis).toHaveLength(30);
  });

  it('checks number status deterministically and records the check as a batch', async () => {
    const mobiles = ['13800138000', '13912345678', '15011112222', '18600001111', '12345', '13800138000'];
    const r = await p.call(
      '/mobileStatus/onlineCheck',
      { mobiles: mobiles.join('\n'), batch_name: '测试检测' },
      { token: admin },
    );
    expect(r.status).toBe(200);
    const d = r.body.data;
    expect(d.batch_count).toBe(5);
    expect(d.results).toEqual([...new Set(mobiles)].map((m) => ({ mobile: m, status: numberStatusOf(m) })));
    expect(d.invalid_count).toBe(1);
    expect(
      d.real_count + d.dead_count + d.down_count + d.not_count + d.silence_count + d.danger_count + d.invalid_count,
    ).toBe(5);
    const again = await p.call('/mobileStatus/onlineCheck', { mobiles }, { token: admin });
    expect(again.body.data.results).toEqual(d.results);
    const list = await p.call('/mobileStatus/list', { batch_name: '测试检测' }, { token: admin });
    expect(list.body.data.data.map((b: { batch_id: string }) => b.batch_id)).toEqual([d.batch_id]);
    expect((await p.call('/mobileStatus/list', { batch_name: '测试检测' }, { token: user })).body.data.total).toBe(0);
    const stats = await p.call(
      '/mobileStatus/mobileStatusStatistics',
      { startTime: now.getTime() - 60_000 },
      { token: admin },
    );
    const todayRow = stats.body.data.data.find(
      (x: { gathering_time: string; cus_id: string }) => x.gathering_time === today && x.cus_id === 'EP0001',
    );
    expect(todayRow).toMatchObject({ request_count: 10, success_count: 8, failure_count: 2 });
    const empty = await p.call('/mobileStatus/onlineCheck', { mobiles: ' \n ' }, { token: admin, lang: 'en' });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe('Enter the numbers to check');
  });

  it('answers porting and blacklist statistics with ratios from the query logs', async () => {
    for (const path of ['/numberPorting/numberPortingStatistics', '/mobileBlack/mobileBlackStatistics']) {
      const r = await p.call(path, { pageSize: 100 }, { token: admin });
      expect(r.status).toBe(200);
      expect(r.body.data.total).toBeGreaterThan(0);
      for (const row of r.body.data.data) {
        expect(row.success_count + row.failure_count).toBe(row.request_count);
        expect(row.successRatio + row.failureRatio).toBeCloseTo(100, 1);
      }
      const kindOf = path.includes('Porting') ? 'porting' : 'black';
      const [{ n }] = await p.ctx.db.query<{ n: number }>(
        'select count(*)::int8 as n from number_queries where kind = $1',
        [kindOf],
      );
      expect(r.body.data.total === r.body.data.data.length ? sum(r.body.data.data, 'request_count') : n).toBe(n);
      const mine = await p.call(path, { pageSize: 100 }, { token: user });
      expect(mine.body.data.data.every((x: { cus_id: string }) => x.cus_id === 'SUB001')).toBe(true);
    }
  });

  it('lists AIM materials and templates and deletes only visible materials', async () => {
    const mats = await p.call('/aim/materialList', { pageSize: 100 }, { token: admin });
    expect(mats.body.data.total).toBeGreaterThan(0);
    const foreign = mats.body.data.data.find((m: { cus_id: string }) => m.cus_id !== 'SUB001');
    const denied = await p.call(
      '/aim/materialDelete',
      { material_id: foreign.material_id },
      { token: user, lang: 'en' },
    );
    expect(denied.status).toBe(404);
    expect(denied.body.message).toBe('No such material');
    const ok = await p.call('/aim/materialDelete', { material_id: foreign.material_id }, { token: admin });
    expect(ok.status).toBe(200);
    const after = await p.call('/aim/materialList', { pageSize: 100 }, { token: admin });
    expect(after.body.data.total).toBe(mats.body.data.total - 1);
    const templates = await p.call('/aim/templateList', { template_name: '模板1' }, { token: admin });
    expect(templates.body.data.data.every((t: { template_name: string }) => t.template_name.includes('模板1'))).toBe(
      true,
    );
    expect(templates.body.data.total).toBeGreaterThan(0);
  });
});
