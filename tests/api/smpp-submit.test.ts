import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STATUS } from '../../platform/smpp-wire/command-status';
import { TLV, findTlv, shortMessagePdu, tlvInt, type Pdu } from '../../platform/smpp-wire/pdu-types';
import { parseReceiptText } from '../../platform/smpp-wire/receipt-text';
import { DB_KINDS, startPlatform, type TestPlatform } from '../helpers/platform';
import { FAST_SIMULATOR, balanceOf, tokenFor, waitFor } from './send.fixtures';
import { SMPP_TEST_ACCOUNT, bindTestAccount, smppTestAccount } from './smpp.fixtures';

const SCRIPT = fileURLToPath(new URL('../smpp/net-smpp-client.pl', import.meta.url));

/** Runs the Net::SMPP client in its `full` mode to the end: its JSON steps. */
function runNetSmpp(port: number, systemId: string, password: string): Promise<Array<Record<string, unknown>>> {
  return new Promise((resolve, reject) => {
    const child = spawn('perl', [SCRIPT, String(port), systemId, password, 'full']);
    let out = '';
    let err = '';
    child.stdout.on('data', (s: Buffer) => (out += s.toString()));
    child.stderr.on('data', (s: Buffer) => (err += s.toString()));
    const timer = setTimeout(() => child.kill(), 50_000);
    child.on('exit', (code) => {
      clearTimeout(timer);
      const steps = out
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l) as Record<string, unknown>);
      if (code !== 0) reject(new Error(`net-smpp-client exited ${code}: ${out} ${err}`));
      else resolve(steps);
    });
  });
}

const submit = (fields: Partial<Parameters<typeof shortMessagePdu>[1]> = {}) =>
  shortMessagePdu('submit_sm', {
    sourceAddr: '10690001',
    destinationAddr: '13900000401',
    shortMessage: Buffer.from('hello over smpp'),
    ...fields,
  }) as unknown as Pdu;

// submit_sm into the console's send pipeline, and receipts back as deliver_sm, on both storages.
describe.each(DB_KINDS)('SMPP submit and receipts on %s', (kind) => {
  let p: TestPlatform;
  beforeAll(async () => {
    p = await startPlatform(kind, {
      smppPort: 'auto',
      simulator: { ...FAST_SIMULATOR, reportMs: 4000 },
      logLevel: process.env.SMPP_TEST_LOG ?? 'warn',
    });
    await smppTestAccount(p);
  });
  afterAll(async () => p?.close());

  it('stores and charges Net::SMPP submits as records of source smpp, a 3-part message as 3 segments, and sends the receipt', async () => {
    const before = await balanceOf(p, 'SUB001');
    const steps = await runNetSmpp(p.smppPort()!, SMPP_TEST_ACCOUNT.cusId, SMPP_TEST_ACCOUNT.password);
    expect(steps[0]).toMatchObject({ step: 'bind', status: 0 });
    const submits = steps.filter((s) => s.step === 'submit');
    expect(submits.map((s) => s.status)).toEqual([0, 0, 0, 0, 0]);
    for (const s of submits) expect(String(s.message_id)).toMatch(/^[\x21-\x7e]{1,16}$/);
    expect(new Set(submits.map((s) => s.message_id)).size).toBe(5);
    const rows = await p.ctx.db.query<{ sn: string; source: string; segments: number; price: string; mobile: string }>(
      "select sn, source, segments, price, mobile from mt_records where cus_id = 'SUB001' order by receive_time, sn",
    );
    expect(rows.map((r) => [r.source, Number(r.segments), Number(r.price), r.mobile])).toEqual([
      ['smpp', 1, 0.05, '13800138000'],
      ['smpp', 1, 0.05, '13800138000'],
      ['smpp', 3, 0.15, '13800138000'],
    ]);
    expect(await balanceOf(p, 'SUB001')).toBeCloseTo(before - 0.25, 4);
    const admin = await tokenFor(p, 'admin');
    const listed = await p.call(
      '/mtRecord/list',
      { pageNumber: 1, pageSize: 50, prod_type: 0, cus_id: 'SUB001' },
      { token: admin },
    );
    const shown = listed.body.data.data as Array<{ sn: string; segments: number; price: number }>;
    expect(shown.map((r) => r.sn).sort()).toEqual(rows.map((r) => r.sn).sort());
    expect(shown.map((r) => [r.segments, r.price]).sort()).toEqual([
      [1, 0.05],
      [1, 0.05],
      [3, 0.15],
    ]);
    const deliver = steps.find((s) => s.step === 'deliver')!;
    expect(deliver).toMatchObject({ esm_class: 4, receipted_message_id: submits[0].message_id, message_state: 2 });
    expect(parseReceiptText(String(deliver.short_message))).toMatchObject({
      id: submits[0].message_id,
      stat: 'DELIVRD',
    });
    expect(steps.at(-1)).toMatchObject({ step: 'unbind', status: 0 });
  }, 90_000);

  it('keeps a receipt while no receiver is bound, delivers it once one binds, and answers query_sm from the record', async () => {
    const tx = await bindTestAccount(p, 'bind_transmitter');
    expect(tx.status).toBe(STATUS.ROK);
    const r = await tx.peer.call(submit({ registeredDelivery: 1 }));
    expect(r.commandStatus).toBe(STATUS.ROK);
    const messageId = (r as unknown as { messageId: string }).messageId;
    await waitFor(
      () =>
        p.ctx.db.query<{ message_ids: string[] }>('select message_ids from smpp_outbox where $1 = any(message_ids)', [
          messageId,
        ]),
      (rows) => rows.length === 1,
    );
    const rx = await bindTestAccount(p, 'bind_receiver');
    expect(rx.status).toBe(STATUS.ROK);
    const receiptId = (x: Pdu) => findTlv(x, TLV.receipted_message_id)?.toString('latin1').replace(/\0$/, '');
    const answered = new Set<number>();
    const receipt = await rx.peer.until(
      () => {
        for (const x of rx.peer.received) {
          if (x.command !== 'deliver_sm' || answered.has(x.sequenceNumber)) continue;
          answered.add(x.sequenceNumber);
          rx.peer.write({
            command: 'deliver_sm_resp',
            sequenceNumber: x.sequenceNumber,
            commandStatus: 0,
            messageId: '',
          } as unknown as Pdu);
        }
        return rx.peer.received.find((x) => x.command === 'deliver_sm' && receiptId(x) === messageId);
      },
      'receipt',
      15_000,
    );
    expect(tlvInt(receipt, TLV.message_state)).toBe(2);
    await waitFor(
      () => p.ctx.db.query('select 1 from smpp_outbox where $1 = any(message_ids)', [messageId]),
      (rows) => rows.length === 0,
    );
    const q = (await tx.peer.call({
      command: 'query_sm',
      messageId,
      sourceAddrTon: 0,
      sourceAddrNpi: 0,
      sourceAddr: '10690001',
    } as unknown as Pdu)) as unknown as Record<string, unknown>;
    expect(q).toMatchObject({
      command: 'query_sm_resp',
      commandStatus: STATUS.ROK,
      messageId,
      messageState: 2,
      errorCode: 0,
    });
    expect(String(q.finalDate)).toMatch(/^\d{12}000\+$/);
    const unknown = await tx.peer.call({
      command: 'query_sm',
      messageId: 'nope',
      sourceAddrTon: 0,
      sourceAddrNpi: 0,
      sourceAddr: '',
    } as unknown as Pdu);
    expect(unknown.commandStatus).toBe(STATUS.RINVMSGID);
    tx.peer.end();
    rx.peer.end();
  });

  it('refuses a bad destination, a foreign source and a send the balance cannot cover', async () => {
    const { peer } = await bindTestAccount(p, 'bind_transmitter');
    expect((await peer.call(submit({ destinationAddr: '12345' }))).commandStatus).toBe(STATUS.RINVDSTADR);
    expect((await peer.call(submit({ sourceAddr: '10680001' }))).commandStatus).toBe(STATUS.RINVSRCADR);
    await p.ctx.db.query("update accounts set balance = 0 where cus_id = 'SUB001'");
    expect((await peer.call(submit())).commandStatus).toBe(STATUS.RSUBMITFAIL);
    peer.end();
  });
});
