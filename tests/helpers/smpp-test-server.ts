import { afterEach } from 'vitest';
import { STATUS } from '../../platform/smpp-wire/command-status';
import { encodeGsm7 } from '../../platform/smpp-wire/gsm7';
import { shortMessagePdu, type Pdu } from '../../platform/smpp-wire/pdu-types';
import { SmppServer } from '../../platform/smpp/smpp-server';
import type { SmppServerOptions, SubmittedMessage } from '../../platform/smpp/server-types';
import { TestPeer } from './smpp-test-peer';

/** An SMPP server on a free loopback port for unit tests: binds any system id with password `secret`, takes every
 * whole message and notes each session that ends; servers and peers are closed after each test. */
export function testServers() {
  const servers: SmppServer[] = [];
  const peers: TestPeer[] = [];
  afterEach(async () => {
    for (const p of peers.splice(0)) p.end();
    await Promise.all(servers.splice(0).map((s) => s.close(200)));
  });
  return async function start(over: Partial<SmppServerOptions> = {}) {
    const submitted: SubmittedMessage[] = [];
    const unbound: string[] = [];
    const server = new SmppServer({
      authenticate: async (r) =>
        r.password === 'secret' ? { ok: true, accountId: r.systemId } : { ok: false, status: STATUS.RINVPASWD },
      submit: async (_s, m) => {
        submitted.push(m);
        return { messageId: `m${submitted.length}` };
      },
      onUnbound: (s) => unbound.push(s.id),
      ...over,
    });
    servers.push(server);
    const { port } = await server.listen(0, '127.0.0.1');
    const peer = async () => {
      const p = await TestPeer.open(port);
      peers.push(p);
      return p;
    };
    return { server, port, submitted, unbound, peer };
  };
}

export const bindAs = (
  systemId: string,
  command: 'bind_transmitter' | 'bind_receiver' | 'bind_transceiver' = 'bind_transceiver',
  password = 'secret',
) =>
  ({
    command,
    systemId,
    password,
    systemType: '',
    interfaceVersion: 0x34,
    addrTon: 0,
    addrNpi: 0,
    addressRange: '',
  }) as Pdu;

export const gsmSubmit = (text: string) =>
  shortMessagePdu('submit_sm', {
    sourceAddr: '1069',
    destinationAddr: '8613800138000',
    shortMessage: encodeGsm7(text),
  }) as unknown as Pdu;

/** Part `seq` of `total` of a long message with reference `ref` (8-bit UDH), `body` as its octets. */
export const udhPart = (ref: number, total: number, seq: number, body: Buffer, registeredDelivery = 0) =>
  shortMessagePdu('submit_sm', {
    sourceAddr: '1069',
    destinationAddr: '8613800138000',
    esmClass: 0x40,
    registeredDelivery,
    shortMessage: Buffer.concat([Buffer.from([5, 0, 3, ref, total, seq]), body]),
  }) as unknown as Pdu;
