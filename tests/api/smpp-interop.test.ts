import { spawn, spawnSync, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { connect } from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { STATUS } from '../../platform/smpp-wire/command-status';
import { decodePdu } from '../../platform/smpp-wire/pdu-codec';
import { PduFrameReader } from '../../platform/smpp-wire/pdu-frame-reader';
import { TLV, cStringTlv, intTlv, shortMessagePdu, type Pdu } from '../../platform/smpp-wire/pdu-types';
import { buildReceiptText, parseReceiptText } from '../../platform/smpp-wire/receipt-text';
import { SmppServer } from '../../platform/smpp/smpp-server';
import type { SubmittedMessage } from '../../platform/smpp/server-types';
import { encodeText } from '../../platform/smpp-wire/sms-text';

// The server against an SMPP client we did not write: Net::SMPP (Debian libnet-smpp-perl), run as a child process.
const SCRIPT = fileURLToPath(new URL('../smpp/net-smpp-client.pl', import.meta.url));

beforeAll(() => {
  const probe = spawnSync('perl', ['-MNet::SMPP', '-MJSON::PP', '-e', '1'], { encoding: 'utf8' });
  if (probe.error || probe.status !== 0) {
    throw new Error(
      'perl with Net::SMPP is required for the SMPP interop test: run `bash scripts/ensure-test-prereqs.sh` ' +
        `(installs libnet-smpp-perl). ${probe.error?.message ?? probe.stderr}`,
    );
  }
});

interface Step {
  step: string;
  [k: string]: unknown;
}

/** The perl client: its JSON lines as they come, a way to wait for one, and its stdin. */
function runClient(port: number, mode: 'full' | 'hold') {
  const child: ChildProcessWithoutNullStreams = spawn('perl', [SCRIPT, String(port), 'acct01', 'pass123456', mode]);
  const steps: Step[] = [];
  let stderr = '';
  let exitCode: number | null = null;
  const watchers = new Set<() => void>();
  let buffered = '';
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (s: string) => {
    buffered += s;
    let nl: number;
    while ((nl = buffered.indexOf('\n')) >= 0) {
      steps.push(JSON.parse(buffered.slice(0, nl)) as Step);
      buffered = buffered.slice(nl + 1);
    }
    for (const w of watchers) w();
  });
  child.stderr.on('data', (s: Buffer) => (stderr += s.toString()));
  const exited = new Promise<number | null>((resolve) =>
    child.on('exit', (code) => {
      exitCode = code;
      for (const w of watchers) w();
      resolve(code);
    }),
  );
  const waitFor = (name: string, ms = 20_000) =>
    new Promise<Step>((resolve, reject) => {
      const check = () => {
        const found = steps.find((s) => s.step === name);
        const failed = steps.find((s) => s.step === 'error');
        if (found || failed || exitCode !== null) {
          clearTimeout(timer);
          watchers.delete(check);
          if (found) resolve(found);
          else
            reject(
              new Error(`perl client stopped before "${name}": ${JSON.stringify(failed ?? { exitCode })} ${stderr}`),
            );
        }
      };
      const timer = setTimeout(() => {
        watchers.delete(check);
        reject(new Error(`perl client: no "${name}" in ${ms} ms; steps ${JSON.stringify(steps)} stderr ${stderr}`));
      }, ms);
      watchers.add(check);
      check();
    });
  return { child, steps, waitFor, exited, stderr: () => stderr };
}

const servers: SmppServer[] = [];
const children: ChildProcessWithoutNullStreams[] = [];
afterEach(async () => {
  for (const c of children.splice(0)) if (c.exitCode === null) c.kill();
  await Promise.all(servers.splice(0).map((s) => s.close(500)));
});

async function startServer() {
  const submitted: SubmittedMessage[] = [];
  const server = new SmppServer({
    authenticate: async (r) =>
      r.systemId === 'acct01' && r.password === 'pass123456'
        ? { ok: true, accountId: 'acct01' }
        : { ok: false, status: STATUS.RINVPASWD },
    submit: async (_session, message) => {
      submitted.push(message);
      return { messageId: `msg${String(submitted.length).padStart(4, '0')}` };
    },
  });
  servers.push(server);
  const { port } = await server.listen(0, '127.0.0.1');
  return { server, port, submitted };
}

describe('SMPP server with Net::SMPP (perl) as the client', () => {
  it('binds as transceiver with a 10-character password, submits GSM-7, UCS-2 and a 3-part UDH message, gets a receipt, unbinds', async () => {
    const { server, port, submitted } = await startServer();
    const client = runClient(port, 'full');
    children.push(client.child);

    await client.waitFor('ready');
    const byLabel = (label: string) => client.steps.find((s) => s.step === 'submit' && s.label === label);
    expect(client.steps.find((s) => s.step === 'bind')).toMatchObject({ status: 0 });
    expect(byLabel('gsm7')).toMatchObject({ status: 0, message_id: 'msg0001' });
    expect(byLabel('ucs2')).toMatchObject({ status: 0, message_id: 'msg0002' });
    for (const part of ['udh0', 'udh1', 'udh2']) expect(byLabel(part)).toMatchObject({ status: 0 });
    expect(byLabel('udh2')).toMatchObject({ message_id: 'msg0003' });
    expect(client.steps.find((s) => s.step === 'enquire_link')).toMatchObject({ status: 0 });

    expect(submitted).toHaveLength(3);
    expect(submitted[0]).toMatchObject({
      dataCoding: 0,
      text: 'Hello from Net::SMPP {ok} €5',
      segments: 1,
      registeredDelivery: 1,
      form: 'single',
    });
    expect(submitted[0].pdu).toMatchObject({ sourceAddr: '10690001', destinationAddr: '8613800138000' });
    expect(submitted[1]).toMatchObject({ dataCoding: 8, text: '你好，世界！短信测试', segments: 1 });
    expect(submitted[2]).toMatchObject({
      dataCoding: 0,
      text: 'A'.repeat(153) + 'B'.repeat(153) + 'C'.repeat(40),
      segments: 3,
      form: 'udh8',
    });
    const earlier = submitted[2].partIds;
    expect(earlier).toHaveLength(3);
    expect(earlier[2]).toBeNull();
    expect([byLabel('udh0')?.message_id, byLabel('udh1')?.message_id]).toEqual(earlier.slice(0, 2));

    const session = server.listSessions()[0];
    expect(session).toMatchObject({ bindType: 'transceiver', accountId: 'acct01', submitted: 5 });
    const text = buildReceiptText({
      id: 'msg0001',
      submitted: 1,
      delivered: 1,
      submitDate: new Date(),
      doneDate: new Date(),
      stat: 'DELIVRD',
      err: 0,
      text: submitted[0].text ?? '',
    });
    const { dataCoding, body } = encodeText(text);
    const outcome = await server.deliver(
      session.id,
      shortMessagePdu('deliver_sm', {
        sourceAddr: '8613800138000',
        destinationAddr: '10690001',
        esmClass: 0x04,
        dataCoding,
        shortMessage: body,
        tlvs: [cStringTlv(TLV.receipted_message_id, 'msg0001'), intTlv(TLV.message_state, 2, 1)],
      }),
    );
    expect(outcome).toEqual({ ok: true, status: 0, sessionId: session.id });
    const deliver = await client.waitFor('deliver');
    expect(deliver).toMatchObject({ esm_class: 4, data_coding: 0, receipted_message_id: 'msg0001', message_state: 2 });
    expect(parseReceiptText(String(deliver.short_message))).toMatchObject({
      id: 'msg0001',
      stat: 'DELIVRD',
      submitted: 1,
      delivered: 1,
    });

    expect(await client.waitFor('unbind')).toMatchObject({ status: 0 });
    expect(await client.exited).toBe(0);
  });

  it('a session sending garbage gets generic_nack and is closed while a concurrent Net::SMPP session keeps working', async () => {
    const { port, submitted, server } = await startServer();
    const client = runClient(port, 'hold');
    children.push(client.child);
    await client.waitFor('ready');

    const garbage = connect(port, '127.0.0.1');
    const reader = new PduFrameReader();
    const got: Pdu[] = [];
    const closed = new Promise<void>((resolve) => garbage.on('close', () => resolve()));
    garbage.on('data', (chunk: Buffer) => got.push(...reader.push(chunk).frames.map(decodePdu)));
    garbage.on('error', () => {});
    garbage.write('GET / HTTP/1.1\r\nHost: smpp\r\n\r\n');
    await closed;
    expect(got).toEqual([{ command: 'generic_nack', commandStatus: STATUS.RINVCMDLEN, sequenceNumber: 0, tlvs: [] }]);

    expect(server.listSessions()).toHaveLength(1);
    client.child.stdin.write('go\n');
    expect(await client.waitFor('submit')).toMatchObject({ status: 0, message_id: 'msg0001' });
    expect(await client.waitFor('unbind')).toMatchObject({ status: 0 });
    expect(await client.exited).toBe(0);
    expect(submitted.map((m) => m.text)).toEqual(['still here']);
  });
});
