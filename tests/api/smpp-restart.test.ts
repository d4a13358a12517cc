import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STATUS } from '../../platform/smpp-wire/command-status';
import { TLV, findTlv, shortMessagePdu, type Pdu } from '../../platform/smpp-wire/pdu-types';
import { TestPeer } from '../helpers/smpp-test-peer';
import { durablePlatform, durableStorage } from '../helpers/durable-platform';
import { DB_KINDS, testConfig, type TestPlatform } from '../helpers/platform';
import { FAST_SIMULATOR, waitFor } from './send.fixtures';
import { bindPdu, smppAccount } from './smpp.fixtures';

const RECEIPTS = 6;

// Receipts that wait for a receiver survive a restart of the platform: the next one delivers each exactly once.
describe.each(DB_KINDS)('SMPP receipts across a restart on %s', (kind) => {
  let where = '';
  let remove = () => undefined as void;
  beforeAll(async () => {
    ({ where, remove } = await durableStorage(kind, 'smpp'));
  });
  afterAll(() => remove());

  it('delivers every receipt queued before the stop once, after the restart, and none twice', async () => {
    const config = testConfig({
      logLevel: process.env.SMPP_TEST_LOG ?? 'warn',
      simulator: FAST_SIMULATOR,
      smppPort: 'auto',
    });
    const a = await durablePlatform(kind, where, config);
    await smppAccount(a as unknown as TestPlatform, 'SUB001', 'smpp1234', {});
    const tx = await TestPeer.open(a.smppPort()!);
    expect((await tx.call(bindPdu('SUB001', 'smpp1234', 'bind_transmitter'))).commandStatus).toBe(STATUS.ROK);
    const ids: string[] = [];
    for (let i = 0; i < RECEIPTS; i++) {
      const r = await tx.call(
        shortMessagePdu('submit_sm', {
          sourceAddr: '8003',
          destinationAddr: `1390000090${i}`,
          shortMessage: Buffer.from(`restart ${i}`),
          registeredDelivery: 1,
        }) as unknown as Pdu,
      );
      expect(r.commandStatus).toBe(STATUS.ROK);
      ids.push((r as unknown as { messageId: string }).messageId);
    }
    await waitFor(
      () => a.ctx.db.query<{ n: number }>('select count(*)::int as n from smpp_outbox'),
      ([row]) => Number(row.n) === RECEIPTS,
    );
    tx.end();
    await a.close();

    const b = await durablePlatform(kind, where, config);
    try {
      const rx = await TestPeer.open(b.smppPort()!);
      expect((await rx.call(bindPdu('SUB001', 'smpp1234', 'bind_receiver'))).commandStatus).toBe(STATUS.ROK);
      const answered = new Set<number>();
      const receipted: string[] = [];
      const answer = () => {
        for (const x of rx.received) {
          if (x.command !== 'deliver_sm' || answered.has(x.sequenceNumber)) continue;
          answered.add(x.sequenceNumber);
          receipted.push(findTlv(x, TLV.receipted_message_id)!.toString('latin1').replace(/\0$/, ''));
          rx.write({
            command: 'deliver_sm_resp',
            sequenceNumber: x.sequenceNumber,
            commandStatus: 0,
            messageId: '',
          } as unknown as Pdu);
        }
        return receipted.length >= RECEIPTS;
      };
      await rx.until(answer, 'the receipts after the restart', 30_000);
      // every row is answered and gone, so nothing can be sent again
      await waitFor(
        async () => (answer(), b.ctx.db.query<{ n: number }>('select count(*)::int as n from smpp_outbox')),
        ([row]) => Number(row.n) === 0,
      );
      answer();
      expect([...receipted].sort()).toEqual([...ids].sort());
      rx.end();
    } finally {
      await b.close();
    }
  }, 120_000);
});
