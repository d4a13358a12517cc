import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CarrierHistory } from '../../contract/endpoints/carrier-history.endpoints';
import { pruneMinutes } from '../../platform/carriers/carrier-history';
import { MINUTE_MS, minuteOf } from '../../platform/carriers/minute-counts';
import { openPostgres } from '../../platform/db/postgres-db';
import { buildPlatform, type Platform } from '../../platform/server';
import { DB_KINDS, type TestPlatform } from '../helpers/platform';
import { handDrivenSmsc, platformWithCarriers } from './hand-smsc.fixtures';
import { tokenFor, waitFor } from './send.fixtures';

// The operator's last hour per carrier and today's cost, against an SMSC on loopback: the minutes count exactly the
// submits and receipts that went through each carrier, another instance's minutes are summed in, the cost is the
// margins' own figure for the same records, the route test names the address the dispatcher really sends from, and
// nobody but the operator reads any of it.

type Sums = { submitted: number; accepted: number; receipts: number; delivered: number };
const sums = (c: CarrierHistory | undefined): Sums =>
  (c?.minutes ?? []).reduce(
    (s, m) => ({
      submitted: s.submitted + m.submitted,
      accepted: s.accepted + m.accepted,
      receipts: s.receipts + m.receipts,
      delivered: s.delivered + m.delivered,
    }),
    { submitted: 0, accepted: 0, receipts: 0, delivered: 0 },
  );

describe.each(DB_KINDS)('carrier history on %s', (kind) => {
  let p: TestPlatform;
  let operator: string;
  let admin: string;
  let smsc: Awaited<ReturnType<typeof handDrivenSmsc>>;
  /** b's own SMSC: a receipt goes to whichever bind of its system id the SMSC picks */
  let other: Awaited<ReturnType<typeof handDrivenSmsc>>;
  const history = async () => {
    const r = await p.call('/carrier/history', {}, { token: operator });
    expect(r.status).toBe(200);
    return r.body.data as { day: string; carriers: CarrierHistory[] };
  };
  const of = (h: { carriers: CarrierHistory[] }, name: string) => h.carriers.find((c) => c.name === name);
  const send = (mobile: string) =>
    p.call('/user/groupSend', { cus_id: 'EP0001', content: '【云信】图表测试', mobiles: mobile }, { token: admin });

  beforeAll(async () => {
    [smsc, other] = await Promise.all([handDrivenSmsc(), handDrivenSmsc()]);
    p = await platformWithCarriers(kind, {
      carriers: [smsc.carrier('a'), other.carrier('b')],
      routes: [
        { prefix: '86137', carriers: ['b'] },
        { country: 'GB', prodTypes: [1], carriers: ['a'], alphaSenderIds: true },
        { prefix: '86', carriers: ['a'] },
      ],
    });
    [operator, admin] = await Promise.all([tokenFor(p, 'operator'), tokenFor(p, 'admin')]);
  });
  afterAll(async () => {
    await p?.close();
    await Promise.all([smsc?.server.close(200), other?.server.close(200)]);
  });

  it('refuses the enterprise admin, the agent and an ordinary account, and an anonymous caller', async () => {
    for (const who of ['admin', 'agent', 'user']) {
      const token = await tokenFor(p, who);
      const r = await p.call('/carrier/history', {}, { token, lang: 'en' });
      expect(r, who).toMatchObject({
        status: 403,
        body: { message: 'Only a platform operator may see or change carriers' },
      });
      expect(JSON.stringify(r.body)).not.toContain('minutes');
    }
    expect((await p.call('/carrier/history', {})).status).toBe(401);
  });

  it('answers an hour of empty minutes for each carrier before any traffic, the current minute last', async () => {
    const h = await history();
    expect(h.carriers.map((c) => c.name)).toEqual(['a', 'b']);
    for (const c of h.carriers) {
      expect(c.minutes).toHaveLength(60);
      expect(sums(c)).toEqual({ submitted: 0, accepted: 0, receipts: 0, delivered: 0 });
      expect(c.today).toEqual({ records: 0, segments: 0, cost: '0.0000', costUnknown: 0 });
    }
    const last = Date.parse(h.carriers[0].minutes[59].minute);
    expect(last).toBeLessThanOrEqual(Date.now());
    expect(Date.now() - last).toBeLessThan(2 * MINUTE_MS);
    expect(Date.parse(h.carriers[0].minutes[1].minute) - Date.parse(h.carriers[0].minutes[0].minute)).toBe(MINUTE_MS);
  });

  it('counts per minute exactly the submits and receipts that went through each carrier', async () => {
    const cost = await p.call(
      '/carrier/costSave',
      { carrier: 'a', country: 'CN', cost: '0.0300', effectiveFrom: '2026-01-01T00:00:00Z' },
      { token: operator },
    );
    expect(cost.status).toBe(200);
    const toA = ['13800000501', '13800000502', '13800000503'];
    for (const m of [...toA, '13700000501']) expect((await send(m)).status).toBe(200);
    await waitFor(async () => toA.every((m) => smsc.ids.has(`86${m}`)) && other.ids.has('8613700000501'), Boolean);
    await smsc.receipt('8613800000501');
    await smsc.receipt('8613800000502');
    await smsc.receipt('8613800000503', 'UNDELIV');
    await other.receipt('8613700000501');

    const h = await waitFor(history, (x) => sums(of(x, 'a')).receipts === 3 && sums(of(x, 'b')).receipts === 1);
    expect(sums(of(h, 'a'))).toEqual({ submitted: 3, accepted: 3, receipts: 3, delivered: 2 });
    expect(sums(of(h, 'b'))).toEqual({ submitted: 1, accepted: 1, receipts: 1, delivered: 1 });
    for (const m of of(h, 'a')!.minutes) {
      if (m.receipts > 0) expect(m.latencyMs).toBeGreaterThanOrEqual(0);
      else expect(m.latencyMs).toBeNull();
    }
  });

  it("answers today's cost of each carrier as the margins compute it for the same records", async () => {
    const h = await history();
    const margins = await p.call(
      '/carrier/margins',
      { from: h.day, to: h.day, groupBy: ['carrier'] },
      { token: operator },
    );
    expect(margins.status).toBe(200);
    const rows = margins.body.data.data as Array<{
      carrier: string | null;
      records: number;
      segments: number;
      cost: string;
      costUnknown: number;
    }>;
    for (const name of ['a', 'b']) {
      const row = rows.find((r) => r.carrier === name)!;
      expect(of(h, name)!.today).toEqual({
        records: row.records,
        segments: row.segments,
        cost: row.cost,
        costUnknown: row.costUnknown,
      });
    }
    expect(of(h, 'a')!.today).toMatchObject({ records: 3, cost: '0.0900', costUnknown: 0 });
    // b has no cost: its record is counted apart, never as a cost of zero
    expect(of(h, 'b')!.today).toMatchObject({ records: 1, cost: '0.0000', costUnknown: 1 });
  });

  it("sums another instance's minutes into the carrier's, leaves out those past the hour, and prunes old ones", async () => {
    const before = sums(of(await history(), 'a'));
    const put = (minute: number, instance: string, submitted: number, receipts: number) =>
      p.ctx.db.query(
        `insert into carrier_minutes (minute, carrier, instance_id, submitted, accepted, receipts, delivered, latency_ms)
         values ($1, 'a', $2, $3, $3, $4, $4, $5)`,
        [new Date(minute), instance, submitted, receipts, receipts * 1000],
      );
    const tenAgo = minuteOf(Date.now()) - 10 * MINUTE_MS;
    await put(tenAgo, 'other-instance', 5, 4);
    await put(tenAgo - 70 * MINUTE_MS, 'other-instance', 100, 100);
    await put(tenAgo - 170 * MINUTE_MS, 'other-instance', 100, 100);
    const h = await history();
    expect(sums(of(h, 'a'))).toEqual({
      submitted: before.submitted + 5,
      accepted: before.accepted + 5,
      receipts: before.receipts + 4,
      delivered: before.delivered + 4,
    });
    const minute = of(h, 'a')!.minutes.find((m) => Date.parse(m.minute) === tenAgo)!;
    expect(minute).toMatchObject({ submitted: 5, receipts: 4, latencyMs: 1000 });

    await pruneMinutes(p.ctx.db, new Date());
    const left = await p.ctx.db.query<{ minute: Date }>(
      `select minute from carrier_minutes where instance_id = 'other-instance' order by minute`,
    );
    expect(left.map((r) => new Date(r.minute).getTime())).toEqual([tenAgo - 70 * MINUTE_MS, tenAgo]);
  });

  it('answers the address the message would go out from, the one the carrier is sent', async () => {
    const test = (body: object) => p.call('/carrier/routeTest', body, { token: operator }).then((r) => r.body.data);
    // the dispatcher sent the account's messages from the platform's code and the account's extension
    const sent = smsc.sources.get('8613800000501');
    expect(sent).toBe('1069008001');
    expect(await test({ mobile: '13800000509', prodType: 0, cusId: 'EP0001' })).toMatchObject({
      carrier: 'a',
      source: { addr: sent },
    });
    expect(await test({ mobile: '13800000509', prodType: 0, sender: '10690012345' })).toMatchObject({
      source: { addr: '10690012345' },
    });

    // an international send's sender id on a route that allows it: alphanumeric, as the carrier then receives it
    const r = await p.call(
      '/user/inteGroupSend',
      { cus_id: 'EP0001', content: 'A message from ACME', mobiles: '+447400123400', sender_id: 'ACME' },
      { token: admin },
    );
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    await waitFor(async () => smsc.sources.get('447400123400'), Boolean);
    const alpha = await test({ mobile: '+447400123401', prodType: 1, cusId: 'EP0001', senderId: 'ACME' });
    expect(alpha).toMatchObject({ carrier: 'a', source: { addr: smsc.sources.get('447400123400'), ton: 5, npi: 0 } });
    expect(alpha.source.addr).toBe('ACME');
    // without a sender id: the account's address
    expect(await test({ mobile: '+447400123401', prodType: 1, cusId: 'EP0001' })).toMatchObject({
      source: { addr: '1069008001' },
    });
    // no carrier would take it: no address
    expect(await test({ mobile: '+12025550123', prodType: 1 })).toMatchObject({ carrier: null, source: null });
  });
});

// Two instances on one PostgreSQL, both bound to the carrier and both sending: the hour counts each message once,
// whichever instance sent it or matched its receipt.
describe('carrier history of two instances on one PostgreSQL', () => {
  let p: TestPlatform;
  let second: Platform;
  let smsc: Awaited<ReturnType<typeof handDrivenSmsc>>;
  beforeAll(async () => {
    smsc = await handDrivenSmsc();
    p = await platformWithCarriers('postgres', { carriers: [smsc.carrier('a')], routes: [{ carriers: ['a'] }] });
    second = await buildPlatform(p.ctx.config, { db: await openPostgres(p.ctx.config.databaseUrl!) });
  });
  afterAll(async () => {
    await second?.close();
    await p?.close();
    await smsc?.server.close(200);
  });

  it('sums both instances: submits and receipts equal the messages sent', async () => {
    const [operator, admin] = await Promise.all([tokenFor(p, 'operator'), tokenFor(p, 'admin')]);
    // both instances bound, so either may send
    await waitFor(
      async () => smsc.binds(),
      (n) => n >= 2,
    );
    const mobiles = Array.from({ length: 20 }, (_, i) => `1360000${String(i).padStart(4, '0')}`);
    const sent = await p.call(
      '/user/groupSend',
      { cus_id: 'EP0001', content: '【云信】两个实例', mobiles: mobiles.join('\n') },
      { token: admin },
    );
    expect(sent.status).toBe(200);
    await waitFor(async () => mobiles.every((m) => smsc.ids.has(`86${m}`)), Boolean);
    for (const [i, m] of mobiles.entries()) await smsc.receipt(`86${m}`, i % 4 === 0 ? 'UNDELIV' : 'DELIVRD');
    const read = async () => {
      const r = await p.call('/carrier/history', {}, { token: operator });
      return sums((r.body.data as { carriers: CarrierHistory[] }).carriers.find((c) => c.name === 'a'));
    };
    expect(await waitFor(read, (s) => s.receipts === 20)).toEqual({
      submitted: 20,
      accepted: 20,
      receipts: 20,
      delivered: 15,
    });
  });
});
