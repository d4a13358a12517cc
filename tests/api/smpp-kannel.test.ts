import { createServer, type IncomingMessage, type Server } from 'node:http';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { STATUS } from '../../platform/smpp-wire/command-status';
import { TLV, cStringTlv, intTlv, shortMessagePdu } from '../../platform/smpp-wire/pdu-types';
import { receiptTargets } from '../../platform/smpp/reassembly';
import { buildReceiptText } from '../../platform/smpp-wire/receipt-text';
import { SmppServer } from '../../platform/smpp/smpp-server';
import type { SubmittedMessage } from '../../platform/smpp/server-types';
import { encodeText } from '../../platform/smpp-wire/sms-text';
import { startPlatform, type TestPlatform } from '../helpers/platform';
import { assertKannelInstalled, freePort, startKannel, type KannelBoxes } from '../smpp/kannel-boxes';
import { FAST_SIMULATOR, balanceOf } from './send.fixtures';
import { smppAccount } from './smpp.fixtures';

// The server against Kannel 1.4.5 as the client: bearerbox binds as a transceiver, a message goes in through
// smsbox's sendsms, and the receipt the server pushes comes back out of Kannel at the dlr-url.

beforeAll(() => assertKannelInstalled());

/** Polls a condition (a child process's state cannot be awaited as an event) until it holds or `ms` pass. */
async function until<T>(
  check: () => T | undefined | false | Promise<T | undefined | false>,
  what: string,
  ms = 30_000,
): Promise<T> {
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
let platform: TestPlatform | null = null;
afterEach(async () => {
  await kannel?.stop();
  await server?.close(500);
  await new Promise((r) => (dlrServer ? dlrServer.close(r) : r(null)));
  await platform?.close();
  kannel = server = dlrServer = platform = null;
});

/** A local HTTP server standing in for the ESME's own application: it collects the reports Kannel posts to dlr-url. */
async function dlrCollector(taken: Set<number>): Promise<{ port: number; reports: URLSearchParams[] }> {
  const reports: URLSearchParams[] = [];
  dlrServer = createServer((req: IncomingMessage, res) => {
    reports.push(new URL(req.url ?? '/', 'http://x').searchParams);
    res.end('ok');
  });
  const port = await freePort(27760, 27799, taken);
  await new Promise<void>((r) => dlrServer!.listen(port, '127.0.0.1', r));
  return { port, reports };
}

/** smsbox's sendsms, tried until smsbox answers (it listens a moment after bearerbox has bound). */
async function sendThroughKannel(
  boxes: KannelBoxes,
  params: Record<string, string>,
): Promise<{ status: number; body: string }> {
  let lastError = '';
  return until(
    () =>
      fetch(boxes.sendsmsUrl(params))
        .then(async (r) => ({ status: r.status, body: await r.text() }))
        .catch((e: Error) => {
          lastError = `${e.message} ${String((e as { cause?: unknown }).cause)}`;
          return undefined;
        }),
    'smsbox sendsms',
  ).catch((e: Error) => {
    throw new Error(`${e.message}: ${lastError}\n${boxes.log()}`);
  });
}

describe('SMPP server with Kannel as the client', () => {
  it('Kannel binds as transceiver, its sendsms message arrives whole, and the receipt reaches its dlr-url', async () => {
    const submitted: SubmittedMessage[] = [];
    const binds: string[] = [];
    server = new SmppServer({
      authenticate: async (r) => {
        binds.push(`${r.bindType}:${r.systemId}:${r.password}`);
        return r.systemId === 'acct01' && r.password === 'pass1234'
          ? { ok: true, accountId: 'acct01' }
          : { ok: false, status: STATUS.RINVPASWD };
      },
      submit: async (_s, m) => {
        submitted.push(m);
        return { messageId: `k${submitted.length}` };
      },
    });
    const { port: smppPort } = await server.listen(0, '127.0.0.1');

    const taken = new Set<number>();
    const { port: dlrPort, reports } = await dlrCollector(taken);
    const [adminPort, boxPort, sendsmsPort] = [
      await freePort(27760, 27799, taken),
      await freePort(27760, 27799, taken),
      await freePort(27760, 27799, taken),
    ];
    kannel = await startKannel({ smppPort, username: 'acct01', password: 'pass1234', adminPort, boxPort, sendsmsPort });

    const boxes = kannel;
    const bound = await until(
      () => server!.listSessions().find((s) => s.state === 'bound'),
      `Kannel's bind\n${boxes.log()}`,
    ).catch((e: Error) => {
      throw new Error(`${e.message}\n${boxes.log()}`);
    });
    expect(bound).toMatchObject({ bindType: 'transceiver', accountId: 'acct01' });
    const longText = 'Kannel test {€} ' + 'x'.repeat(200);
    const answer = await sendThroughKannel(boxes, {
      from: '10690001',
      to: '8613800138000',
      text: longText,
      'dlr-mask': '3',
      'dlr-url': `http://127.0.0.1:${dlrPort}/dlr?type=%d&id=%F`,
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
      buildReceiptText({
        id: receiptId,
        submitted: 1,
        delivered: 1,
        submitDate: now,
        doneDate: now,
        stat: 'DELIVRD',
        err: 0,
        text: longText,
      }),
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
    const report = await until(
      () => reports.find((r) => r.get('type') === '1'),
      `a delivered report at the dlr-url\n${boxes.log()}`,
    );
    expect(report.get('type')).toBe('1');
    expect(submitted[0]).toMatchObject({ form: 'udh8', partIds: [receiptId, null] });
    expect(binds).toEqual(['transceiver:acct01:pass1234']);
  });
});

describe('the platform with Kannel as the client', () => {
  it('Kannel binds with the interface password, its message is stored and charged as an SMPP record, and the receipt of the final state reaches its dlr-url', async () => {
    platform = await startPlatform('pglite', {
      smppPort: 'auto',
      simulator: FAST_SIMULATOR,
      logLevel: process.env.SMPP_TEST_LOG ?? 'warn',
    });
    const p = platform;
    await smppAccount(p, 'SUB001', 'pass1234', { srcId: '1069' });
    await p.ctx.db.query("update accounts set ext_number = '0001' where cus_id = 'SUB001'");
    const before = await balanceOf(p, 'SUB001');
    const taken = new Set<number>();
    const dlr = await dlrCollector(taken);
    const [adminPort, boxPort, sendsmsPort] = [
      await freePort(27760, 27799, taken),
      await freePort(27760, 27799, taken),
      await freePort(27760, 27799, taken),
    ];
    kannel = await startKannel({
      smppPort: p.smppPort()!,
      username: 'SUB001',
      password: 'pass1234',
      adminPort,
      boxPort,
      sendsmsPort,
    });
    const boxes = kannel;
    await until(
      async () =>
        (await p.ctx.db.query("select 1 from smpp_binds where cus_id = 'SUB001' and bind_type = 'transceiver'"))
          .length > 0,
      `Kannel's bind\n${boxes.log()}`,
    );
    const text = 'Kannel to the platform ' + 'y'.repeat(180);
    const answer = await sendThroughKannel(boxes, {
      from: '10690001',
      to: '8613800138000',
      text,
      'dlr-mask': '3',
      'dlr-url': `http://127.0.0.1:${dlr.port}/dlr?type=%d&id=%F`,
    });
    expect(answer.status).toBe(202);
    const [record] = await until(async () => {
      const rows = await p.ctx.db.query<{
        source: string;
        segments: number;
        mobile: string;
        content: string;
        mt_status: number;
      }>(
        "select source, segments, mobile, content, mt_status from mt_records where cus_id = 'SUB001' and source = 'smpp'",
      );
      return rows.length > 0 && rows;
    }, `the record\n${boxes.log()}`);
    expect(record).toMatchObject({ source: 'smpp', mobile: '13800138000', content: text });
    expect(Number(record.segments)).toBe(2);
    // two segments at the account's price of 0.05 each, as the console would charge the same text
    expect(await balanceOf(p, 'SUB001')).toBeCloseTo(before - 0.1, 4);
    const report = await until(
      () => dlr.reports.find((r) => r.get('type') === '1'),
      `a delivered report at the dlr-url\n${boxes.log()}`,
      45_000,
    );
    expect(report.get('type')).toBe('1');
  }, 120_000);
});
