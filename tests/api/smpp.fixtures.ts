import { appSecretOf } from '../../platform/accounts/secrets';
import { interfacePasswordHashes } from '../../platform/accounts/interface-password';
import { shortMessagePdu, type Pdu } from '../../platform/smpp-wire/pdu-types';
import { TestPeer } from '../helpers/smpp-test-peer';
import { bindAs } from '../helpers/smpp-test-server';
import type { TestPlatform } from '../helpers/platform';

/** Gives an account an interface password and merges SMPP options (userIps, maxConnections, maxSpeed, srcId). */
export async function smppAccount(
  p: TestPlatform,
  cusId: string,
  password: string,
  options: Record<string, unknown> = {},
): Promise<void> {
  await appSecretOf(p.ctx.db, cusId);
  const h = await interfacePasswordHashes(password);
  await p.ctx.db.query(
    'update account_credentials set interface_password_hash = $2, interface_password_prefix_hash = $3 where cus_id = $1',
    [cusId, h.full, h.prefix],
  );
  await p.ctx.db.query("update accounts set options = coalesce(options, '{}'::jsonb) || $2::jsonb where cus_id = $1", [
    cusId,
    JSON.stringify(options),
  ]);
}

export const bindPdu = (
  systemId: string,
  password: string,
  command: 'bind_transmitter' | 'bind_receiver' | 'bind_transceiver' = 'bind_transceiver',
) => bindAs(systemId, command, password);

/** Opens a peer to the platform's SMPP port and binds; answers the peer and the bind response's status. */
export async function bindPeer(
  p: TestPlatform,
  systemId: string,
  password: string,
  command?: 'bind_transmitter' | 'bind_receiver' | 'bind_transceiver',
) {
  const peer = await TestPeer.open(p.smppPort()!);
  const resp = await peer.call(bindPdu(systemId, password, command));
  return { peer, status: resp.commandStatus };
}

/** The account the SMPP suites submit as: its source prefix is srcId 1069 followed by its extension 0001, so a submit
 * from `sourceAddr` (or an address it starts) passes the source check. */
export const SMPP_TEST_ACCOUNT = { cusId: 'SUB001', password: 'smpp1234', sourceAddr: '10690001' } as const;

/** Readies the SMPP test account on a platform: interface password, source prefix and extension; `money` sets its
 * balance (yuan) and pay type (0 prepaid, 1 postpaid) where given, and leaves the seeded ones otherwise. */
export async function smppTestAccount(
  p: TestPlatform,
  money: { balance?: number; payType?: 0 | 1 } = {},
): Promise<typeof SMPP_TEST_ACCOUNT> {
  const a = SMPP_TEST_ACCOUNT;
  await smppAccount(p, a.cusId, a.password, { srcId: '1069' });
  await p.ctx.db.query(
    "update accounts set ext_number = '0001', balance = coalesce($2::numeric, balance), pay_type = coalesce($3::smallint, pay_type) where cus_id = $1",
    [a.cusId, money.balance ?? null, money.payType ?? null],
  );
  return a;
}

/** A submit_sm from the test account's source address with `text` in UCS-2 (data_coding 8). */
export const ucs2Submit = (destinationAddr: string, text: string) =>
  shortMessagePdu('submit_sm', {
    sourceAddr: SMPP_TEST_ACCOUNT.sourceAddr,
    destinationAddr,
    shortMessage: Buffer.from(text, 'utf16le').swap16(),
    dataCoding: 8,
  }) as unknown as Pdu;

/** Writes every PDU before reading any answer, as a windowing client does, in one write: the platform reads them
 * together, so the first is written alone and the rest queue behind it as one group. Answers in the order sent. */
export const pipelined = (peer: TestPeer, pdus: Pdu[]) => peer.callTogether(pdus);

/** Binds a peer as the SMPP test account. */
export const bindTestAccount = (p: TestPlatform, command?: 'bind_transmitter' | 'bind_receiver' | 'bind_transceiver') =>
  bindPeer(p, SMPP_TEST_ACCOUNT.cusId, SMPP_TEST_ACCOUNT.password, command);
