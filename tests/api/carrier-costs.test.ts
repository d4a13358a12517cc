import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { costRecords } from '../../platform/carriers/carrier-cost';
import { DB_KINDS, type TestPlatform } from '../helpers/platform';
import { handDrivenSmsc, platformWithCarriers } from './hand-smsc.fixtures';
import { tokenFor, waitFor } from './send.fixtures';

// Carrier costs and the margins over them, against an SMSC on loopback: a cost saved and audited, each record keeping
// the carrier that took it and what it cost (segments times the cost effective at its submit, the longest prefix over
// the country), a record whose carrier has no cost counted apart, margins that are exactly the records' price minus
// cost, a bad request refused in the caller's language, and nobody but the operator reaching any of it.

const ENDPOINTS: Array<[string, object]> = [
  ['/carrier/costList', {}],
  ['/carrier/costSave', { carrier: 'a', country: 'CN', cost: '0.01', effectiveFrom: '2026-01-01T00:00:00Z' }],
  ['/carrier/costDelete', { id: 1 }],
  ['/carrier/margins', { from: '2026-01-01', to: '2026-01-02' }],
  ['/carrier/marginsExport', { from: '2026-01-01', to: '2026-01-02' }],
];

const DAY = 86_400_000;
const shanghaiDay = (ms: number) =>
  new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Shanghai' }).format(new Date(ms));
/** a decimal string with at most 4 decimals as an exact count of 1/10000 yuan */
const units = (s: string) => {
  const [whole, frac = ''] = s.replace('-', '').split('.');
  const n = BigInt(whole) * 10_000n + BigInt(frac.padEnd(4, '0'));
  return s.startsWith('-') ? -n : n;
};

describe.each(DB_KINDS)('carrier costs and margins on %s', (kind) => {
  let p: TestPlatform;
  let operator: string;
  let admin: string;
  let smsc: Awaited<ReturnType<typeof handDrivenSmsc>>;
  const costCount = async () =>
    Number((await p.ctx.db.query<{ n: string }>('select count(*) as n from carrier_costs'))[0].n);
  const save = (body: object, lang: 'zh' | 'en' = 'en') => p.call('/carrier/costSave', body, { token: operator, lang });
  const send = (mobile: string, content = '【云信】成本测试') =>
    p.call('/user/groupSend', { cus_id: 'EP0001', content, mobiles: mobile }, { token: admin });
  /** the record's carrier and cost once a carrier took it */
  const costed = (mobile: string) =>
    waitFor(
      () =>
        p.ctx.db.query<{ carrier: string; cost: string | null; segments: number; record_segments: number }>(
          `select rc.carrier, rc.cost::numeric(14,4)::text as cost, rc.segments, m.segments as record_segments
             from mt_records m join record_costs rc on rc.sn = m.sn where m.mobile = $1`,
          [mobile],
        ),
      (rows) => rows.length === 1,
    ).then((rows) => rows[0]);

  beforeAll(async () => {
    smsc = await handDrivenSmsc();
    p = await platformWithCarriers(kind, {
      carriers: [smsc.carrier('a'), smsc.carrier('b')],
      routes: [
        { prefix: '86137', carriers: ['b'] },
        { prefix: '86', carriers: ['a'] },
      ],
    });
    [operator, admin] = await Promise.all([tokenFor(p, 'operator'), tokenFor(p, 'admin')]);
  });
  afterAll(async () => {
    await p?.close();
    await smsc?.server.close(200);
  });

  it('refuses the enterprise admin, the agent and an ordinary account on every cost and margin endpoint', async () => {
    const before = await costCount();
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
    expect(await costCount()).toBe(before);
  });

  it('refuses bad input with a localized reason, writing nothing', async () => {
    const before = await costCount();
    const at = '2026-01-01T00:00:00Z';
    const float = await save({ carrier: 'a', country: 'CN', cost: '0.00001', effectiveFrom: at });
    expect(float.status).toBe(400);
    expect(float.body.message).toContain('at most 4 decimals');
    const both = await save({ carrier: 'a', country: 'CN', prefix: '86', cost: '0.01', effectiveFrom: at }, 'zh');
    expect(both).toMatchObject({ status: 400 });
    expect(both.body.message).toContain('请填写国家或号段（二选一）');
    const country = await save({ carrier: 'a', country: 'cn', cost: '0.01', effectiveFrom: at });
    expect(country.body.message).toContain('two-letter ISO code');
    expect((await save({ carrier: 'nosuch', country: 'CN', cost: '0.01', effectiveFrom: at })).status).toBe(404);
    expect((await save({ carrier: 'a', country: 'CN', cost: 0.01, effectiveFrom: at })).status).toBe(400);
    expect((await p.call('/carrier/costDelete', { id: 999_999 }, { token: operator })).status).toBe(404);
    const range = await p.call(
      '/carrier/margins',
      { from: '2026-02-01', to: '2026-01-01' },
      { token: operator, lang: 'en' },
    );
    expect(range).toMatchObject({ status: 400 });
    expect(range.body.message).toContain('The range ends on or after its start');
    expect(await costCount()).toBe(before);
  });

  it('saves and audits costs, and costs each record as segments times the cost effective at its submit', async () => {
    const now = Date.now();
    const past = new Date(now - 2 * DAY).toISOString();
    const country = await save({ carrier: 'a', country: 'CN', cost: '0.0300', effectiveFrom: past });
    expect(country).toMatchObject({
      status: 200,
      body: { data: { carrier: 'a', country: 'CN', prefix: null, cost: '0.0300' } },
    });
    expect((await save({ carrier: 'a', prefix: '86139', cost: '0.0200', effectiveFrom: past })).status).toBe(200);
    // a cost from tomorrow on leaves today's messages at today's cost
    const future = await save({
      carrier: 'a',
      country: 'CN',
      cost: '0.0500',
      effectiveFrom: new Date(now + DAY).toISOString(),
    });
    expect(future.status).toBe(200);
    const twin = await save({ carrier: 'a', country: 'CN', cost: '0.0600', effectiveFrom: past });
    expect(twin).toMatchObject({ status: 409 });

    const audit = (await p.call('/carrier/audit', { pageSize: 10 }, { token: operator })).body.data.data as Array<
      Record<string, any>
    >;
    expect(audit.slice(0, 3).map((x) => `${x.action} ${x.actor}`)).toEqual([
      'cost.add operator',
      'cost.add operator',
      'cost.add operator',
    ]);
    expect(audit[2]).toMatchObject({
      target: `cost #${country.body.data.id} a CN`,
      before: null,
      after: { carrier: 'a', country: 'CN', cost: '0.0300' },
    });

    const long = `【云信】${'多段消息'.repeat(30)}`;
    for (const [mobile, content] of [['13800000001'], ['13900000001'], ['13800000002', long], ['13700000001']] as const)
      expect((await send(mobile, content)).status).toBe(200);
    expect(await costed('13800000001')).toMatchObject({ carrier: 'a', cost: '0.0300', segments: 1 });
    // the longest prefix wins over the country
    expect(await costed('13900000001')).toMatchObject({ carrier: 'a', cost: '0.0200' });
    const multi = await costed('13800000002');
    expect(multi.record_segments).toBeGreaterThan(1);
    expect(multi).toMatchObject({
      carrier: 'a',
      segments: multi.record_segments,
      cost: `0.${String(multi.record_segments * 300).padStart(4, '0')}`,
    });
    // carrier b has no cost: its record keeps its carrier and an unknown cost
    expect(await costed('13700000001')).toMatchObject({ carrier: 'b', cost: null });

    // a later date replaces the earlier cost from that date on
    expect(
      (
        await save({
          carrier: 'a',
          country: 'CN',
          cost: '0.0400',
          effectiveFrom: new Date(Date.now() - 1000).toISOString(),
        })
      ).status,
    ).toBe(200);
    expect((await send('13800000003')).status).toBe(200);
    expect(await costed('13800000003')).toMatchObject({ cost: '0.0400' });
    expect(await costed('13800000001')).toMatchObject({ cost: '0.0300' });
    await costRecords(p.ctx.db, new Date(now + 2 * DAY), [
      { sn: 'cost-probe', carrier: 'a', destination: '8613800000009', country: null, segments: 2 },
    ]);
    const [probe] = await p.ctx.db.query<{ cost: string }>(
      `select cost::numeric(14,4)::text as cost from record_costs where sn = 'cost-probe'`,
    );
    expect(probe.cost).toBe('0.1000');
    await p.ctx.db.query(`delete from record_costs where sn = 'cost-probe'`);

    const list = await p.call('/carrier/costList', { carrier: 'a', pageSize: 50 }, { token: operator });
    // the earlier CN costs stay beside the later ones: history is kept
    expect(list.body.data.total).toBe(4);
    expect(
      list.body.data.data
        .filter((c: { country: string | null }) => c.country === 'CN')
        .map((c: { cost: string }) => c.cost),
    ).toEqual(['0.0500', '0.0400', '0.0300']);
  });

  it('answers margins that are exactly the records’ price minus cost, with unknown costs counted apart', async () => {
    const from = shanghaiDay(Date.now() - DAY);
    const to = shanghaiDay(Date.now() + DAY);
    const r = await p.call('/carrier/margins', { from, to, pageSize: 1000 }, { token: operator });
    expect(r.status).toBe(200);
    const [expected] = await p.ctx.db.query<Record<string, string>>(
      `select count(*)::text as records, sum(m.price)::numeric(20,4)::text as price, coalesce(sum(c.cost), 0)::numeric(20,4)::text as cost,
              coalesce(sum(m.price - c.cost) filter (where c.cost is not null), 0)::numeric(20,4)::text as margin,
              (count(*) filter (where c.cost is null))::text as unknown
         from mt_records m left join record_costs c on c.sn = m.sn
        where m.receive_time >= ($1::date)::timestamp at time zone 'Asia/Shanghai' and m.receive_time < ($2::date + 1)::timestamp at time zone 'Asia/Shanghai'`,
      [from, to],
    );
    const { totals, data, total } = r.body.data;
    expect(totals).toMatchObject({
      records: Number(expected.records),
      price: expected.price,
      cost: expected.cost,
      margin: expected.margin,
    });
    expect(totals.costUnknown).toBe(Number(expected.unknown));
    expect(totals.costUnknown).toBeGreaterThanOrEqual(1);
    expect(data).toHaveLength(total);
    const sum = (key: string) => data.reduce((s: bigint, row: Record<string, string>) => s + units(row[key]), 0n);
    expect(sum('price')).toBe(units(expected.price));
    expect(sum('cost')).toBe(units(expected.cost));
    expect(sum('margin')).toBe(units(expected.margin));
    const b = data.find((x: Record<string, unknown>) => x.carrier === 'b');
    expect(b).toMatchObject({ records: 1, cost: '0.0000', margin: '0.0000', costUnknown: 1, enterprise: 'EP0001' });
    expect(units(b.costUnknownPrice)).toBeGreaterThan(0n);

    const byCarrier = await p.call(
      '/carrier/margins',
      { from, to, groupBy: ['carrier'], carrier: 'a' },
      { token: operator },
    );
    expect(byCarrier.body.data.data).toHaveLength(1);
    expect(byCarrier.body.data.data[0]).toMatchObject({ carrier: 'a', day: null, country: null, costUnknown: 0 });

    const byDay = await p.call(
      '/carrier/margins',
      { from, to, groupBy: ['day'], country: 'CN', enterprise: 'EP0001' },
      { token: operator },
    );
    const [counted] = await p.ctx.db.query<{ n: number }>(
      `select count(*)::int as n from mt_records m join accounts a on a.cus_id = m.cus_id
        where a.ep_id = 'EP0001' and m.prod_type <> 1 and m.receive_time >= ($1::date)::timestamp at time zone 'Asia/Shanghai'
          and m.receive_time < ($2::date + 1)::timestamp at time zone 'Asia/Shanghai'`,
      [from, to],
    );
    expect(byDay.body.data.totals.records).toBe(counted.n);
    for (const row of byDay.body.data.data)
      expect(row).toMatchObject({ day: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/), carrier: null, enterprise: null });

    const file = await fetch(`${p.base}/carrier/marginsExport`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${operator}` },
      body: JSON.stringify({ from, to }),
    });
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toContain('spreadsheetml');
    expect((await file.arrayBuffer()).byteLength).toBeGreaterThan(0);
  });

  it('sends a cheapest route through the carrier that costs least for the number, following a cost saved mid-traffic', async () => {
    const route = await p.call(
      '/carrier/routeSave',
      { prefix: '86150', carriers: ['a', 'b'], pool: 'cheapest' },
      { token: operator },
    );
    expect(route.status).toBe(200);
    const past = new Date(Date.now() - DAY).toISOString();
    // a's CN cost is 0.0400 by now; b's is set lower
    expect((await save({ carrier: 'b', country: 'CN', cost: '0.0100', effectiveFrom: past })).status).toBe(200);
    for (const mobile of ['15000000001', '15000000002']) expect((await send(mobile)).status).toBe(200);
    expect(await costed('15000000001')).toMatchObject({ carrier: 'b', cost: '0.0100' });
    expect(await costed('15000000002')).toMatchObject({ carrier: 'b', cost: '0.0100' });
    // a prefix cost of a's, saved now, is cheaper still: the next message takes a
    expect((await save({ carrier: 'a', prefix: '86150', cost: '0.0050', effectiveFrom: past })).status).toBe(200);
    expect((await send('15000000003')).status).toBe(200);
    expect(await costed('15000000003')).toMatchObject({ carrier: 'a', cost: '0.0050' });
  });
});
