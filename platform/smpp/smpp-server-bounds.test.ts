import { connect, type Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { MESSAGE_TEXT_MAX } from '../../contract/message-length';
import { STATUS } from '../smpp-wire/command-status';
import { encodeGsm7 } from '../smpp-wire/gsm7';
import { encodePdu } from '../smpp-wire/pdu-codec';
import { TLV, shortMessagePdu, type Pdu } from '../smpp-wire/pdu-types';
import type { ExpiredMessage } from './reassembly';
import { encodeUcs2 } from '../smpp-wire/sms-text';
import { bindAs, gsmSubmit, testServers, udhPart } from '../../tests/helpers/smpp-test-server';

const start = testServers();

const payload = (body: Buffer, dataCoding = 0) =>
  shortMessagePdu('submit_sm', {
    sourceAddr: '1069',
    destinationAddr: '8613800138000',
    dataCoding,
    tlvs: [{ tag: TLV.message_payload, value: body }],
  }) as unknown as Pdu;

describe('SMPP bounds on what one peer may make the server hold', () => {
  it('takes a text of the console maximum and refuses one character more with ESME_RINVMSGLEN, in every form', async () => {
    const abandoned: ExpiredMessage[] = [];
    const { peer, submitted } = await start({ onIncomplete: (_a, e) => abandoned.push(e) });
    const p = await peer();
    await p.call(bindAs('acct1'));
    expect(await p.call(payload(encodeGsm7('a'.repeat(MESSAGE_TEXT_MAX))))).toMatchObject({ commandStatus: 0 });
    expect(await p.call(payload(encodeGsm7('a'.repeat(MESSAGE_TEXT_MAX + 1))))).toMatchObject({
      commandStatus: STATUS.RINVMSGLEN,
    });
    expect(await p.call(payload(encodeUcs2('字'.repeat(MESSAGE_TEXT_MAX + 1)), 8))).toMatchObject({
      commandStatus: STATUS.RINVMSGLEN,
    });
    // the octets of a 64 KB payload are refused before they are decoded or charged to the rate
    expect(await p.call(payload(Buffer.alloc(60_000, 0x41)))).toMatchObject({ commandStatus: STATUS.RINVMSGLEN });
    // a long message announcing more parts than the longest text needs
    expect(await p.call(udhPart(9, 31, 1, encodeGsm7('x')))).toMatchObject({ commandStatus: STATUS.RINVMSGLEN });
    // 14 parts of 153 characters join to 2,142: the part that completes it is refused, and the ids of the others are
    // reported as abandoned
    const ids: string[] = [];
    for (let seq = 1; seq <= 13; seq++) {
      const r = await p.call(udhPart(7, 14, seq, encodeGsm7('b'.repeat(153))));
      expect(r).toMatchObject({ commandStatus: 0 });
      ids.push((r as { messageId: string }).messageId);
    }
    expect(await p.call(udhPart(7, 14, 14, encodeGsm7('b'.repeat(153))))).toMatchObject({
      commandStatus: STATUS.RINVMSGLEN,
    });
    expect(abandoned.map((e) => e.partIds)).toEqual([ids]);
    // 13 such parts are 1,989 characters: whole
    for (let seq = 1; seq <= 13; seq++)
      expect(await p.call(udhPart(8, 13, seq, encodeGsm7('c'.repeat(153))))).toMatchObject({ commandStatus: 0 });
    expect(submitted.map((m) => m.text?.length)).toEqual([MESSAGE_TEXT_MAX, 13 * 153]);
  });

  it('stops reading a peer that writes without reading its answers, so what waits for it stays bounded', async () => {
    const { server, port } = await start({ writePauseOctets: 64 * 1024, writeLimitOctets: 1024 * 1024 });
    const socket: Socket = await new Promise((resolve) => {
      const s = connect(port, '127.0.0.1', () => resolve(s));
    });
    socket.pause(); // never reads an answer
    socket.on('error', () => {});
    const before = process.memoryUsage();
    const link = encodePdu({ command: 'enquire_link', commandStatus: 0, sequenceNumber: 1 });
    const burst = Buffer.concat(Array.from({ length: 4096 }, () => link));
    let written = 0;
    const paused = () => server.listSessions().some((s) => s.paused);
    // written as fast as the server takes it (the writer's own buffer stays small), until reading stops or 32 MiB of
    // requests went: answered in full that would be 32 MiB queued for a peer that takes none of it
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('the server neither paused nor took 32 MiB')), 60_000);
      const pump = () => {
        while (!paused() && written < 32 * 1024 * 1024) {
          written += burst.length;
          if (!socket.write(burst)) return void socket.once('drain', pump);
        }
        clearTimeout(timer);
        resolve();
      };
      const watch = setInterval(() => {
        if (paused()) {
          clearInterval(watch);
          clearTimeout(timer);
          resolve();
        }
      }, 5);
      pump();
    });
    const [session] = server.listSessions();
    expect(session).toMatchObject({ state: 'open', paused: true });
    expect(session.writeQueued).toBeLessThan(1024 * 1024);
    expect(written).toBeLessThan(32 * 1024 * 1024);
    const grown = process.memoryUsage().arrayBuffers - before.arrayBuffers;
    expect(grown).toBeLessThan(16 * 1024 * 1024);
    // every request read before the pause was answered, and only as a session that is not bound: with generic_nack
    socket.resume();
    const first: Buffer = await new Promise((resolve) => socket.once('data', resolve));
    expect(first.readUInt32BE(4)).toBe(0x80000000);
    expect(first.readUInt32BE(8)).toBe(STATUS.RINVBNDSTS);
    socket.destroy();
  });

  it('answers nothing but a bind before the session is bound', async () => {
    const { peer } = await start();
    const p = await peer();
    p.write({ command: 'enquire_link', commandStatus: 0, sequenceNumber: 77 });
    expect(
      await p.until(() => p.received.find((r) => r.sequenceNumber === 77), 'answer to enquire_link'),
    ).toMatchObject({
      command: 'generic_nack',
      commandStatus: STATUS.RINVBNDSTS,
    });
    expect(await p.call(gsmSubmit('early'))).toMatchObject({
      command: 'submit_sm_resp',
      commandStatus: STATUS.RINVBNDSTS,
    });
    expect(await p.call(bindAs('acct1'))).toMatchObject({ commandStatus: 0 });
    expect(await p.call({ command: 'enquire_link' })).toMatchObject({ command: 'enquire_link_resp', commandStatus: 0 });
  });
});
