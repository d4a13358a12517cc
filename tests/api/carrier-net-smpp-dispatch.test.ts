import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPlatform, type TestPlatform } from '../helpers/platform';
import { carriersFile } from './hand-smsc.fixtures';
import { startNetSmppCarrier, type CarrierStep, type NetSmppCarrier } from './net-smpp-carrier.fixtures';
import { tokenFor, waitFor } from './send.fixtures';

// The platform's dispatcher against a carrier SMSC we did not write (Net::SMPP, tests/smpp/net-smpp-carrier.pl), named
// in a CARRIERS_FILE: delivery, receipts written with the hex id in decimal and 12-digit dates, a long message's
// receipt per part, an undeliverable receipt, a throttle, a permanent refusal, a reply (MO) routed by the sender's
// extension, and a connection that drops with a submit unanswered.

describe('dispatch to a Net::SMPP carrier', () => {
  let smsc: NetSmppCarrier;
  let steps: CarrierStep[];
  let p: TestPlatform;
  let admin: string;
  beforeAll(async () => {
    smsc = await startNetSmppCarrier();
    steps = smsc.steps;
    const file = carriersFile({
      carriers: [
        {
          name: 'perl',
          host: '127.0.0.1',
          port: smsc.port,
          systemId: 'platform',
          password: 'secret',
          window: 10,
          rate: 200,
          receiptIds: 'hex-to-decimal',
          reconnectMinS: 0.2,
          responseTimeoutS: 3,
        },
      ],
      routes: [{ prefix: '86', carriers: ['perl'] }],
      receiptWaitS: 600,
    });
    p = await startPlatform('pglite', {
      carriers: { source: 'file', file },
      simulator: { reviewMs: 100, reportMs: 100, successRate: 1, failureRate: 0, replyRate: 0 },
    });
    await p.ctx.db.query("update accounts set ext_number = '77', balance = 1000 where cus_id = 'EP0001'");
    admin = await tokenFor(p, 'admin');
  });
  afterAll(async () => {
    await p?.close();
    smsc?.stop();
  });

  const send = async (mobiles: string[], content: string) => {
    const r = await p.call(
      '/user/groupSend',
      { cus_id: 'EP0001', content, mobiles: mobiles.join('\n') },
      { token: admin },
    );
    expect(r.status, JSON.stringify(r.body)).toBe(200);
  };
  const records = (mobiles: string[]) =>
    p.ctx.db.query<{ mobile: string; mt_status: number; report_result: string | null; sn: string }>(
      'select sn, mobile, mt_status, report_result from mt_records where mobile = any($1) order by mobile',
      [mobiles],
    );
  const settled = (mobiles: string[]) =>
    waitFor(
      () => records(mobiles),
      (rs) => rs.length === mobiles.length && rs.every((r) => r.mt_status !== 500 && r.mt_status !== 100),
    );

  it('delivers, matches receipts by the id in another base, tells apart throttles and refusals, and takes the reply', async () => {
    const mobiles = ['13900000100', '13900000101', '13900000102', '13900000103', '13900000104'];
    await send(mobiles, '【云信】您的验证码是 1234');
    const long = '13900000110';
    await send([long], `【云信】${'Long message text in GSM seven bit. '.repeat(6)}`);
    const rs = await settled([...mobiles, long]);
    const by = new Map(rs.map((r) => [r.mobile, r]));
    expect(by.get('13900000100')).toMatchObject({ mt_status: 0, report_result: '0' });
    expect(by.get('13900000101')).toMatchObject({ mt_status: 700, report_result: 'UNDELIV' });
    expect(by.get('13900000102')).toMatchObject({ mt_status: 0 });
    expect(by.get('13900000103')).toMatchObject({ mt_status: 700, report_result: '0x0000000b' });
    expect(by.get('13900000104')).toMatchObject({ mt_status: 0 });
    expect(by.get(long)).toMatchObject({ mt_status: 0 });

    // the id is kept as the carrier gave it, and the key its receipts (in decimal) were matched by
    const [part] = await p.ctx.db.query<{ carrier_id: string; carrier_key: string; state: string }>(
      'select carrier_id, carrier_key, state from carrier_parts where sn = $1',
      [by.get('13900000100')!.sn],
    );
    expect(part.carrier_id).toMatch(/^000[0-9A-F]{7}$/);
    expect(part.carrier_key).toBe(part.carrier_id.replace(/^0+/, '').toLowerCase());
    expect(part.state).toBe('delivered');
    const longParts = await p.ctx.db.query<{ state: string }>(
      'select state from carrier_parts where sn = $1 order by part',
      [by.get(long)!.sn],
    );
    // 220 characters in UCS-2 (the brackets of the signature are not GSM-7): four parts of at most 67, each receipted
    expect(longParts.map((x) => x.state)).toEqual(['delivered', 'delivered', 'delivered', 'delivered']);
    const longSubmits = steps.filter((s) => s.step === 'submit' && s.destination === `86${long}`);
    expect(longSubmits.map((s) => s.esm_class)).toEqual([0x40, 0x40, 0x40, 0x40]);

    // the throttled message went again once; the refused one only once; every submit came from the extension
    expect(steps.filter((s) => s.destination === '8613900000102').map((s) => s.step)).toEqual(['throttled', 'submit']);
    expect(steps.filter((s) => s.destination === '8613900000103').map((s) => s.step)).toEqual(['refused']);
    expect(new Set(steps.filter((s) => s.step === 'submit').map((s) => s.source))).toEqual(new Set(['10690077']));

    const mo = await waitFor(
      () =>
        p.ctx.db.query<{ cus_id: string; content: string; batch_id: string }>(
          "select cus_id, content, batch_id from mo_records where mobile = '13900000104'",
        ),
      (m) => m.length === 1,
    );
    expect(mo[0]).toMatchObject({ cus_id: 'EP0001', content: 'TD' });
    expect(mo[0].batch_id).not.toBe('');
    const black = await p.ctx.db.query("select 1 from blacklist where mobile = '13900000104'");
    expect(black).toHaveLength(1);
    expect(steps.filter((s) => s.step === 'deliver_sm_resp').every((s) => s.status === 0)).toBe(true);
  });

  it('ends a submit the dropped connection never answered as unknown without sending it again, and binds again', async () => {
    await send(['13900000109'], '【云信】连接断开测试');
    const [dropped] = await settled(['13900000109']);
    expect(dropped).toMatchObject({ mt_status: 600, report_result: 'NORESP' });
    expect(steps.filter((s) => s.destination === '8613900000109').map((s) => s.step)).toEqual(['drop']);
    await send(['13900000120'], '【云信】重新连接后');
    const [after] = await settled(['13900000120']);
    expect(after.mt_status).toBe(0);
    expect(steps.filter((s) => s.step === 'bind').length).toBeGreaterThanOrEqual(2);
  });
});
