import { describe, expect, it } from 'vitest';
import { STATUS } from '../smpp-wire/command-status';
import { encodeGsm7 } from '../smpp-wire/gsm7';
import { encodePdu } from '../smpp-wire/pdu-codec';
import { TLV, shortMessagePdu, type Pdu } from '../smpp-wire/pdu-types';
import { TestPeer } from '../../tests/helpers/smpp-test-peer';
import { testServers } from '../../tests/helpers/smpp-test-server';

const start = testServers();

const bind = (command: 'bind_transmitter' | 'bind_receiver' | 'bind_transceiver', password = 'secret') =>
  ({
    command,
    systemId: 'acct1',
    password,
    systemType: '',
    interfaceVersion: 0x34,
    addrTon: 0,
    addrNpi: 0,
    addressRange: '',
  }) as Pdu;
const submit = (text: string) =>
  shortMessagePdu('submit_sm', {
    sourceAddr: '1069',
    destinationAddr: '8613800138000',
    shortMessage: encodeGsm7(text),
  });

describe('SMPP server sessions', () => {
  it('binds, answers enquire_link and submit_sm, unbinds and closes', async () => {
    const { peer, submitted, unbound } = await start();
    const p = await peer();
    expect(await p.call(bind('bind_transceiver'))).toMatchObject({
      command: 'bind_transceiver_resp',
      commandStatus: 0,
      systemId: 'SMSC',
    });
    expect(await p.call({ command: 'enquire_link' })).toMatchObject({ command: 'enquire_link_resp', commandStatus: 0 });
    expect(await p.call(submit('hello €'))).toMatchObject({
      command: 'submit_sm_resp',
      commandStatus: 0,
      messageId: 'm1',
    });
    expect(submitted[0]).toMatchObject({ text: 'hello €', segments: 1, dataCoding: 0 });
    expect(await p.call({ command: 'unbind' })).toMatchObject({ command: 'unbind_resp', commandStatus: 0 });
    await p.waitClosed();
    await p.until(() => unbound.length === 1, 'onUnbound');
  });

  it('refuses a wrong password, a second bind, and submit_sm on a receiver bind', async () => {
    const { peer } = await start();
    const p = await peer();
    const refused = await peer();
    expect(await refused.call(bind('bind_transmitter', 'wrong'))).toMatchObject({ commandStatus: STATUS.RINVPASWD });
    // one bind attempt per connection: the refusal ends it
    await refused.waitClosed();
    expect(await p.call(bind('bind_receiver'))).toMatchObject({ command: 'bind_receiver_resp', commandStatus: 0 });
    expect(await p.call(bind('bind_transceiver'))).toMatchObject({
      command: 'bind_transceiver_resp',
      commandStatus: STATUS.RALYBND,
    });
    expect(await p.call(submit('x'))).toMatchObject({ commandStatus: STATUS.RINVBNDSTS });
    const q = await peer();
    expect(await q.call(submit('before bind'))).toMatchObject({ commandStatus: STATUS.RINVBNDSTS });
  });

  it('reads a submit pipelined right behind its bind as bound', async () => {
    const { peer, submitted } = await start({
      authenticate: async (r) => new Promise((ok) => setTimeout(() => ok({ ok: true, accountId: r.systemId }), 50)),
    });
    const p = await peer();
    p.write(encodePdu({ ...bind('bind_transmitter'), commandStatus: 0, sequenceNumber: 1 } as Pdu));
    p.write(encodePdu({ ...submit('piped'), sequenceNumber: 2 }));
    await p.until(() => p.received.find((r) => r.sequenceNumber === 2), 'submit_sm_resp');
    expect(p.received.map((r) => [r.command, r.commandStatus])).toEqual([
      ['bind_transmitter_resp', 0],
      ['submit_sm_resp', 0],
    ]);
    expect(submitted[0].text).toBe('piped');
  });

  it('answers an unknown command with generic_nack ESME_RINVCMDID and a malformed submit with its own response', async () => {
    const { peer } = await start();
    const p = await peer();
    await p.call(bind('bind_transceiver'));
    const unknown = Buffer.alloc(16);
    unknown.writeUInt32BE(16, 0);
    unknown.writeUInt32BE(0x00000103, 4);
    unknown.writeUInt32BE(77, 12);
    p.write(unknown);
    expect(await p.until(() => p.received.find((r) => r.sequenceNumber === 77), 'nack')).toMatchObject({
      command: 'generic_nack',
      commandStatus: STATUS.RINVCMDID,
    });
    const bad = encodePdu({ ...submit('x'), sequenceNumber: 78 });
    const cut = Buffer.from(bad.subarray(0, 20));
    cut.writeUInt32BE(20, 0);
    p.write(cut);
    expect(await p.until(() => p.received.find((r) => r.sequenceNumber === 78), 'resp')).toMatchObject({
      command: 'submit_sm_resp',
      commandStatus: STATUS.RINVCMDLEN,
    });
    expect(await p.call(submit('still fine'))).toMatchObject({ commandStatus: 0 });
  });

  it('broken framing gets generic_nack ESME_RINVCMDLEN and the session is closed', async () => {
    const { peer } = await start({ maxPduOctets: 4096 });
    const p = await peer();
    await p.call(bind('bind_transceiver'));
    const huge = Buffer.alloc(4);
    huge.writeUInt32BE(4097);
    p.write(huge);
    await p.waitClosed();
    expect(p.received.at(-1)).toMatchObject({ command: 'generic_nack', commandStatus: STATUS.RINVCMDLEN });
  });

  it('closes a session that does not bind in time, and an idle bound one after unbinding it', async () => {
    const { peer } = await start({ bindTimeoutMs: 100, inactivityMs: 300, responseTimeoutMs: 200 });
    const silent = await peer();
    await silent.waitClosed();
    expect(silent.received).toEqual([]);
    const idle = await peer();
    await idle.call(bind('bind_transmitter'));
    const unbind = await idle.until(() => idle.received.find((r) => r.command === 'unbind'), 'unbind');
    idle.write({ command: 'unbind_resp', commandStatus: 0, sequenceNumber: unbind.sequenceNumber });
    await idle.waitClosed();
  });

  it('a full window answers ESME_RTHROTTLED; admit() refusals count as throttled', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((r) => (release = r));
    const { peer, server } = await start({
      windowSize: 2,
      submit: async () => {
        await gate;
        return { messageId: 'ok' };
      },
    });
    const p = await peer();
    await p.call(bind('bind_transmitter'));
    for (let seq = 10; seq < 13; seq++) p.write(encodePdu({ ...submit(`n${seq}`), sequenceNumber: seq }));
    expect(await p.until(() => p.received.find((r) => r.sequenceNumber === 12), 'third')).toMatchObject({
      commandStatus: STATUS.RTHROTTLED,
    });
    release();
    await p.until(
      () => p.received.filter((r) => r.command === 'submit_sm_resp' && r.commandStatus === 0).length === 2,
      'two accepted',
    );
    expect(server.listSessions()[0]).toMatchObject({
      submitted: 2,
      throttled: 1,
      bindType: 'transmitter',
      accountId: 'acct1',
    });
  });

  it('joins the parts of a long message across two binds of one account, charging admit() a segment per part', async () => {
    const costs: number[] = [];
    const { peer, submitted } = await start({
      admit: (_s, cost) => (costs.push(cost), costs.length > 4 ? STATUS.RTHROTTLED : STATUS.ROK),
    });
    const a = await peer();
    const b = await peer();
    await a.call(bind('bind_transmitter'));
    await b.call(bind('bind_transceiver'));
    const part = (seq: number, text: string) =>
      shortMessagePdu('submit_sm', {
        sourceAddr: '1069',
        destinationAddr: '86138',
        esmClass: 0x40,
        shortMessage: Buffer.concat([Buffer.from([5, 0, 3, 9, 2, seq]), encodeGsm7(text)]),
      });
    const first = await a.call(part(1, 'x'.repeat(153)));
    expect(first).toMatchObject({ commandStatus: 0 });
    expect(await b.call(part(2, 'tail'))).toMatchObject({ commandStatus: 0, messageId: 'm1' });
    // billed as the console bills the same 157 characters (one segment), however the client split them
    expect(submitted[0]).toMatchObject({
      text: 'x'.repeat(153) + 'tail',
      segments: 1,
      partIds: [(first as { messageId: string }).messageId, null],
    });
    const payload = shortMessagePdu('submit_sm', {
      sourceAddr: '1069',
      destinationAddr: '86138',
      tlvs: [{ tag: TLV.message_payload, value: encodeGsm7('y'.repeat(400)) }],
    });
    expect(await a.call(payload)).toMatchObject({ commandStatus: 0 });
    expect(costs).toEqual([1, 1, 3]);
    expect(await a.call(submit('z'))).toMatchObject({ commandStatus: 0 });
    expect(await a.call(submit('over'))).toMatchObject({ commandStatus: STATUS.RTHROTTLED });
  });

  it('reports a long message whose parts never all came', async () => {
    const incomplete: Array<{ accountId: string; partIds: string[] }> = [];
    const { peer } = await start({
      reassemblyTimeoutMs: 50,
      onIncomplete: (accountId, e) => incomplete.push({ accountId, partIds: e.partIds }),
    });
    const p = await peer();
    await p.call(bind('bind_transmitter'));
    const lone = shortMessagePdu('submit_sm', {
      sourceAddr: '1069',
      destinationAddr: '86138',
      esmClass: 0x40,
      shortMessage: Buffer.from([5, 0, 3, 1, 3, 1, 0x41]),
    });
    const resp = await p.call(lone);
    await p.until(() => incomplete.length === 1, 'onIncomplete');
    expect(incomplete[0]).toEqual({ accountId: 'acct1', partIds: [(resp as { messageId: string }).messageId] });
  });

  it('delivers deliver_sm round robin over receiving binds and reports the answers', async () => {
    const { peer, server } = await start();
    const a = await peer();
    const b = await peer();
    const tx = await peer();
    await a.call(bind('bind_receiver'));
    await b.call(bind('bind_transceiver'));
    await tx.call(bind('bind_transmitter'));
    const answerAll = (p: TestPeer, status: number) =>
      p.socket.on('data', () => {
        for (const r of p.received.splice(0))
          if (r.command === 'deliver_sm')
            p.write({
              command: 'deliver_sm_resp',
              commandStatus: status,
              sequenceNumber: r.sequenceNumber,
              messageId: '',
            });
      });
    answerAll(a, 0);
    answerAll(b, STATUS.RX_T_APPN);
    const receipt = {
      ...shortMessagePdu('deliver_sm', {
        sourceAddr: '8613800138000',
        destinationAddr: '1069',
        esmClass: 4,
        shortMessage: encodeGsm7('id:1 stat:DELIVRD'),
      }),
    };
    const first = await server.deliverToAccount('acct1', receipt);
    const second = await server.deliverToAccount('acct1', receipt);
    expect([first, second].map((o) => o.ok && o.status).sort()).toEqual([0, STATUS.RX_T_APPN]);
    const sessionOfTx = server.listSessions().find((s) => s.bindType === 'transmitter')!.id;
    expect(await server.deliver(sessionOfTx, receipt)).toEqual({ ok: false, reason: 'not-bound-to-receive' });
    expect(await server.deliverToAccount('nobody', receipt)).toEqual({ ok: false, reason: 'no-session' });
  });

  it('a deliver_sm nobody answers times out', async () => {
    const { peer, server } = await start({ responseTimeoutMs: 100 });
    const p = await peer();
    await p.call(bind('bind_receiver'));
    const receipt = shortMessagePdu('deliver_sm', { sourceAddr: '1', destinationAddr: '2' });
    expect(await server.deliverToAccount('acct1', receipt)).toEqual({ ok: false, reason: 'timeout' });
  });

  it('shutdown waits for a stored submit, then unbinds every session', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((r) => (release = r));
    let storing = false;
    const { peer, server } = await start({
      submit: async () => {
        storing = true;
        await gate;
        return { messageId: 'late' };
      },
    });
    const a = await peer();
    const b = await peer();
    await a.call(bind('bind_transceiver'));
    await b.call(bind('bind_receiver'));
    a.write(encodePdu({ ...submit('pending'), sequenceNumber: 50 }));
    await a.until(() => storing, 'the submit in work');
    const closing = server.close(2000);
    setImmediate(release);
    for (const p of [a, b]) {
      const u = await p.until(() => p.received.find((r) => r.command === 'unbind'), 'unbind');
      p.write({ command: 'unbind_resp', commandStatus: 0, sequenceNumber: u.sequenceNumber });
    }
    await closing;
    expect(a.received.find((r) => r.sequenceNumber === 50)).toMatchObject({
      command: 'submit_sm_resp',
      messageId: 'late',
    });
    await a.waitClosed();
    await b.waitClosed();
  });

  it('a submit that comes while shutdown drains the session is answered ESME_RMSGQFUL, to be sent again elsewhere, and not stored', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((r) => (release = r));
    const stored: string[] = [];
    const { peer, server } = await start({
      submit: async (_session, message) => {
        stored.push(message.text ?? '');
        await gate;
        return { messageId: `m${stored.length}` };
      },
    });
    const a = await peer();
    await a.call(bind('bind_transceiver'));
    a.write(encodePdu({ ...submit('in work'), sequenceNumber: 60 }));
    await a.until(() => stored.length === 1, 'the submit in work');
    const closing = server.close(2000);
    const late = await a.call(submit('late'));
    expect(late).toMatchObject({ command: 'submit_sm_resp', commandStatus: STATUS.RMSGQFUL });
    release();
    const u = await a.until(() => a.received.find((r) => r.command === 'unbind'), 'unbind');
    a.write({ command: 'unbind_resp', commandStatus: 0, sequenceNumber: u.sequenceNumber });
    await closing;
    expect(a.received.find((r) => r.sequenceNumber === 60)).toMatchObject({
      command: 'submit_sm_resp',
      commandStatus: 0,
    });
    expect(stored).toEqual(['in work']);
  });
});
