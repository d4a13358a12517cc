import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, startPlatform, type TestPlatform } from '../helpers/platform';
import { carriersFile, handDrivenSmsc } from './hand-smsc.fixtures';
import { tokenFor, waitFor } from './send.fixtures';

// What becomes of a message no carrier can take: one no route matches fails at once with the reason; one whose only
// carrier is down waits in the queue, never submitted, until its validity ends and it fails as expired.

describe.each(DB_KINDS)('unroutable and undeliverable messages on %s', (kind) => {
  let p: TestPlatform;
  let admin: string;
  let carrier: Awaited<ReturnType<typeof handDrivenSmsc>>;
  beforeAll(async () => {
    // the carrier refuses every bind: they fail and are tried again with a backoff
    carrier = await handDrivenSmsc({ down: true });
    const file = carriersFile({
      carriers: [{ ...carrier.carrier('down'), reconnectMinS: 0.2, reconnectMaxS: 1, responseTimeoutS: 2 }],
      routes: [{ prefix: '8613', carriers: ['down'] }],
      validityS: 3,
    });
    p = await startPlatform(kind, {
      carriers: { source: 'file', file },
      simulator: { reviewMs: 100, reportMs: 100, successRate: 1, failureRate: 0, replyRate: 0 },
    });
    admin = await tokenFor(p, 'admin');
  });
  afterAll(async () => {
    await p?.close();
    await carrier?.server.close();
  });

  it('fails an unrouted number at once, holds a routed one while its carrier is down, then expires it', async () => {
    const routed = '13900000301';
    const unrouted = '15900000301';
    const r = await p.call(
      '/user/groupSend',
      { cus_id: 'EP0001', content: '【云信】路由测试', mobiles: `${routed}\n${unrouted}` },
      { token: admin },
    );
    expect(r.status).toBe(200);
    const row = (mobile: string) =>
      p.ctx.db.query<{
        mt_status: number;
        report_result: string | null;
        report_result_desc: string | null;
        err_desc: string | null;
        receive_time: Date;
        updated_at: Date;
      }>(
        'select mt_status, report_result, report_result_desc, err_desc, receive_time, updated_at from mt_records where mobile = $1',
        [mobile],
      );
    const [noRoute] = await waitFor(
      () => row(unrouted),
      (rs) => rs.length === 1 && rs[0].mt_status === 700,
    );
    expect(noRoute).toMatchObject({
      report_result: 'NOROUTE',
      report_result_desc: '无可用通道',
      err_desc: 'no route for this destination',
    });
    // the routed one is still waiting for its carrier, while the other has failed
    const [waiting] = await row(routed);
    expect(waiting.mt_status).toBe(500);
    const [expired] = await waitFor(
      () => row(routed),
      (rs) => rs[0].mt_status !== 500,
      30_000,
    );
    expect(expired).toMatchObject({ mt_status: 700, report_result: 'EXPIRED' });
    expect(new Date(expired.updated_at).getTime() - new Date(expired.receive_time).getTime()).toBeGreaterThanOrEqual(
      3000,
    );
    // never handed to a carrier
    const parts = await p.ctx.db.query(
      'select 1 from carrier_parts p join mt_records m on m.sn = p.sn where m.mobile = any($1)',
      [[routed, unrouted]],
    );
    expect(parts).toHaveLength(0);
  });

  it('shows the carrier that is down as unbound on the status list', async () => {
    const operator = await tokenFor(p, 'operator');
    const status = await waitFor(
      () => p.call('/user/getCarrierStatus', {}, { token: operator }),
      (res) => res.status === 200 && res.body.data.carriers.length === 1,
    );
    expect(status.body.data).toMatchObject({
      inProcess: false,
      carriers: [{ name: 'down', bound: 0, wanted: 1, instances: 1 }],
    });
  });
});
