import { createServer, type Server, type Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { STATUS } from '../smpp-wire/command-status';
import { decodePdu, encodePdu } from '../smpp-wire/pdu-codec';
import { PduFrameReader } from '../smpp-wire/pdu-frame-reader';
import { shortMessagePdu, type Pdu, type ShortMessagePdu } from '../smpp-wire/pdu-types';
import { SmppServer } from '../smpp/smpp-server';
import type { SmppServerOptions } from '../smpp/server-types';
import { cleanups, esmeOptions, gsmMessage, until } from '../../tests/helpers/carrier-esme';
import { BindError, EsmeSession } from './esme-session';

// The platform's side of a carrier link, against the platform's own SMSC (a different code path: the server's
// sessions) and against a scripted SMSC for what a real one may do: go silent, close mid-request, send garbage.

const closeLater = cleanups();

async function smsc(over: Partial<SmppServerOptions> = {}) {
  const server = new SmppServer({
    authenticate: async (r) =>
      r.password === 'secret' ? { ok: true, accountId: r.systemId } : { ok: false, status: STATUS.RINVPASWD },
    submit: async () => ({ messageId: `c${Math.random().toString(16).slice(2, 10)}` }),
    ...over,
  });
  const { port } = await server.listen(0, '127.0.0.1');
  closeLater(() => server.close(200));
  return { server, port };
}

async function open(o: Parameters<typeof EsmeSession.open>[0]) {
  const s = await EsmeSession.open(o);
  closeLater(() => s.destroy('test over'));
  return s;
}

const message = (text: string) => gsmMessage(text);

/** An SMSC that answers binds and does what the test says with everything else. */
async function scripted(onPdu: (pdu: Pdu, socket: Socket) => void) {
  const sockets: Socket[] = [];
  const received: Pdu[] = [];
  const server: Server = createServer((socket) => {
    sockets.push(socket);
    const reader = new PduFrameReader();
    socket.on('error', () => undefined);
    socket.on('data', (chunk) => {
      for (const f of reader.push(chunk).frames) {
        const pdu = decodePdu(f);
        received.push(pdu);
        if (pdu.command === 'bind_transceiver')
          socket.write(
            encodePdu({
              command: 'bind_transceiver_resp',
              commandStatus: 0,
              sequenceNumber: pdu.sequenceNumber,
              systemId: 'SCRIPT',
            } as Pdu),
          );
        else onPdu(pdu, socket);
      }
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  closeLater(() => {
    for (const s of sockets) s.destroy();
    return new Promise<void>((r) => server.close(() => r()));
  });
  const addr = server.address();
  return { port: typeof addr === 'object' && addr ? addr.port : 0, received, sockets };
}

describe('ESME session to a carrier', () => {
  it('binds, submits, answers a receipt the carrier delivers, and unbinds', async () => {
    const { server, port } = await smsc();
    const delivered: ShortMessagePdu[] = [];
    const s = await open(esmeOptions(port, { onDeliver: (pdu) => (delivered.push(pdu), STATUS.ROK) }));
    const answer = await s.submit(message('hello carrier'));
    expect(answer).toMatchObject({ kind: 'accepted' });
    const sent = await server.deliverToAccount('carrierA', {
      ...message('id:1 stat:DELIVRD'),
      esmClass: 0x04,
    } as never);
    expect(sent).toMatchObject({ ok: true, status: STATUS.ROK });
    expect(delivered).toHaveLength(1);
    await s.unbind();
    expect(s.closeReason).toBe('unbound');
    expect(await s.submit(message('after unbind'))).toEqual({ kind: 'unsent' });
  });

  it('is refused a bind with the carrier’s status', async () => {
    const { port } = await smsc();
    const refused = await EsmeSession.open(esmeOptions(port, { password: 'wrong' })).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(BindError);
    expect((refused as BindError).status).toBe(STATUS.RINVPASWD);
  });

  it('keeps at most `window` submits outstanding; the rest wait for a slot', async () => {
    let atCarrier = 0;
    let most = 0;
    const gates: Array<() => void> = [];
    const { port } = await smsc({
      windowSize: 10,
      submit: async () => {
        atCarrier++;
        most = Math.max(most, atCarrier);
        await new Promise<void>((r) => gates.push(r));
        atCarrier--;
        return { messageId: 'x1' };
      },
    });
    const s = await open(esmeOptions(port, { window: 2 }));
    const answers = Promise.all([1, 2, 3, 4, 5].map((i) => s.submit(message(`m${i}`))));
    await until(() => gates.length === 2, 'two submits at the carrier');
    expect(s.inFlight).toBe(2);
    // the carrier answers one at a time, as the submits reach it
    let done = false;
    void answers.then(() => (done = true));
    while (!done) {
      gates.shift()?.();
      await new Promise((r) => setTimeout(r, 5));
    }
    expect((await answers).map((a) => a.kind)).toEqual(['accepted', 'accepted', 'accepted', 'accepted', 'accepted']);
    expect(most).toBe(2);
  });

  it('tells a submit the carrier never answered (unknown) from one never written (may go again) when the link drops', async () => {
    const carrier = await scripted(() => undefined);
    const s = await open(esmeOptions(carrier.port, { window: 1 }));
    const first = s.submit(message('written'));
    const second = s.submit(message('waiting for a slot'));
    await until(() => carrier.received.some((p) => p.command === 'submit_sm'), 'the first submit at the carrier');
    carrier.sockets[0].destroy();
    expect(await first).toEqual({ kind: 'unanswered' });
    expect(await second).toEqual({ kind: 'unsent' });
    expect(s.closeReason).toBe('closed by the carrier');
  });

  it('ends a submit that is not answered in time as unanswered, and answers for a refusal and a generic_nack', async () => {
    let n = 0;
    const carrier = await scripted((pdu, socket) => {
      if (pdu.command !== 'submit_sm') return;
      n++;
      if (n === 1) return; // silence
      if (n === 2)
        socket.write(
          encodePdu({
            command: 'submit_sm_resp',
            commandStatus: STATUS.RTHROTTLED,
            sequenceNumber: pdu.sequenceNumber,
            messageId: '',
          } as Pdu),
        );
      if (n === 3)
        socket.write(
          encodePdu({
            command: 'generic_nack',
            commandStatus: STATUS.RINVCMDLEN,
            sequenceNumber: pdu.sequenceNumber,
          } as Pdu),
        );
    });
    const s = await open(esmeOptions(carrier.port, { responseTimeoutMs: 200 }));
    expect(await s.submit(message('silence'))).toEqual({ kind: 'unanswered' });
    expect(await s.submit(message('throttled'))).toEqual({ kind: 'refused', status: STATUS.RTHROTTLED });
    expect(await s.submit(message('nack'))).toEqual({ kind: 'refused', status: STATUS.RINVCMDLEN });
    expect(s.bound).toBe(true);
  });

  it('sends enquire_link on a quiet link and closes the link when it goes unanswered', async () => {
    const carrier = await scripted(() => undefined);
    const closed: string[] = [];
    const s = await open(esmeOptions(carrier.port, { enquireLinkMs: 40, responseTimeoutMs: 200 }));
    s.onClosed((why) => closed.push(why));
    await until(() => carrier.received.some((p) => p.command === 'enquire_link'), 'an enquire_link');
    await until(() => closed.length === 1, 'the dead link closed');
    expect(closed).toEqual(['enquire_link unanswered']);
  });

  it('answers the carrier’s enquire_link and unbind, and a deliver_sm its handler failed on with a system error', async () => {
    const carrier = await scripted(() => undefined);
    const s = await open(
      esmeOptions(carrier.port, {
        onDeliver: () => {
          throw new Error('database away');
        },
      }),
    );
    const socket = carrier.sockets[0];
    socket.write(encodePdu({ command: 'enquire_link', commandStatus: 0, sequenceNumber: 900 } as Pdu));
    socket.write(
      encodePdu({
        ...(shortMessagePdu('deliver_sm', {
          sourceAddr: '8613800138000',
          destinationAddr: '1069',
          shortMessage: Buffer.from('hi'),
        }) as Pdu),
        sequenceNumber: 901,
      }),
    );
    await until(() => carrier.received.filter((p) => p.sequenceNumber >= 900).length === 2, 'two answers');
    expect(carrier.received.find((p) => p.sequenceNumber === 900)).toMatchObject({
      command: 'enquire_link_resp',
      commandStatus: 0,
    });
    expect(carrier.received.find((p) => p.sequenceNumber === 901)).toMatchObject({
      command: 'deliver_sm_resp',
      commandStatus: STATUS.RSYSERR,
    });
    socket.write(encodePdu({ command: 'unbind', commandStatus: 0, sequenceNumber: 902 } as Pdu));
    await until(() => !s.bound, 'unbound by the carrier');
    // the session is over once it wrote its answer; the carrier reads it a moment later
    await until(() => carrier.received.some((p) => p.sequenceNumber === 902), 'the unbind answered');
    expect(carrier.received.find((p) => p.sequenceNumber === 902)).toMatchObject({ command: 'unbind_resp' });
    expect(s.closeReason).toBe('unbound by the carrier');
  });

  it('answers a deliver_sm past the size bound with generic_nack and reads the answers after it', async () => {
    const held: Pdu[] = [];
    const carrier = await scripted((pdu) => {
      if (pdu.command === 'submit_sm') held.push(pdu);
    });
    const s = await open(esmeOptions(carrier.port, { responseTimeoutMs: 5000 }));
    const answers = Promise.all([1, 2, 3, 4, 5].map((i) => s.submit(message(`m${i}`))));
    await until(() => held.length === 5, 'five submits at the carrier');
    // 66,000 octets, over the 64 KB bound, then the five answers in the same write
    const big = Buffer.alloc(66_000, 0x41);
    big.writeUInt32BE(big.length, 0);
    big.writeUInt32BE(0x00000005, 4);
    big.writeUInt32BE(0, 8);
    big.writeUInt32BE(4242, 12);
    const resps = held.map((pdu, i) =>
      encodePdu({
        command: 'submit_sm_resp',
        commandStatus: 0,
        sequenceNumber: pdu.sequenceNumber,
        messageId: `id${i}`,
      } as Pdu),
    );
    carrier.sockets[0].write(Buffer.concat([big, ...resps]));
    expect((await answers).map((a) => a.kind)).toEqual(['accepted', 'accepted', 'accepted', 'accepted', 'accepted']);
    await until(() => carrier.received.some((p) => p.sequenceNumber === 4242), 'the generic_nack');
    expect(carrier.received.find((p) => p.sequenceNumber === 4242)).toMatchObject({
      command: 'generic_nack',
      commandStatus: STATUS.RINVCMDLEN,
    });
    expect(s.bound).toBe(true);
  });

  it('drops a link whose length it cannot read past', async () => {
    const carrier = await scripted(() => undefined);
    const s = await open(esmeOptions(carrier.port));
    carrier.sockets[0].write(Buffer.from([0, 0, 0, 8, 0, 0, 0, 5]));
    await until(() => !s.bound, 'the link dropped');
    expect(s.closeReason).toMatch(/^broken framing from the carrier/);
  });

  it('sends enquire_link on a busy link that reads nothing, and drops it when unanswered', async () => {
    const carrier = await scripted(() => undefined);
    const s = await open(esmeOptions(carrier.port, { window: 100, enquireLinkMs: 100, responseTimeoutMs: 400 }));
    // a submit written every 20 ms, none answered: writes alone do not show the link alive
    for (const end = Date.now() + 10_000; s.bound && Date.now() < end;) {
      void s.submit(message('into the void'));
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(carrier.received.some((p) => p.command === 'enquire_link')).toBe(true);
    expect(s.closeReason).toBe('enquire_link unanswered');
  });
});
