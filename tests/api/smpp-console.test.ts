import { beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, platformFor } from '../helpers/platform';
import { FAST_SIMULATOR, tokenFor, waitFor } from './send.fixtures';
import { bindPeer, smppAccount } from './smpp.fixtures';

interface Info {
  host: string;
  port: number | null;
  systemId: string;
  binds: Array<{
    sessionId: string;
    cusId: string;
    address: string;
    bindType: string;
    submitted: number;
    throttled: number;
    rate: number;
  }>;
}

// The console's view of the SMPP server: where to bind, the live binds, and a bind ended from the console or by a
// change of the account (user IPs, closing), on both storages.
describe.each(DB_KINDS)('SMPP binds in the console on %s', (kind) => {
  const p = platformFor(kind, {
    smppPort: 'auto',
    simulator: FAST_SIMULATOR,
    logLevel: process.env.SMPP_TEST_LOG ?? 'warn',
  });
  let admin: string;
  let user: string;
  const info = async (token: string) => (await p.call('/user/getSmppInfo', {}, { token })).body.data as Info;
  beforeAll(async () => {
    await smppAccount(p, 'SUB001', 'smpp1234', {});
    [admin, user] = await Promise.all([tokenFor(p, 'admin'), tokenFor(p, 'user')]);
  });

  it('shows the port, the system id and the live binds to the account and its admin, never to another account', async () => {
    const { peer } = await bindPeer(p, 'SUB001', 'smpp1234', 'bind_transceiver');
    const own = await info(user);
    expect(own).toMatchObject({ host: '127.0.0.1', port: p.smppPort(), systemId: 'SUB001' });
    expect(own.binds).toEqual([
      expect.objectContaining({
        cusId: 'SUB001',
        bindType: 'transceiver',
        address: '127.0.0.1',
        submitted: 0,
        throttled: 0,
      }),
    ]);
    expect((await info(admin)).binds.map((b) => b.sessionId)).toEqual(own.binds.map((b) => b.sessionId));
    const other = await p.call('/user/getSmppInfo', {}, { token: await tokenFor(p, 'agent') });
    expect(other.body.data.binds).toEqual([]);
    peer.end();
    await waitFor(
      () => info(user),
      (i) => i.binds.length === 0,
    );
  });

  it('an admin ends a bind, an ordinary account may not, and an unknown bind says it is gone', async () => {
    const { peer } = await bindPeer(p, 'SUB001', 'smpp1234', 'bind_transmitter');
    const [bind] = (await info(user)).binds;
    const refused = await p.call('/user/endSmppBind', { sessionId: bind.sessionId }, { token: user, lang: 'en' });
    expect(refused.status).toBe(403);
    const ended = await p.call('/user/endSmppBind', { sessionId: bind.sessionId }, { token: admin, lang: 'en' });
    expect(ended.body).toMatchObject({ message: 'The bind is being ended', data: { ended: true } });
    await peer.until(
      () => peer.received.some((x) => x.command === 'unbind') || peer.closed,
      'unbind from the platform',
      15_000,
    );
    await waitFor(
      () => info(admin),
      (i) => i.binds.length === 0,
    );
    const gone = await p.call('/user/endSmppBind', { sessionId: bind.sessionId }, { token: admin, lang: 'en' });
    expect(gone.body).toMatchObject({ message: 'That bind no longer exists', data: { ended: false } });
    expect((await p.call('/user/endSmppBind', { sessionId: '' }, { token: admin })).status).toBe(400);
    peer.end();
  });

  it('user IPs that no longer cover the client end its bind; so does closing the account', async () => {
    const first = await bindPeer(p, 'SUB001', 'smpp1234', 'bind_transceiver');
    const ips = await p.call('/user/modifyApiInfo', { userIps: '10.1.2.0/24', pushMode: 0 }, { token: user });
    expect(ips.status).toBe(200);
    await first.peer.until(
      () => first.peer.received.some((x) => x.command === 'unbind') || first.peer.closed,
      'unbind after the IP change',
      15_000,
    );
    first.peer.end();
    await p.call('/user/modifyApiInfo', { userIps: '', pushMode: 0 }, { token: user });
    const second = await bindPeer(p, 'SUB001', 'smpp1234', 'bind_transceiver');
    expect(second.status).toBe(0);
    expect((await p.call('/customer/closeCustomer', { cus_id: 'SUB001' }, { token: admin })).status).toBe(200);
    await second.peer.until(
      () => second.peer.received.some((x) => x.command === 'unbind') || second.peer.closed,
      'unbind after closing',
      15_000,
    );
    second.peer.end();
    await p.call('/customer/openCustomer', { cus_id: 'SUB001' }, { token: admin });
  });
});
