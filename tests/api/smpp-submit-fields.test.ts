import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STATUS } from '../../platform/smpp-wire/command-status';
import { shortMessagePdu, type Pdu } from '../../platform/smpp-wire/pdu-types';
import { DB_KINDS, startPlatform, type TestPlatform } from '../helpers/platform';
import { FAST_SIMULATOR } from './send.fixtures';
import { SMPP_TEST_ACCOUNT, bindTestAccount, smppTestAccount } from './smpp.fixtures';

// submit_sm fields with rules of their own: a NULL source_addr, schedule_delivery_time, validity_period.

const submit = (fields: Partial<Parameters<typeof shortMessagePdu>[1]>) =>
  shortMessagePdu('submit_sm', {
    sourceAddr: SMPP_TEST_ACCOUNT.sourceAddr,
    destinationAddr: '13900000501',
    shortMessage: Buffer.from('fields'),
    ...fields,
  }) as unknown as Pdu;

describe.each(DB_KINDS)('SMPP submit_sm fields on %s', (kind) => {
  let p: TestPlatform;
  beforeAll(async () => {
    p = await startPlatform(kind, { smppPort: 'auto', simulator: FAST_SIMULATOR, logLevel: 'error' });
    await smppTestAccount(p);
  });
  afterAll(async () => p?.close());

  it("sends a message with a NULL source_addr from the account's sender id and extension", async () => {
    const { peer } = await bindTestAccount(p, 'bind_transmitter');
    const r = (await peer.call(submit({ sourceAddr: '' }))) as Pdu & { messageId: string };
    expect(r.commandStatus).toBe(STATUS.ROK);
    const [row] = await p.ctx.db.query<{ source_addr: string }>(
      'select source_addr from smpp_messages where message_id = $1',
      [r.messageId],
    );
    expect(row.source_addr).toBe(SMPP_TEST_ACCOUNT.sourceAddr);
    peer.end();
  });

  it('refuses malformed and future schedule_delivery_time, and malformed or past validity_period, storing nothing', async () => {
    const { peer } = await bindTestAccount(p, 'bind_transmitter');
    const count = async () =>
      (await p.ctx.db.query<{ n: number }>("select count(*)::int as n from mt_records where cus_id = 'SUB001'"))[0].n;
    const before = await count();
    expect((await peer.call(submit({ scheduleDeliveryTime: 'garbage!!' }))).commandStatus).toBe(STATUS.RINVSCHED);
    expect((await peer.call(submit({ scheduleDeliveryTime: '300101000000000+' }))).commandStatus).toBe(
      STATUS.RINVSCHED,
    );
    expect((await peer.call(submit({ validityPeriod: 'garbage!!' }))).commandStatus).toBe(STATUS.RINVEXPIRY);
    expect((await peer.call(submit({ validityPeriod: '200101000000000+' }))).commandStatus).toBe(STATUS.RINVEXPIRY);
    expect(await count()).toBe(before);
    expect(
      (
        await peer.call(
          submit({
            scheduleDeliveryTime: '000000000000000R',
            validityPeriod: '000001000000000R',
            shortMessage: Buffer.from('fields, relative'),
          }),
        )
      ).commandStatus,
    ).toBe(STATUS.ROK);
    peer.end();
  });
});
