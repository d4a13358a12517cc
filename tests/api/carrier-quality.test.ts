import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulatorCarrier, type SimulatorCarrier } from '../../platform/carriers/simulator-carrier';
import type { TestPlatform } from '../helpers/platform';
import { platformWithCarriers } from './hand-smsc.fixtures';
import { tokenFor, waitFor } from './send.fixtures';

// A quality route over two simulator SMSCs, one delivering every message and one half of them: once the half one's
// receipts fill the window, its circuit breaker takes it out, the change is in the operator's audit, and new traffic
// goes to the other. The measure is kept in memory per instance, so one storage proves it (the audit line's write is
// the same as every other carrier change's, tested on both).

const log = { warn: () => undefined };
const simulator = (successRate: number) => ({
  reviewMs: 50,
  reportMs: 50,
  successRate,
  failureRate: 1 - successRate,
  replyRate: 0,
});

describe('a quality route on pglite', () => {
  let p: TestPlatform;
  let good: SimulatorCarrier;
  let half: SimulatorCarrier;
  beforeAll(async () => {
    [good, half] = await Promise.all([
      startSimulatorCarrier({ simulator: simulator(1), systemId: 'platform', password: 'pw', windowSize: 100, log }),
      startSimulatorCarrier({ simulator: simulator(0.5), systemId: 'platform', password: 'pw', windowSize: 100, log }),
    ]);
    const carrier = (name: string, port: number) => ({
      name,
      host: '127.0.0.1',
      port,
      systemId: 'platform',
      password: 'pw',
      window: 100,
      rate: 1000,
    });
    p = await platformWithCarriers('pglite', {
      carriers: [carrier('good', good.port), carrier('half', half.port)],
      routes: [{ carriers: ['good', 'half'], pool: 'quality' }],
    });
  });
  afterAll(async () => {
    await p?.close();
    await Promise.all([good?.close(), half?.close()]);
  });

  it('moves new traffic off the carrier that delivers half, and audits it', async () => {
    const admin = await tokenFor(p, 'admin');
    const send = async (from: number, n: number) => {
      const mobiles = Array.from({ length: n }, (_, i) => `1360000${String(from + i).padStart(4, '0')}`);
      const r = await p.call(
        '/user/groupSend',
        { cus_id: 'EP0001', content: '【云信】质量路由', mobiles: mobiles.join('\n') },
        { token: admin },
      );
      expect(r.body.data.validCount).toBe(n);
      return mobiles;
    };
    const byCarrier = (mobiles: string[]) =>
      p.ctx.db.query<{ carrier: string; n: number }>(
        'select p.carrier, count(*)::int as n from carrier_parts p join mt_records m on m.sn = p.sn where m.mobile = any($1) group by p.carrier',
        [mobiles],
      );
    // both bound before the first send: a carrier still binding gets none of it, and its breaker could never open
    await waitFor(
      () => p.ctx.db.query<{ carrier: string }>("select carrier from carrier_status where (stats->>'bound')::int >= 1"),
      (rows) => ['good', 'half'].every((c) => rows.some((r) => r.carrier === c)),
    );
    // unmeasured, both carriers share the first messages until the half one's receipts open its breaker
    const first = await send(0, 120);
    const shared = await waitFor(
      () => byCarrier(first),
      (rows) => rows.reduce((s, r) => s + r.n, 0) === 120,
    );
    expect(shared.find((r) => r.carrier === 'half')?.n ?? 0).toBeGreaterThanOrEqual(40);
    const audit = await waitFor(
      async () =>
        (await p.call('/carrier/audit', {}, { token: await tokenFor(p, 'operator') })).body.data.data as Array<
          Record<string, unknown>
        >,
      (rows) => rows.some((r) => r.action === 'carrier.breaker.open'),
    );
    expect(audit.find((r) => r.action === 'carrier.breaker.open')).toMatchObject({ actor: 'platform', target: 'half' });
    // and the operator hears of it in the bell
    const notices = await p.call('/notice/list', {}, { token: await tokenFor(p, 'operator') });
    expect(notices.body.data.data).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          kind: 'carrierOut',
          params: expect.objectContaining({ carrier: 'half' }),
          link: '/carrierStatus',
        }),
      ]),
    );
    // the operator's list shows it out of rotation (each instance writes its status every 2 s)
    const operator = await tokenFor(p, 'operator');
    const half = await waitFor(
      async () =>
        (
          (await p.call('/carrier/list', {}, { token: operator })).body.data.carriers as Array<{
            name: string;
            state: string;
          }>
        ).find((c) => c.name === 'half'),
      (c) => c?.state === 'probing',
    );
    expect(half).toMatchObject({ status: { breaker: 'open' } });
    const later = await send(1000, 100);
    const counts = await waitFor(
      () => byCarrier(later),
      (rows) => rows.reduce((s, r) => s + r.n, 0) === 100,
    );
    const toHalf = counts.find((r) => r.carrier === 'half')?.n ?? 0;
    expect(toHalf).toBeLessThanOrEqual(10);
  });
});
