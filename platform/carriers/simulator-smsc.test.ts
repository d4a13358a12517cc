import { describe, expect, it } from 'vitest';
import { simulatedReplyFor } from '../messaging/simulator';
import type { ShortMessagePdu } from '../smpp-wire/pdu-types';
import { decodeText } from '../smpp-wire/sms-text';
import { carrierSchema } from '../../contract/carrier.schema';
import { cleanups, esmeOptions, until } from '../../tests/helpers/carrier-esme';
import { EsmeSession } from './esme-session';
import { carrierSubmits } from './outbound-parts';
import { partStateOf, recordStatusOf } from './part-states';
import { readCarrierReceipt } from './receipt-match';
import { simulatorSmsc } from './simulator-smsc';

// The simulator as a carrier on the wire: the platform's ESME submits a long message and reads back a receipt per
// part, matched to the ids it was given, a failure as a failure, and the phone's reply as an MO.

const closeLater = cleanups();

async function run(rates: { successRate: number; failureRate: number; replyRate: number }, random?: () => number) {
  const smsc = simulatorSmsc({
    simulator: { reviewMs: 10, reportMs: 20, ...rates },
    systemId: 'platform',
    password: 'sim',
    random,
  });
  const { port } = await smsc.server.listen(0, '127.0.0.1');
  closeLater(() => smsc.close());
  const delivered: ShortMessagePdu[] = [];
  const link = await EsmeSession.open(
    esmeOptions(port, { systemId: 'platform', password: 'sim', onDeliver: (pdu) => (delivered.push(pdu), 0) }),
  );
  closeLater(() => link.destroy('test over'));
  const carrier = carrierSchema.parse({ name: 'sim', host: '127.0.0.1', port, systemId: 'platform', password: 'sim' });
  const parts = carrierSubmits(
    { sourceAddr: '10690001', destinationAddr: '8613800138000', text: 'simulated '.repeat(40), ref: 7 },
    carrier,
  );
  const ids: string[] = [];
  for (const p of parts) {
    const a = await link.submit(p);
    if (a.kind === 'accepted') ids.push(a.messageId);
  }
  return { parts, ids, delivered };
}

/** A simulator whose receipts find no bind: one message is submitted on a bind that then goes away before its report is
 * due. Counts the receipts the simulator gives up on, and those it keeps to offer again. */
async function receiptsWithoutBind(o: { receiptRetryMs?: number }) {
  const lost: string[] = [];
  const kept: string[] = [];
  const smsc = simulatorSmsc({
    simulator: { reviewMs: 10, reportMs: 50, successRate: 1, failureRate: 0, replyRate: 0 },
    systemId: 'platform',
    password: 'sim',
    ...o,
    onReceiptLost: (destination) => lost.push(destination),
    onReceiptKept: (destination) => kept.push(destination),
  });
  const { port } = await smsc.server.listen(0, '127.0.0.1');
  closeLater(() => smsc.close());
  const submitAndDrop = async (destinationAddr: string) => {
    const link = await EsmeSession.open(
      esmeOptions(port, { systemId: 'platform', password: 'sim', onDeliver: () => 0 }),
    );
    const carrier = carrierSchema.parse({
      name: 'sim',
      host: '127.0.0.1',
      port,
      systemId: 'platform',
      password: 'sim',
    });
    const [part] = carrierSubmits({ sourceAddr: '10690001', destinationAddr, text: 'no bind', ref: 8 }, carrier);
    const answer = await link.submit(part);
    expect(answer.kind).toBe('accepted');
    link.destroy('gateway killed');
    return answer;
  };
  return { lost, kept, port, submitAndDrop };
}

describe('simulator SMSC', () => {
  it('answers each part and sends a receipt per part; all delivered makes the record delivered; a reply comes as MO', async () => {
    const { parts, ids, delivered } = await run({ successRate: 1, failureRate: 0, replyRate: 1 });
    expect(parts).toHaveLength(3);
    expect(new Set(ids).size).toBe(3);
    await until(() => delivered.length === 4, 'three receipts and a reply');
    const receipts = delivered.map((d) => readCarrierReceipt(d, 'same')).filter((r) => r !== null);
    expect(new Set(receipts.map((r) => r.key))).toEqual(new Set(ids.map((id) => id.toLowerCase())));
    expect(recordStatusOf(receipts.map((r) => partStateOf(r.parsed!.stat)))).toBe(0);
    const mo = delivered.find((d) => d.esmClass === 0)!;
    expect(decodeText(mo.dataCoding, mo.shortMessage)).toBe(simulatedReplyFor('8613800138000'));
  });

  it('reports a failure as a failed record', async () => {
    // the first failure the simulator knows (UNDELIV)
    const { delivered } = await run({ successRate: 0, failureRate: 1, replyRate: 1 }, () => 0);
    await until(() => delivered.length === 3, 'three receipts');
    const states = delivered.map((d) => partStateOf(readCarrierReceipt(d, 'same')!.parsed!.stat));
    expect(recordStatusOf(states)).toBe(700);
    expect(delivered.every((d) => d.esmClass === 0x04)).toBe(true);
  });

  it('tells of a receipt no bind took: the ESME went away before its report was due', async () => {
    const { lost, submitAndDrop } = await receiptsWithoutBind({});
    await submitAndDrop('8613800138001');
    await until(() => lost.length === 1, 'the receipt counted as lost');
    expect(lost).toEqual(['8613800138001']);
  });

  it('keeps a receipt no bind took and hands it to the next bind, when asked to as a carrier does', async () => {
    const { lost, kept, port, submitAndDrop } = await receiptsWithoutBind({ receiptRetryMs: 30 });
    const answer = await submitAndDrop('8613800138002');
    // the report falls due with no bind, and is offered again until one takes it
    await until(() => kept.length >= 2, 'the report to fall due and be kept, twice');
    const delivered: ShortMessagePdu[] = [];
    const second = await EsmeSession.open(
      esmeOptions(port, { systemId: 'platform', password: 'sim', onDeliver: (pdu) => (delivered.push(pdu), 0) }),
    );
    closeLater(() => second.destroy('test over'));
    await until(() => delivered.length === 1, 'the kept receipt on the new bind');
    const receipt = readCarrierReceipt(delivered[0], 'same');
    expect(receipt?.key).toBe(answer.kind === 'accepted' ? answer.messageId.toLowerCase() : '');
    expect(lost).toEqual([]);
    expect(new Set(kept)).toEqual(new Set(['8613800138002']));
  });
});
