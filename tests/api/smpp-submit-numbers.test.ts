import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NUMBER_VECTORS, SMPP_ADDRESS_VECTORS, type NumberVector } from '../../contract/validation/number-vectors';
import { STATUS } from '../../platform/smpp-wire/command-status';
import { shortMessagePdu, type Pdu } from '../../platform/smpp-wire/pdu-types';
import type { TestPeer } from '../helpers/smpp-test-peer';
import { DB_KINDS, startPlatform, type TestPlatform } from '../helpers/platform';
import { FAST_SIMULATOR } from './send.fixtures';
import { bindPeer, bindTestAccount, pipelined, smppAccount, smppTestAccount, SMPP_TEST_ACCOUNT } from './smpp.fixtures';

// submit_sm reads every destination of the shared number table as the number rule says, by its type of number: with
// TON 0 as written (a + keeps its country code), with TON 1 the digits carry the country code. A mainland mobile is
// stored as its 11 digits on the domestic product; an international number goes on the international product at its
// country's price when the account has it, else is refused (ESME_RINVDSTADR), never stored as a mainland mobile. The
// source address follows the sender rule every door shares.
const TABLE: Array<NumberVector & { ton: number }> = [
  ...NUMBER_VECTORS.map((v) => ({ ...v, ton: 0 })),
  ...SMPP_ADDRESS_VECTORS,
];
const PRICE: Record<string, number> = { US: 0.35, GB: 0.4, SG: 0.28 };

const submit = (sourceAddr: string, destinationAddr: string, destAddrTon: number, sourceAddrTon = 0) =>
  shortMessagePdu('submit_sm', {
    sourceAddr,
    sourceAddrTon,
    destinationAddr,
    destAddrTon,
    destAddrNpi: 1,
    // a text per source and destination: one number written two ways with one text would be a duplicate by the send
    // policy
    shortMessage: Buffer.from(`number table ${sourceAddr} ${destinationAddr}`),
  }) as unknown as Pdu;

/** The PDUs a window at a time: a session takes 10 requests at once and throttles the rest. */
async function inWindows(peer: TestPeer, pdus: Pdu[]) {
  const out = [];
  for (let i = 0; i < pdus.length; i += 10) out.push(...(await pipelined(peer, pdus.slice(i, i + 10))));
  return out;
}

describe.each(DB_KINDS)('SMPP submit of the number table on %s', (kind) => {
  let p: TestPlatform;
  beforeAll(async () => {
    p = await startPlatform(kind, { smppPort: 'auto', simulator: FAST_SIMULATOR, logLevel: 'error' });
    await smppTestAccount(p, { balance: 100 });
    await smppAccount(p, 'SUB003', 'smpp1234');
  });
  afterAll(async () => p?.close());

  const recordsOf = async (ids: string[]) =>
    new Map(
      (
        await p.ctx.db.query<{
          message_id: string;
          mobile: string;
          prod_type: number;
          country_code: string | null;
          price: string;
        }>(
          `select s.message_id, m.mobile, m.prod_type::int as prod_type, m.country_code, m.price
             from smpp_messages s join mt_records m on m.sn = s.sn where s.message_id = any($1)`,
          [ids],
        )
      ).map((r) => [r.message_id, r]),
    );

  it('on a domestic-only account: mainland mobiles stored as 11 digits, every other destination refused', async () => {
    const { peer } = await bindTestAccount(p, 'bind_transmitter');
    const answers = await inWindows(
      peer,
      TABLE.map((v) => submit(SMPP_TEST_ACCOUNT.sourceAddr, v.raw, v.ton)),
    );
    expect(answers.map((a) => a.commandStatus)).toEqual(
      TABLE.map((v) => (v.kind === 'domestic' ? 0 : STATUS.RINVDSTADR)),
    );
    const records = await recordsOf(answers.map((a) => String((a as { messageId?: string }).messageId ?? '')));
    TABLE.forEach((v, i) => {
      if (v.kind === 'domestic')
        expect(records.get((answers[i] as { messageId: string }).messageId), `${v.ton} ${v.raw}`).toMatchObject({
          mobile: v.stored,
          prod_type: 0,
        });
    });
    peer.end();
  });

  it('on an account with both products: each message on its own product, international ones at their country price', async () => {
    const { peer } = await bindPeer(p, 'SUB003', 'smpp1234', 'bind_transmitter');
    const answers = await inWindows(
      peer,
      TABLE.map((v) => submit('8005', v.raw, v.ton)),
    );
    expect(answers.map((a) => a.commandStatus)).toEqual(
      TABLE.map((v) => (v.kind === 'invalid' ? STATUS.RINVDSTADR : 0)),
    );
    const records = await recordsOf(answers.map((a) => String((a as { messageId?: string }).messageId ?? '')));
    TABLE.forEach((v, i) => {
      if (v.kind === 'invalid') return;
      const r = records.get((answers[i] as { messageId: string }).messageId);
      if (v.kind === 'domestic') expect(r, `${v.ton} ${v.raw}`).toMatchObject({ mobile: v.stored, prod_type: 0 });
      else {
        expect(r, `${v.ton} ${v.raw}`).toMatchObject({ mobile: v.stored, prod_type: 1, country_code: v.country });
        expect(Number(r!.price), v.raw).toBeCloseTo(PRICE[v.country!], 4);
      }
    });
    peer.end();
  });

  it('takes an alphanumeric sender id on international messages only, and the address carriers send from', async () => {
    const { peer } = await bindPeer(p, 'SUB003', 'smpp1234', 'bind_transmitter');
    const answers = await pipelined(peer, [
      submit('ACME', '+13055550120', 0, 5),
      submit('ACME', '13900003395', 0, 5),
      submit('1069008005', '13900003396', 0),
      submit('106900', '13900003397', 0),
    ]);
    expect(answers.map((a) => a.commandStatus)).toEqual([0, STATUS.RINVSRCADR, 0, STATUS.RINVSRCADR]);
    peer.end();
  });
});
