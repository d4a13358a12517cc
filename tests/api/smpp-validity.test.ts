import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STATUS } from '../../platform/smpp-wire/command-status';
import { MESSAGE_STATE, shortMessagePdu, TLV, tlvCString, tlvInt, type Pdu } from '../../platform/smpp-wire/pdu-types';
import { DB_KINDS, startPlatform, type TestPlatform } from '../helpers/platform';
import { carriersFile, handDrivenSmsc } from './hand-smsc.fixtures';
import { balanceOf, waitFor } from './send.fixtures';
import { bindTestAccount, SMPP_TEST_ACCOUNT, smppTestAccount } from './smpp.fixtures';

// A submit_sm's validity_period is the message's own: while its only carrier is down, a message whose validity ends
// is not kept for the carrier's return but ends EXPIRED (receipt stat:EXPIRED, message_state 3), stays charged as any
// undeliverable message does, and is never submitted once the carrier binds; one with a later validity goes out when
// the carrier comes back. A validity already over is refused, one beyond the platform's 72 h is cut to it.

const submit = (destinationAddr: string, validityPeriod: string) =>
  shortMessagePdu('submit_sm', {
    sourceAddr: SMPP_TEST_ACCOUNT.sourceAddr,
    destinationAddr,
    shortMessage: Buffer.from('validity test'),
    registeredDelivery: 1,
    validityPeriod,
  }) as unknown as Pdu;

describe.each(DB_KINDS)('SMPP validity_period on %s', (kind) => {
  let p: TestPlatform;
  let smsc: Awaited<ReturnType<typeof handDrivenSmsc>>;
  beforeAll(async () => {
    // the carrier refuses every bind until the test brings it up; the binds are tried again every second at most
    smsc = await handDrivenSmsc({ down: true });
    const file = carriersFile({
      carriers: [{ ...smsc.carrier('late'), reconnectMinS: 0.2, reconnectMaxS: 1 }],
      routes: [{ prefix: '86', carriers: ['late'] }],
    });
    p = await startPlatform(kind, {
      smppPort: 'auto',
      carriers: { source: 'file', file },
      simulator: { reviewMs: 100, reportMs: 100, successRate: 1, failureRate: 0, replyRate: 0 },
      logLevel: 'silent',
    });
    await smppTestAccount(p, { balance: 100, payType: 0 });
  });
  afterAll(async () => {
    await p?.close();
    await smsc?.server.close();
  });

  const record = async (mobile: string) =>
    (
      await p.ctx.db.query<{
        sn: string;
        mt_status: number;
        report_result: string | null;
        price: string;
        receive_time: Date;
        expires_at: Date | null;
      }>(
        `select m.sn, m.mt_status, m.report_result, m.price, m.receive_time, c.expires_at
           from mt_records m left join carrier_queue c on c.sn = m.sn where m.mobile = $1 and m.source = 'smpp'`,
        [mobile],
      )
    )[0];

  it('refuses a validity already over with ESME_RINVEXPIRY', async () => {
    const { peer } = await bindTestAccount(p);
    expect((await peer.call(submit('13900000409', '200101000000000+'))).commandStatus).toBe(STATUS.RINVEXPIRY);
    expect((await peer.call(submit('13900000409', '000000000000000R'))).commandStatus).toBe(STATUS.RINVEXPIRY);
    expect(await record('13900000409')).toBeUndefined();
    peer.end();
  });

  it('expires a message its down carrier never took, with its receipt, and sends one still valid when the carrier is back', async () => {
    const { peer } = await bindTestAccount(p);
    // the receipts the platform delivers are answered as a client does
    let answered = 0;
    const answering = setInterval(() => {
      for (const d of peer.received.filter((r) => r.command === 'deliver_sm').slice(answered)) {
        answered++;
        peer.write({
          command: 'deliver_sm_resp',
          commandStatus: 0,
          sequenceNumber: d.sequenceNumber,
          messageId: '',
        } as Pdu);
      }
    }, 20);
    const before = await balanceOf(p, SMPP_TEST_ACCOUNT.cusId);
    const short = (await peer.call(submit('13900000401', '000000000003000R'))) as Pdu & { messageId: string };
    const long = (await peer.call(submit('13900000402', '000001000000000R'))) as Pdu & { messageId: string };
    const beyond = (await peer.call(submit('13900000403', '000010000000000R'))) as Pdu & { messageId: string };
    expect([short.commandStatus, long.commandStatus, beyond.commandStatus]).toEqual([
      STATUS.ROK,
      STATUS.ROK,
      STATUS.ROK,
    ]);

    const expired = await waitFor(
      () => record('13900000401'),
      (r) => r !== undefined && r.mt_status !== 500,
      30_000,
    );
    expect(expired).toMatchObject({ mt_status: 700, report_result: 'EXPIRED' });
    // charged and kept, as an undeliverable message is
    const charged =
      Number(expired.price) + Number((await record('13900000402')).price) + Number((await record('13900000403')).price);
    expect(await balanceOf(p, SMPP_TEST_ACCOUNT.cusId)).toBeCloseTo(before - charged, 4);

    const receipt = await peer.until(
      () =>
        peer.received.find(
          (r) => r.command === 'deliver_sm' && tlvCString(r as never, TLV.receipted_message_id) === short.messageId,
        ),
      'the EXPIRED receipt',
      15_000,
    );
    expect((receipt as unknown as { shortMessage: Buffer }).shortMessage.toString('latin1')).toContain('stat:EXPIRED');
    expect(tlvInt(receipt as never, TLV.message_state)).toBe(MESSAGE_STATE.EXPIRED);
    expect(
      (await peer.call({
        command: 'query_sm',
        messageId: short.messageId,
        sourceAddrTon: 0,
        sourceAddrNpi: 0,
        sourceAddr: SMPP_TEST_ACCOUNT.sourceAddr,
      } as never)) as unknown,
    ).toMatchObject({
      messageState: MESSAGE_STATE.EXPIRED,
    });

    // the other two wait for the carrier; the one asking for ten days keeps the platform's 72 h at most
    const [kept, clamped] = [await record('13900000402'), await record('13900000403')];
    expect([kept.mt_status, clamped.mt_status]).toEqual([500, 500]);
    expect(new Date(kept.expires_at!).getTime() - new Date(kept.receive_time).getTime()).toBeGreaterThan(
      23 * 3_600_000,
    );
    expect(new Date(clamped.expires_at!).getTime() - new Date(clamped.receive_time).getTime()).toBeLessThanOrEqual(
      72 * 3_600_000 + 1000,
    );

    smsc.up();
    await waitFor(
      async () => smsc.ids.size,
      (n) => n >= 2,
      30_000,
    );
    expect([...smsc.ids.keys()].sort()).toEqual(['8613900000402', '8613900000403']);
    await smsc.receipt('8613900000402');
    await waitFor(
      () => record('13900000402'),
      (r) => r.mt_status === 0,
      30_000,
    );
    // the expired one was never handed to the carrier
    expect(smsc.ids.has('8613900000401')).toBe(false);
    expect(await p.ctx.db.query('select 1 from carrier_parts where sn = $1', [expired.sn])).toHaveLength(0);
    clearInterval(answering);
    peer.end();
  });
});
