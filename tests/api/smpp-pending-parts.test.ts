import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configFromEnv } from '../../platform/core/config';
import { STATUS } from '../../platform/smpp-wire/command-status';
import { TLV, tlvCString, type Pdu } from '../../platform/smpp-wire/pdu-types';
import { udhPart } from '../helpers/smpp-test-server';
import { DB_KINDS, startPlatform, type TestPlatform } from '../helpers/platform';
import { FAST_SIMULATOR } from './send.fixtures';
import { bindTestAccount, smppTestAccount } from './smpp.fixtures';

// Parts of long messages waiting for the rest are bounded per session and per account (here 4 parts an account, so 2
// a session), and a message dropped incomplete is told to the client: a receipt REJECTD for each id it was given.

describe.each(DB_KINDS)('SMPP pending long-message parts on %s', (kind) => {
  let p: TestPlatform;
  beforeAll(async () => {
    p = await startPlatform(kind, {
      smppPort: 'auto',
      simulator: FAST_SIMULATOR,
      logLevel: 'error',
      smppLimits: { ...configFromEnv({}).smppLimits, pendingParts: 4, reassemblyTimeoutMs: 1000 },
    });
    await smppTestAccount(p);
  });
  afterAll(async () => p?.close());

  it('refuses parts beyond the session and account bounds with ESME_RMSGQFUL, and sends REJECTD for the dropped ones', async () => {
    const { peer: a } = await bindTestAccount(p);
    const { peer: b } = await bindTestAccount(p);
    const part = (ref: number) => udhPart(ref, 3, 1, Buffer.from('part one'), 1);
    const ids: string[] = [];
    const take = async (peer: typeof a, ref: number) => {
      const r = (await peer.call(part(ref))) as Pdu & { messageId: string };
      if (r.commandStatus === STATUS.ROK) ids.push(r.messageId);
      return r.commandStatus;
    };
    expect([await take(a, 1), await take(a, 2), await take(a, 3)]).toEqual([STATUS.ROK, STATUS.ROK, STATUS.RMSGQFUL]);
    expect([await take(b, 4), await take(b, 5), await take(b, 6)]).toEqual([STATUS.ROK, STATUS.ROK, STATUS.RMSGQFUL]);
    // the account's bound holds on another session too
    const { peer: c } = await bindTestAccount(p);
    expect(await take(c, 7)).toBe(STATUS.RMSGQFUL);
    // none completes: each id handed out comes back in a REJECTD receipt over the account's receiving binds
    const receipts = () =>
      [a, b, c].flatMap((peer) =>
        peer.received
          .filter((r) => r.command === 'deliver_sm')
          .map((r) => ({ id: tlvCString(r as never, TLV.receipted_message_id), text: r })),
      );
    for (const peer of [a, b, c]) {
      let answered = 0;
      setInterval(() => {
        for (const d of peer.received.filter((r) => r.command === 'deliver_sm').slice(answered)) {
          answered++;
          peer.write({
            command: 'deliver_sm_resp',
            commandStatus: 0,
            sequenceNumber: d.sequenceNumber,
            messageId: '',
          } as Pdu);
        }
      }, 20).unref();
    }
    await a.until(() => receipts().length >= 4, 'the REJECTD receipts', 15_000);
    expect(
      receipts()
        .map((r) => r.id)
        .sort(),
    ).toEqual([...ids].sort());
    for (const r of receipts())
      expect((r.text as unknown as { shortMessage: Buffer }).shortMessage.toString('latin1')).toContain('stat:REJECTD');
    // the room is free again
    expect(await take(c, 8)).toBe(STATUS.ROK);
    for (const peer of [a, b, c]) peer.end();
  });
});
