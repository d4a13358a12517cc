import { appSecretOf } from '../../platform/accounts/secrets';
import { interfacePasswordHashes } from '../../platform/smpp/bind-password';
import type { Pdu } from '../../platform/smpp/pdu-types';
import { TestPeer } from '../../platform/smpp/test-peer.fixtures';
import type { TestPlatform } from '../helpers/platform';

/** Gives an account an interface password and merges SMPP options (userIps, maxConnections, maxSpeed, srcId). */
export async function smppAccount(p: TestPlatform, cusId: string, password: string, options: Record<string, unknown> = {}): Promise<void> {
  await appSecretOf(p.ctx.db, cusId);
  const h = await interfacePasswordHashes(password);
  await p.ctx.db.query('update account_credentials set interface_password_hash = $2, interface_password_prefix_hash = $3 where cus_id = $1', [
    cusId,
    h.full,
    h.prefix,
  ]);
  await p.ctx.db.query("update accounts set options = coalesce(options, '{}'::jsonb) || $2::jsonb where cus_id = $1", [cusId, JSON.stringify(options)]);
}

export const bindPdu = (systemId: string, password: string, command: 'bind_transmitter' | 'bind_receiver' | 'bind_transceiver' = 'bind_transceiver') =>
  ({ command, systemId, password, systemType: '', interfaceVersion: 0x34, addrTon: 0, addrNpi: 0, addressRange: '' }) as Pdu;

/** Opens a peer to the platform's SMPP port and binds; answers the peer and the bind response's status. */
export async function bindPeer(p: TestPlatform, systemId: string, password: string, command?: 'bind_transmitter' | 'bind_receiver' | 'bind_transceiver') {
  const peer = await TestPeer.open(p.smppPort()!);
  const resp = await peer.call(bindPdu(systemId, password, command));
  return { peer, status: resp.commandStatus };
}
