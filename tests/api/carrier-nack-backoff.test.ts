import { createServer, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodePdu, encodePdu } from '../../platform/smpp-wire/pdu-codec';
import { PduFrameReader } from '../../platform/smpp-wire/pdu-frame-reader';
import type { Pdu } from '../../platform/smpp-wire/pdu-types';
import { DB_KINDS, type TestPlatform } from '../helpers/platform';
import { platformWithCarriers } from './hand-smsc.fixtures';
import { tokenFor, waitFor } from './send.fixtures';

// A carrier that answers every submit_sm with generic_nack, status 0: the message is neither accepted nor failed, and
// each time it goes back to the queue it waits twice as long as before (1 s, 2 s, 4 s ...), rather than once a second
// for ever.

/** An SMSC that binds anyone and answers every submit_sm with generic_nack (status 0), counting them. */
async function nackingSmsc() {
  let submits = 0;
  const sockets: Socket[] = [];
  const server: Server = createServer((socket) => {
    sockets.push(socket);
    const reader = new PduFrameReader();
    socket.on('error', () => undefined);
    socket.on('data', (chunk) => {
      for (const f of reader.push(chunk).frames) {
        const pdu = decodePdu(f);
        if (pdu.command === 'bind_transceiver')
          socket.write(
            encodePdu({
              command: 'bind_transceiver_resp',
              commandStatus: 0,
              sequenceNumber: pdu.sequenceNumber,
              systemId: 'NACK',
            } as Pdu),
          );
        else if (pdu.command === 'submit_sm') {
          submits++;
          socket.write(
            encodePdu({ command: 'generic_nack', commandStatus: 0, sequenceNumber: pdu.sequenceNumber } as Pdu),
          );
        } else if (pdu.command === 'enquire_link')
          socket.write(
            encodePdu({ command: 'enquire_link_resp', commandStatus: 0, sequenceNumber: pdu.sequenceNumber } as Pdu),
          );
      }
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const addr = server.address();
  const port = typeof addr === 'object' && addr ? addr.port : 0;
  return {
    port,
    submits: () => submits,
    close: () => {
      for (const s of sockets) s.destroy();
      return new Promise<void>((r) => server.close(() => r()));
    },
  };
}

describe.each(DB_KINDS)('a carrier answering generic_nack with status 0, on %s', (kind) => {
  let p: TestPlatform;
  let smsc: Awaited<ReturnType<typeof nackingSmsc>>;
  let admin: string;
  beforeAll(async () => {
    smsc = await nackingSmsc();
    p = await platformWithCarriers(kind, {
      carriers: [{ name: 'nack', host: '127.0.0.1', port: smsc.port, systemId: 'platform', password: 'pw' }],
      routes: [{ carriers: ['nack'] }],
    });
    admin = await tokenFor(p, 'admin');
  });
  afterAll(async () => {
    await p?.close();
    await smsc?.close();
  });

  it('requeues the message with a doubling wait, neither sent nor failed', async () => {
    const mobile = '13962000001';
    const r = await p.call(
      '/user/groupSend',
      { cus_id: 'EP0001', content: '【云信】退避', mobiles: mobile },
      { token: admin },
    );
    expect(r.status).toBe(200);
    const queued = async () =>
      (
        await p.ctx.db.query<{ tries: number; due: Date; mt_status: number }>(
          'select c.tries, c.due_at as due, m.mt_status from carrier_queue c join mt_records m on m.sn = c.sn where m.mobile = $1',
          [mobile],
        )
      )[0];
    const second = await waitFor(queued, (row) => row?.tries === 2);
    const third = await waitFor(queued, (row) => row?.tries === 3);
    // the third try cannot start before the second's due time, and then waits 4 s: the due times are at least that
    // far apart, however slow the machine (once a second for ever would put them about 1 s apart)
    expect(new Date(third.due).getTime() - new Date(second.due).getTime()).toBeGreaterThanOrEqual(4000);
    expect(third.mt_status).toBe(500);
    expect(smsc.submits()).toBeGreaterThanOrEqual(3);
  });
});
