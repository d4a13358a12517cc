import { beforeAll, describe, expect, it } from 'vitest';
import type { CarrierStatus } from '../../contract/endpoints/carrier.endpoints';
import { DB_KINDS, platformFor } from '../helpers/platform';

type Stats = Omit<CarrierStatus, 'instances'>;

const stats = (over: Partial<Stats> & { name: string }): Stats => ({
  bound: 1,
  wanted: 1,
  inFlight: 0,
  window: 10,
  rate: 0,
  submitted: 0,
  accepted: 0,
  throttled: 0,
  errors: [],
  receiptP50Ms: null,
  receiptP95Ms: null,
  successRatio: null,
  breaker: 'closed',
  ...over,
});

// The platform operator's view of the carrier links: each instance's fresh row per carrier summed into one, a row of a
// stopped instance left out, every other caller refused, on both storages.
describe.each(DB_KINDS)('carrier status on %s', (kind) => {
  const p = platformFor(kind);
  let operator: string;
  const put = async (instance: string, carrier: string, s: Stats, ageMs: number) =>
    p.ctx.db.query('insert into carrier_status(instance_id, carrier, stats, updated_at) values ($1, $2, $3, $4)', [
      instance,
      carrier,
      JSON.stringify(s),
      new Date(p.ctx.now().getTime() - ageMs),
    ]);
  beforeAll(async () => {
    operator = await p.login('operator');
  });

  it('says messages stay in process with the test configuration, and lists nothing while no instance reports', async () => {
    const r = await p.call('/user/getCarrierStatus', {}, { token: operator });
    expect(r.status).toBe(200);
    expect(r.body.data).toEqual({ inProcess: true, carriers: [] });
  });

  it('sums the fresh rows of every instance per carrier, sorted by name, and leaves out a stale one', async () => {
    await put(
      'inst-a',
      'zeta',
      stats({
        name: 'zeta',
        bound: 2,
        wanted: 2,
        inFlight: 3,
        window: 20,
        rate: 12.5,
        submitted: 100,
        accepted: 97,
        throttled: 2,
        errors: [
          { code: '0x00000058', count: 2 },
          { code: 'unanswered', count: 1 },
        ],
        receiptP50Ms: 800,
        receiptP95Ms: 2000,
        successRatio: 0.95,
      }),
      1000,
    );
    await put(
      'inst-b',
      'zeta',
      stats({
        name: 'zeta',
        bound: 1,
        wanted: 2,
        inFlight: 1,
        window: 10,
        rate: 7.5,
        submitted: 50,
        accepted: 49,
        throttled: 1,
        errors: [
          { code: '0x00000058', count: 1 },
          { code: '0x00000014', count: 1 },
        ],
        receiptP50Ms: 900,
        receiptP95Ms: null,
        successRatio: 0.6,
        breaker: 'probing',
      }),
      3000,
    );
    await put('inst-a', 'alpha', stats({ name: 'alpha', rate: 1 }), 500);
    // an instance that stopped 30 s ago: its numbers no longer describe any link
    await put(
      'inst-gone',
      'zeta',
      stats({ name: 'zeta', bound: 5, wanted: 5, submitted: 999, errors: [{ code: 'unanswered', count: 50 }] }),
      30_000,
    );

    const r = await p.call('/user/getCarrierStatus', {}, { token: operator });
    expect(r.status).toBe(200);
    const { inProcess, carriers } = r.body.data as { inProcess: boolean; carriers: CarrierStatus[] };
    expect(inProcess).toBe(true);
    expect(carriers.map((c) => c.name)).toEqual(['alpha', 'zeta']);
    expect(carriers[0]).toEqual({ ...stats({ name: 'alpha', rate: 1 }), instances: 1 });
    expect(carriers[1]).toEqual({
      name: 'zeta',
      bound: 3,
      wanted: 4,
      inFlight: 4,
      window: 30,
      rate: 20,
      submitted: 150,
      accepted: 146,
      throttled: 3,
      errors: [
        { code: '0x00000058', count: 3 },
        { code: '0x00000014', count: 1 },
        { code: 'unanswered', count: 1 },
      ],
      receiptP50Ms: 900,
      receiptP95Ms: 2000,
      // the lowest instance's success and the worst instance's breaker: an average would hide the failing one
      successRatio: 0.6,
      breaker: 'probing',
      instances: 2,
    });
  });

  it('refuses the enterprise admin, the agent and an ordinary account with the localized 403', async () => {
    for (const who of ['admin', 'agent', 'user']) {
      const token = await p.login(who);
      const zh = await p.call('/user/getCarrierStatus', {}, { token });
      expect(zh).toMatchObject({ status: 403, body: { type: 403, message: '仅平台运营人员可以查看和修改通道' } });
      const en = await p.call('/user/getCarrierStatus', {}, { token, lang: 'en' });
      expect(en).toMatchObject({
        status: 403,
        body: { type: 403, message: 'Only a platform operator may see or change carriers' },
      });
      expect(JSON.stringify(en.body)).not.toContain('zeta');
    }
    expect((await p.call('/user/getCarrierStatus', {})).status).toBe(401);
  });
});
