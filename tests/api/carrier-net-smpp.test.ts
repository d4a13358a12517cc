import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EsmeSession } from '../../platform/carriers/esme-session';
import { carrierIdKey, readCarrierReceipt } from '../../platform/carriers/receipt-match';
import type { ShortMessagePdu } from '../../platform/smpp-wire/pdu-types';
import { esmeOptions, gsmMessage } from '../helpers/carrier-esme';

// The platform's carrier link against an SMSC we did not write: Net::SMPP (Debian libnet-smpp-perl) as a minimal
// SMSC that answers with upper-case hex ids and writes them in decimal in its receipts, with 12-digit dates.

const SCRIPT = fileURLToPath(new URL('../smpp/net-smpp-smsc.pl', import.meta.url));

describe('carrier link to a Net::SMPP SMSC', () => {
  let smsc: ChildProcessWithoutNullStreams;
  const steps: Array<Record<string, unknown>> = [];
  let port = 0;
  beforeAll(async () => {
    smsc = spawn('perl', [SCRIPT]);
    const lines = createInterface({ input: smsc.stdout });
    port = await new Promise<number>((resolve, reject) => {
      smsc.once('exit', (code) => reject(new Error(`net-smpp-smsc exited ${code}`)));
      lines.on('line', (line) => {
        const step = JSON.parse(line) as Record<string, unknown>;
        steps.push(step);
        if (step.step === 'listening') resolve(Number(step.port));
      });
    });
  });
  afterAll(() => {
    smsc?.kill();
  });

  it('binds, submits, and matches every receipt to its message by the id the submit was answered with', async () => {
    const receipts: ShortMessagePdu[] = [];
    const link = await EsmeSession.open(
      esmeOptions(port, {
        systemId: 'platform',
        responseTimeoutMs: 10_000,
        bindTimeoutMs: 10_000,
        onDeliver: (pdu) => (receipts.push(pdu), 0),
      }),
    );
    const answers = await Promise.all(
      [1, 2, 3].map((i) => link.submit(gsmMessage(`carrier test ${i}`, `861380013800${i}`))),
    );
    const ids = answers.map((a) => (a.kind === 'accepted' ? a.messageId : `refused: ${JSON.stringify(a)}`));
    for (const id of ids) expect(id).toMatch(/^[0-9A-F]{10}$/);
    for (const end = Date.now() + 20_000; receipts.length < 3 && Date.now() < end;)
      await new Promise((r) => setTimeout(r, 20));
    expect(receipts).toHaveLength(3);
    const matched = receipts.map((r) => readCarrierReceipt(r, 'hex-to-decimal'));
    expect(new Set(matched.map((m) => m?.key))).toEqual(new Set(ids.map(carrierIdKey)));
    for (const m of matched) {
      expect(m?.parsed).toMatchObject({ stat: 'DELIVRD', err: '000', delivered: 1 });
      expect(m?.parsed?.doneDate?.getUTCSeconds()).toBe(15);
    }
    await link.unbind();
    for (const end = Date.now() + 10_000; !steps.some((s) => s.step === 'unbind') && Date.now() < end;)
      await new Promise((r) => setTimeout(r, 20));
    expect(steps.filter((s) => s.step === 'deliver_sm_resp').map((s) => s.status)).toEqual([0, 0, 0]);
    expect(steps.map((s) => s.step)).toContain('unbind');
  });
});
