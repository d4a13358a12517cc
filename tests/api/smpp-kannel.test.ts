import { createServer, type IncomingMessage, type Server } from 'node:http';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { STATUS } from '../../platform/smpp/command-status';
import { TLV, cStringTlv, intTlv, shortMessagePdu } from '../../platform/smpp/pdu-types';
import { receiptTargets } from '../../platform/smpp/reassembly';
import { buildReceiptText } from '../../platform/smpp/receipt-text';
import { SmppServer } from '../../platform/smpp/smpp-server';
import type { SubmittedMessage } from '../../platform/smpp/server-types';
import { encodeText } from '../../platform/smpp/sms-text';
import { assertKannelInstalled, freePort, startKannel, type KannelBoxes } from '../smpp/kannel-boxes';

// The server against Kannel 1.4.5 as the client: bearerbox binds as a transceiver, a message goes in through
// smsbox's sendsms, and the receipt the server pushes comes back out of Kannel at the dlr-url.

beforeAll(() => assertKannelInstalled());

/** Polls a condition (a child process's state cannot be awaited as an event) until it holds or `ms` pass. */
async function until<T>(check: () => T | undefined | false | Promise<T | undefined | false>, what: string, ms = 30_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await check();
    if (v !== undefined && v !== false) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

let kannel: KannelBoxes | null = null;
let server: SmppServer | null = null;
let dlrServer: Server | null = null;
afterEach(async () => {
  await kannel?.stop();
  await server?.close(500);
  await new Promise((r) => (dlrServer ? dlrServer.close(r) : r(null)));
  kannel = server = dlrServer = null;
});

describe('SMPP server with Kannel as the client', () => {
  it('Kannel binds as transceiver, its sendsms message arrives whole, and the receipt reaches its dlr-url', async () => {
    const submitted: SubmittedMessage[] = [];
    const binds: string[] = [];
    server = new SmppServer({
      authenticate: async (r) => {
        binds.push(`${r.bindType}:${r.systemId}:${r.password}`);
        return r.systemId === 'acct01' && r.password === 'pass1234' ? { ok: true, accountId: 'acct01' } : { ok: false, status: STATUS.RINVPASWD };
      },
      submit: async (_s, m) => {
        submitted.push(m);
        return { messageId: `k${submitted.length}` };
      },
    });
    const { port: smppPort } = await server.listen(0, '127.0.0.1');

    const reports: URLSearchParams[] = [];
    dlrServer = createServer((req: IncomingMessage, res) => {
      reports.push(new URL(req.url ?? '/', 'http://x').searchParams);
      res.end('ok');
    });
    const taken = new Set<number>();
    const dlrPort = await freePort(27760, 27799, taken);
    await new Promise<void>((r) => dlrServer!.listen(dlrPort, '127.0.0.1', r));
    const [adminPort, boxPort, sendsmsPort] = [await freePort(27760, 27799, taken), await freePort(27760, 27799, taken), await freePort(27760, 27799, taken)];
    kannel = await startKannel({ smppPort, username: 'acct01', password: 'pass1234', adminPort, boxPort, sendsmsPort });

    const boxes = kannel;
    const bound = await until(() => server!.listSessions().find((s) => s.state === 'bound'), `Kannel's bind\n${boxes.log()}`).catch((e: Error) => {
      throw new Error(`${e.message}\n${boxes.log()}`);
    });
    expect(bound).toMatchObject({ bindType: 'transceiver', accountId: 'acct01' });
    let lastError = '';
    const longText = 'Kannel test {€} ' + 'x'.repeat(200);
    const answer = await until(
      () =>
        fetch(
          boxes.sendsmsUrl({
            from: '10690001',
            to: '8613800138000',
            text: longText,
            'dlr-mask': '3',
            'dlr-url': `http://127.0.0.1:${dlrPort}/dlr?type=%d&id=%F`,
          }),
        )
          .then(async (r) => ({ status: r.status, body: await r.text() }))
          .catch((e: Error) => {
            lastError = `${e.message} ${String((e as { cause?: unknown }).cause)}`;
            return undefined;
          }),
      'smsbox sendsms',
    ).catch((e: Error) => {
      throw new Error(`${e.message}: ${lastError}\n${boxes.log()}`);
    });
    expect(answer.status).toBe(202);
    await until(() => submitted.length === 1, `the message at the server\n${boxes.log()}`);
    expect(submitted[0]).toMatchObject({ text: longText, dataCoding: 0, segments: 2 });
    expect(submitted[0].pdu).toMatchObject({ sourceAddr: '10690001', destinationAddr: '8613800138000' });
    expect(submitted[0].registeredDelivery & 0x03).not.toBe(0);

    // Kannel asks for a receipt on the first part only and matches it by that part's id
    const targets = receiptTargets(submitted[0], 'k1');
    expect(targets).toEqual([{ id: submitted[0].partIds[0], registeredDelivery: 1 }]);
    const receiptId = targets[0].id;
    const now = new Date();
    const { dataCoding, body } = encodeText(
      buildReceiptText({ id: receiptId, submitted: 1, delivered: 1, submitDate: now, doneDate: now, stat: 'DELIVRD', err: 0, text: longText }),
    );
    const outcome = await server.deliverToAccount(
      'acct01',
      shortMessagePdu('deliver_sm', {
        sourceAddr: '8613800138000',
        destinationAddr: '10690001',
        esmClass: 0x04,
        dataCoding,
        shortMessage: body,
        tlvs: [cStringTlv(TLV.receipted_message_id, receiptId), intTlv(TLV.message_state, 2, 1)],
      }),
    );
    expect(outcome).toMatchObject({ ok: true, status: 0 });
    const report = await until(() => reports.find((r) => r.get('type') === '1'), `a delivered report at the dlr-url\n${boxes.log()}`);
    expect(report.get('type')).toBe('1');
    expect(submitted[0]).toMatchObject({ form: 'udh8', partIds: [receiptId, null] });
    expect(binds).toEqual(['transceiver:acct01:pass1234']);
  });
});
