import { describe, expect, it } from 'vitest';
import { STATUS } from './command-status';
import { decodePdu, encodePdu } from './pdu-codec';
import { PduSession, RequestWindow, type PduSessionSide } from './pdu-session';
import { COMMAND, type Pdu } from './pdu-types';

function session(side: Partial<PduSessionSide> = {}) {
  const written: Pdu[] = [];
  const requests: Pdu[] = [];
  const s = new PduSession({
    write: (frame) => written.push(decodePdu(frame)),
    onRequest: (pdu) => requests.push(pdu),
    ...side,
  });
  return { s, written, requests };
}

/** A submit_sm frame whose source_addr runs past its bound. */
function badSubmit(seq: number): Buffer {
  const body = Buffer.concat([Buffer.from([0]), Buffer.from([0, 0]), Buffer.from('1'.repeat(30) + '\0', 'latin1')]);
  const h = Buffer.alloc(16);
  h.writeUInt32BE(16 + body.length, 0);
  h.writeUInt32BE(COMMAND.submit_sm, 4);
  h.writeUInt32BE(seq, 12);
  return Buffer.concat([h, body]);
}

describe('PDU session core', () => {
  it('numbers requests from 1 up to 0x7fffffff, then from 1 again', () => {
    const { s } = session();
    expect([s.nextSequence(), s.nextSequence()]).toEqual([1, 2]);
    (s as unknown as { nextSeq: number }).nextSeq = 0x7fffffff;
    expect([s.nextSequence(), s.nextSequence()]).toEqual([0x7fffffff, 1]);
  });

  it('ends a request with its response, or with null when none comes in time or the session closes', async () => {
    const { s, written } = session();
    const answered = s.request({ command: 'enquire_link', commandStatus: 0, sequenceNumber: 0 }, 1000);
    s.receive(encodePdu({ command: 'enquire_link_resp', commandStatus: 0, sequenceNumber: written[0].sequenceNumber }));
    expect(await answered).toMatchObject({ command: 'enquire_link_resp' });
    expect(await s.request({ command: 'unbind', commandStatus: 0, sequenceNumber: 0 }, 5)).toBeNull();
    const pending = s.request({ command: 'unbind', commandStatus: 0, sequenceNumber: 0 }, 1000);
    s.close();
    expect(await pending).toBeNull();
    expect(await s.request({ command: 'unbind', commandStatus: 0, sequenceNumber: 0 }, 1000)).toBeNull();
  });

  it('answers enquire_link itself, unless the side refuses requests for now', () => {
    const { s, written, requests } = session();
    s.receive(encodePdu({ command: 'enquire_link', commandStatus: 0, sequenceNumber: 5 }));
    s.receive(encodePdu({ command: 'unbind', commandStatus: 0, sequenceNumber: 6 }));
    expect(written).toMatchObject([{ command: 'enquire_link_resp', commandStatus: 0, sequenceNumber: 5 }]);
    expect(requests).toMatchObject([{ command: 'unbind', sequenceNumber: 6 }]);
    const closed = session({ refusal: () => STATUS.RINVBNDSTS });
    closed.s.receive(encodePdu({ command: 'enquire_link', commandStatus: 0, sequenceNumber: 7 }));
    expect(closed.written).toMatchObject([
      { command: 'generic_nack', commandStatus: STATUS.RINVBNDSTS, sequenceNumber: 7 },
    ]);
  });

  it('refuses a request it cannot read with the field’s own status, or with generic_nack ESME_RINVCMDID', () => {
    const own = session();
    own.s.receive(badSubmit(9));
    expect(own.written).toMatchObject([
      { command: 'submit_sm_resp', commandStatus: STATUS.RINVSRCADR, sequenceNumber: 9 },
    ]);
    const nack = session({ unreadable: 'generic-nack' });
    nack.s.receive(badSubmit(9));
    expect(nack.written).toMatchObject([
      { command: 'generic_nack', commandStatus: STATUS.RINVCMDID, sequenceNumber: 9 },
    ]);
  });

  it('passes over responses the side does not wait for', async () => {
    const { s, written } = session({ answers: new Set(['deliver_sm_resp']) });
    const r = s.request({ command: 'unbind', commandStatus: 0, sequenceNumber: 0 }, 20);
    s.receive(
      encodePdu({
        command: 'submit_sm_resp',
        commandStatus: 0,
        sequenceNumber: written[0].sequenceNumber,
        messageId: 'x',
      }),
    );
    expect(await r).toBeNull();
  });
});

describe('request window', () => {
  it('hands a slot given back to the oldest waiter, and tells waiters of a close', async () => {
    const w = new RequestWindow(1);
    expect(w.take()).toBe(true);
    const second = w.take();
    const third = w.take();
    expect(w.room).toBe(0);
    w.give();
    expect(await second).toBe(true);
    expect(w.inFlight).toBe(1);
    w.close();
    expect(await third).toBe(false);
  });
});
