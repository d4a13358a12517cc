import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAIR_ATTEMPTS } from '../../platform/auth/login-throttle';
import { STATUS } from '../../platform/smpp-wire/command-status';
import { TestPeer } from '../helpers/smpp-test-peer';
import { DB_KINDS, startPlatform, type TestPlatform } from '../helpers/platform';
import { bindPdu, bindPeer, smppAccount } from './smpp.fixtures';

// Bind passwords are guarded as console logins are: failures counted per system_id and address and per address, in
// the database; a connection has one bind attempt; too many connections that have not bound are refused.

describe.each(DB_KINDS)('SMPP bind throttling on %s', (kind) => {
  let p: TestPlatform;
  beforeAll(async () => {
    p = await startPlatform(kind, { smppPort: 'auto', logLevel: 'error' });
    await smppAccount(p, 'SUB001', 'right123');
    await smppAccount(p, 'SUB002', 'other123');
  });
  afterAll(async () => p?.close());

  it('closes the connection after a refused bind, so it cannot try again', async () => {
    const { peer, status } = await bindPeer(p, 'SUB002', 'wrong999');
    expect(status).toBe(STATUS.RINVPASWD);
    await peer.waitClosed();
    const { peer: ok, status: okStatus } = await bindPeer(p, 'SUB002', 'other123');
    expect(okStatus).toBe(STATUS.ROK);
    ok.end();
  });

  it('refuses even the right password once the failures of a system_id from an address are used up', async () => {
    for (let i = 0; i < PAIR_ATTEMPTS; i++)
      expect((await bindPeer(p, 'SUB001', `wrong${i}xx`)).status).toBe(STATUS.RINVPASWD);
    expect((await bindPeer(p, 'SUB001', 'right123')).status).toBe(STATUS.RBINDFAIL);
    const [guard] = await p.ctx.db.query<{ locked: boolean }>(
      'select locked_until > now() as locked from login_guards where key = $1',
      ['pair:smpp:sub001|127.0.0.1'],
    );
    expect(guard.locked).toBe(true);
  });

  it('counts unknown system ids against the address', async () => {
    const before = await p.ctx.db.query<{ failures: number }>(
      "select failures from login_guards where key = 'addr:127.0.0.1'",
    );
    expect((await bindPeer(p, 'NOSUCH', 'whatever')).status).toBe(STATUS.RINVSYSID);
    const [after] = await p.ctx.db.query<{ failures: number }>(
      "select failures from login_guards where key = 'addr:127.0.0.1'",
    );
    expect(after.failures).toBeGreaterThan(before[0]?.failures ?? 0);
  });

  it('refuses connections from an address holding too many that have not bound', async () => {
    const open: TestPeer[] = [];
    for (let i = 0; i < 20; i++) open.push(await TestPeer.open(p.smppPort()!));
    const extra = await TestPeer.open(p.smppPort()!);
    await extra.waitClosed();
    open[0].end();
    await open[0].waitClosed();
    // the slot it freed is taken again (once the server has seen the close)
    let next: TestPeer | null = null;
    for (const end = Date.now() + 10_000; !next && Date.now() < end;) {
      const tryPeer = await TestPeer.open(p.smppPort()!);
      const answer = await tryPeer.call(bindPdu('SUB002', 'other123')).catch(() => null);
      if (answer) next = tryPeer;
    }
    expect(next).not.toBeNull();
    for (const peer of [...open, next!]) peer.end();
  });
});
