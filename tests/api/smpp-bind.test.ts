import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configFromEnv } from '../../platform/core/config';
import { STATUS } from '../../platform/smpp-wire/command-status';
import { shortMessagePdu } from '../../platform/smpp-wire/pdu-types';
import { bindShares } from '../../platform/smpp/smpp-binds';
import { DB_KINDS, startPlatform, type TestPlatform } from '../helpers/platform';
import { bindPeer, smppAccount } from './smpp.fixtures';

describe('SMPP_PORT', () => {
  it('defaults to 2775, 0 switches the server off, auto takes any free port', () => {
    expect(configFromEnv({}).smppPort).toBe(2775);
    expect(configFromEnv({ SMPP_PORT: '0' }).smppPort).toBeNull();
    expect(configFromEnv({ SMPP_PORT: 'auto' }).smppPort).toBe('auto');
    expect(configFromEnv({ SMPP_PORT: '2776' }).smppPort).toBe(2776);
  });
});

// Binds against the accounts on both storages: each refusal with its command_status, the connection limit across
// binds, and the rate limit.
describe.each(DB_KINDS)('SMPP binds on %s', (kind) => {
  let p: TestPlatform;
  beforeAll(async () => {
    p = await startPlatform(kind, { smppPort: 'auto' });
    await smppAccount(p, 'SUB001', 'abcdefgh1234');
    await smppAccount(p, 'EP0001', 'whole9ch');
    await smppAccount(p, 'SUB003', 'pw123456', { userIps: '10.0.0.0/8, 2001:db8::/32' });
    await smppAccount(p, 'SUB004', 'closed12');
    await smppAccount(p, 'SUB002', 'limit123', { maxConnections: 2 });
    await smppAccount(p, 'AGT001', 'speed123', { maxSpeed: 1 });
  });
  afterAll(async () => p?.close());

  it('listens on the port it reports, and without the server nothing is exposed', async () => {
    expect(p.smppPort()).toBeGreaterThan(0);
    const off = await startPlatform('pglite');
    expect(off.smppPort()).toBeNull();
    await off.close();
  });

  it('binds with the interface password, whole or cut to 8 characters, and unbinding removes the bind row', async () => {
    // SMPP 3.4 carries at most 9 characters of a password: a longer stored one binds with its first 8
    const whole = await bindPeer(p, 'EP0001', 'whole9ch');
    expect(whole.status).toBe(STATUS.ROK);
    const cut = await bindPeer(p, 'SUB001', 'abcdefgh');
    expect(cut.status).toBe(STATUS.ROK);
    const rows = await p.ctx.db.query<{ n: number }>(
      "select count(*)::int as n from smpp_binds where cus_id in ('SUB001', 'EP0001')",
    );
    expect(rows[0].n).toBe(2);
    expect((await whole.peer.call({ command: 'unbind' } as never)).commandStatus).toBe(STATUS.ROK);
    cut.peer.end();
    await whole.peer.waitClosed();
    const left = async () =>
      (
        await p.ctx.db.query<{ n: number }>(
          "select count(*)::int as n from smpp_binds where cus_id in ('SUB001', 'EP0001')",
        )
      )[0].n;
    for (let i = 0; i < 100 && (await left()) > 0; i++) await new Promise((r) => setTimeout(r, 20));
    expect(await left()).toBe(0);
  });

  it('refuses an unknown system_id, a wrong password, a prefix that is not exactly 8 characters', async () => {
    expect((await bindPeer(p, 'NOPE01', 'whatever')).status).toBe(STATUS.RINVSYSID);
    expect((await bindPeer(p, 'SUB001', 'wrongpass')).status).toBe(STATUS.RINVPASWD);
    expect((await bindPeer(p, 'SUB001', 'abcdefg')).status).toBe(STATUS.RINVPASWD);
    expect((await bindPeer(p, 'SUB001', 'abcdefgh1')).status).toBe(STATUS.RINVPASWD);
  });

  it('checks the user IPs before the password and fails closed', async () => {
    // 127.0.0.1 is outside the list: refused even with a wrong password, so the password is never tried from there
    expect((await bindPeer(p, 'SUB003', 'pw123456')).status).toBe(STATUS.RBINDFAIL);
    expect((await bindPeer(p, 'SUB003', 'wrong')).status).toBe(STATUS.RBINDFAIL);
    await p.ctx.db.query(
      `update accounts set options = options || '{"userIps":"not an address"}'::jsonb where cus_id = 'SUB003'`,
    );
    expect((await bindPeer(p, 'SUB003', 'pw123456')).status).toBe(STATUS.RBINDFAIL);
    await p.ctx.db.query(
      `update accounts set options = options || '{"userIps":"127.0.0.0/8"}'::jsonb where cus_id = 'SUB003'`,
    );
    expect((await bindPeer(p, 'SUB003', 'pw123456')).status).toBe(STATUS.ROK);
    await p.ctx.db.query(`update accounts set options = options || '{"userIps":""}'::jsonb where cus_id = 'SUB003'`);
    expect((await bindPeer(p, 'SUB003', 'pw123456')).status).toBe(STATUS.ROK);
  });

  it('refuses a closed account and one without an SMS product', async () => {
    expect((await bindPeer(p, 'SUB004', 'closed12')).status).toBe(STATUS.RBINDFAIL);
    await p.ctx.db.query("delete from account_products where cus_id = 'SUB001' and prod_type in (0, 1)");
    expect((await bindPeer(p, 'SUB001', 'abcdefgh')).status).toBe(STATUS.RBINDFAIL);
    await p.ctx.db.query("insert into account_products (cus_id, prod_type) values ('SUB001', 0)");
  });

  it('counts binds over all instances against max connections, ignoring stale rows', async () => {
    const a = await bindPeer(p, 'SUB002', 'limit123');
    expect(a.status).toBe(STATUS.ROK);
    // another instance's live bind counts; a row whose heartbeat is old does not
    await p.ctx.db.query(
      "insert into smpp_binds (session_id, instance_id, cus_id, bind_type, address) values ('other-1', 'other', 'SUB002', 'transceiver', '10.1.1.1')",
    );
    await p.ctx.db.query(
      "insert into smpp_binds (session_id, instance_id, cus_id, bind_type, address, heartbeat) values ('gone-1', 'gone', 'SUB002', 'transceiver', '10.1.1.2', now() - interval '1 hour')",
    );
    expect((await bindPeer(p, 'SUB002', 'limit123')).status).toBe(STATUS.RBINDFAIL);
    await p.ctx.db.query("delete from smpp_binds where session_id = 'other-1'");
    expect((await bindPeer(p, 'SUB002', 'limit123')).status).toBe(STATUS.ROK);
  });

  it('shares an account max speed among the instances holding its binds, by their number of live binds', async () => {
    const row = (sid: string, instance: string, extra = '') =>
      p.ctx.db.query(
        `insert into smpp_binds (session_id, instance_id, cus_id, bind_type, address${extra ? ', heartbeat' : ''}) values ($1, $2, 'EP0001', 'transmitter', '10.2.2.2'${extra})`,
        [sid, instance],
      );
    await row('share-a1', 'a');
    await row('share-a2', 'a');
    await row('share-b1', 'b');
    // a stale row of an instance gone no longer takes a share
    await row('share-gone', 'gone', ", now() - interval '1 hour'");
    const now = new Date();
    expect(Object.fromEntries(await bindShares(p.ctx.db, 'a', ['EP0001'], now))).toEqual({ EP0001: 2 / 3 });
    expect(Object.fromEntries(await bindShares(p.ctx.db, 'b', ['EP0001'], now))).toEqual({ EP0001: 1 / 3 });
    expect((await bindShares(p.ctx.db, 'gone', ['EP0001'], now)).size).toBe(0);
    await p.ctx.db.query("delete from smpp_binds where session_id like 'share-%'");
  });

  it('throttles submits beyond the account max speed with ESME_RTHROTTLED', async () => {
    const { peer, status } = await bindPeer(p, 'AGT001', 'speed123');
    expect(status).toBe(STATUS.ROK);
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const r = await peer.call(
        shortMessagePdu('submit_sm', {
          sourceAddr: '8002',
          destinationAddr: '13900000301',
          shortMessage: Buffer.from('hi'),
        }) as never,
      );
      statuses.push(r.commandStatus);
    }
    expect(statuses).toContain(STATUS.RTHROTTLED);
    peer.end();
  });
});
