import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { simulatedReplyFor } from '../../platform/messaging/simulator';
import { STATUS } from '../../platform/smpp-wire/command-status';
import { shortMessagePdu, type Pdu } from '../../platform/smpp-wire/pdu-types';
import { decodeUcs2 } from '../../platform/smpp-wire/sms-text';
import { DB_KINDS, startPlatform, type TestPlatform } from '../helpers/platform';
import { FAST_SIMULATOR, tokenFor, waitFor } from './send.fixtures';
import { bindTestAccount, smppTestAccount } from './smpp.fixtures';

/** A number the simulator answers with a reply that is no unsubscribe word (those would blacklist it). */
function answeringNumber(from: number): string {
  for (let n = from; ; n++) if (/^[\u4e00-\u9fff]{2,}$/.test(simulatedReplyFor(String(n)))) return String(n);
}

// Replies (MO) reach SMPP accounts as deliver_sm, kept until a receiver binds, on both storages.
describe.each(DB_KINDS)('SMPP replies on %s', (kind) => {
  let p: TestPlatform;
  beforeAll(async () => {
    p = await startPlatform(kind, {
      smppPort: 'auto',
      simulator: { ...FAST_SIMULATOR, replyRate: 1 },
      logLevel: process.env.SMPP_TEST_LOG ?? 'warn',
    });
    await smppTestAccount(p);
  });
  afterAll(async () => p?.close());

  it('keeps the reply to a message sent over SMPP until a receiver binds, then delivers it to the address it was sent from', async () => {
    const mobile = answeringNumber(13900000500);
    const tx = await bindTestAccount(p, 'bind_transmitter');
    const r = await tx.peer.call(
      shortMessagePdu('submit_sm', {
        sourceAddr: '1069000177',
        destinationAddr: mobile,
        shortMessage: Buffer.from('reply to me'),
      }) as unknown as Pdu,
    );
    expect(r.commandStatus).toBe(STATUS.ROK);
    tx.peer.end();
    const [queued] = await waitFor(
      () =>
        p.ctx.db.query<{ client_addr: string; text: string }>(
          "select client_addr, text from smpp_outbox where kind = 'mo' and mobile = $1",
          [mobile],
        ),
      (rows) => rows.length === 1,
    );
    expect(queued).toEqual({ client_addr: '1069000177', text: simulatedReplyFor(mobile) });
    const rx = await bindTestAccount(p, 'bind_receiver');
    expect(rx.status).toBe(STATUS.ROK);
    const mo = (await rx.peer.until(
      () =>
        rx.peer.received.find(
          (x) => x.command === 'deliver_sm' && (x as unknown as { sourceAddr: string }).sourceAddr === mobile,
        ),
      'reply',
      15_000,
    )) as unknown as {
      esmClass: number;
      dataCoding: number;
      destinationAddr: string;
      shortMessage: Buffer;
      sequenceNumber: number;
    };
    expect(mo.esmClass).toBe(0);
    expect(mo.dataCoding).toBe(8);
    expect(mo.destinationAddr).toBe('1069000177');
    expect(decodeUcs2(mo.shortMessage)).toBe(simulatedReplyFor(mobile));
    rx.peer.write({
      command: 'deliver_sm_resp',
      sequenceNumber: mo.sequenceNumber,
      commandStatus: 0,
      messageId: '',
    } as unknown as Pdu);
    await waitFor(
      () => p.ctx.db.query("select 1 from smpp_outbox where kind = 'mo' and mobile = $1", [mobile]),
      (rows) => rows.length === 0,
    );
    rx.peer.end();
  });

  it('queues no reply for an account that neither binds nor sent the message over SMPP', async () => {
    const mobile = answeringNumber(13900000700);
    const user = await tokenFor(p, 'admin');
    const send = await p.call(
      '/user/groupSend',
      { cus_id: 'SUB002', content: '【演示】控制台发送', mobiles: mobile },
      { token: user },
    );
    expect(send.status).toBe(200);
    await waitFor(
      () => p.ctx.db.query("select 1 from mo_records where cus_id = 'SUB002' and mobile = $1", [mobile]),
      (rows) => rows.length === 1,
    );
    expect(await p.ctx.db.query("select 1 from smpp_outbox where kind = 'mo' and cus_id = 'SUB002'")).toEqual([]);
  });
});
