import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STATUS } from '../../platform/smpp-wire/command-status';
import { shortMessagePdu, type Pdu } from '../../platform/smpp-wire/pdu-types';
import { OUTBOX_CHANNEL } from '../../platform/smpp/receipt-queue';
import { DB_KINDS, startPlatform, type TestPlatform } from '../helpers/platform';
import { FAST_SIMULATOR } from './send.fixtures';
import { SMPP_TEST_ACCOUNT, bindTestAccount, smppTestAccount } from './smpp.fixtures';

// A receipt the dispatcher queues tells every instance at its commit (so a bound client gets it at once rather than at
// the next look at the outbox): the notice comes, and the row it announces is there to be read when it does.

describe.each(DB_KINDS)('SMPP outbox notice on %s', (kind) => {
  let p: TestPlatform;
  beforeAll(async () => {
    p = await startPlatform(kind, { smppPort: 'auto', simulator: FAST_SIMULATOR, logLevel: 'error' });
    await smppTestAccount(p);
  });
  afterAll(async () => p?.close());

  it('announces a queued receipt after the transaction that queued it', async () => {
    const seen: number[] = [];
    let noticed!: () => void;
    const notice = new Promise<void>((r) => (noticed = r));
    // no receiver bound: the receipt stays in the outbox, so the row is there whenever the notice is read
    const off = await p.ctx.db.listen(OUTBOX_CHANNEL, () => {
      void p.ctx.db
        .query<{ n: number }>('select count(*)::int as n from smpp_outbox where cus_id = $1', ['SUB001'])
        .then(([r]) => {
          seen.push(r.n);
          noticed();
        });
    });
    const { peer } = await bindTestAccount(p, 'bind_transmitter');
    const resp = await peer.call(
      shortMessagePdu('submit_sm', {
        sourceAddr: SMPP_TEST_ACCOUNT.sourceAddr,
        destinationAddr: '13900000777',
        shortMessage: Buffer.from('notice me'),
        registeredDelivery: 1,
      }) as unknown as Pdu,
    );
    expect(resp.commandStatus).toBe(STATUS.ROK);
    await notice;
    expect(seen[0]).toBeGreaterThan(0);
    await off();
    peer.end();
  });
});
