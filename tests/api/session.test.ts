import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../platform/auth/password';
import { hashToken } from '../../platform/auth/tokens';
import { DB_KINDS, startPlatform, type TestPlatform } from '../helpers/platform';

// The session after login: user info, token refresh, and a 401 once it ends.
describe.each(DB_KINDS)('session on %s', (kind) => {
  let p: TestPlatform;
  beforeAll(async () => {
    p = await startPlatform(kind);
  });
  afterAll(async () => p?.close());

  const expiresAt = async (token: string) =>
    (
      await p.ctx.db.query<{ expires_at: Date }>('select expires_at from sessions where token_hash = $1', [
        hashToken(token),
      ])
    )[0].expires_at.getTime();

  it('gives admin the privileged flags, its permission and the enterprise balance', async () => {
    const info = await p.call('/user/getUserInfo', {}, { token: await p.login('admin') });
    expect(info.status).toBe(200);
    expect(info.body.data).toMatchObject({
      name: '演示管理员',
      roles: ['admin'],
      permission: ['inteMtRecordListPriceShow'],
      authUser: {
        cus_id: 'EP0001',
        userName: 'admin',
        userType: 1,
        showClientStatus: 1,
        showContentFilterWhere: 1,
        moreType: 1,
        balance: 100000,
      },
    });
    expect(info.body.data.authUser.mobile).toMatch(/^1\d{10}$/);
    // the first login ever: there is no earlier one to show (the console says 从未 / never)
    expect(info.body.data.authUser.lastLoginTime).toBeNull();
  });

  it('shows the login before this session, in the user info and on the dashboard', async () => {
    await p.ctx.db.query(
      `insert into users(username, password_hash, cus_id, name, mobile, user_type) values ('twice1', $1, 'SUB001', 'twice', '13800000019', 3)`,
      [await hashPassword('demo1234')],
    );
    const realNow = p.ctx.now;
    try {
      p.ctx.now = () => new Date('2026-03-04T01:02:03Z');
      const first = await p.login('twice1');
      const firstInfo = await p.call('/user/getUserInfo', {}, { token: first });
      expect(firstInfo.body.data.authUser.lastLoginTime).toBeNull();
      expect(
        (await p.call('/dataGathering/getSmsIndexInfo', { prod_type: 0 }, { token: first })).body.data.lastLoginTime,
      ).toBeNull();
      p.ctx.now = () => new Date('2026-03-05T06:07:08Z');
      const second = await p.login('twice1');
      const info = await p.call('/user/getUserInfo', {}, { token: second });
      // Asia/Shanghai, the platform's zone: the first login's time, not this one's
      expect(info.body.data.authUser.lastLoginTime).toBe('2026-03-04 09:02:03');
      const dashboard = await p.call('/dataGathering/getSmsIndexInfo', { prod_type: 0 }, { token: second });
      expect(dashboard.body.data.lastLoginTime).toBe('2026-03-04 09:02:03');
    } finally {
      p.ctx.now = realNow;
    }
  });

  it('shows the login time in the account time zone', async () => {
    const token = await p.login('agent');
    await p.ctx.db.query(`update users set previous_login_at = '2026-01-02T03:04:05Z' where username = 'agent'`);
    const info = await p.call('/user/getUserInfo', {}, { token });
    expect(info.body.data.authUser).toMatchObject({
      userType: 2,
      cus_id: 'AGT001',
      lastLoginTime: '2026-01-02 11:04:05',
    });
    expect(info.body.data.roles).toEqual(['agent']);
  });

  it('leaves the opening balances without a remark nobody typed', async () => {
    const rows = await p.ctx.db.query<{ remark: string }>(`select remark from balance_ledger where ref = 'seed'`);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.remark === '')).toBe(true);
  });

  it('gives user the ordinary flags and rounds the balance to 2 decimals', async () => {
    await p.ctx.db.query(`update accounts set balance = 1234.5678 where cus_id = 'SUB001'`);
    const info = await p.call('/user/getUserInfo', {}, { token: await p.login('user') });
    expect(info.body.data.authUser).toMatchObject({
      userType: 3,
      cus_id: 'SUB001',
      showClientStatus: 0,
      balance: 1234.57,
    });
    expect(info.body.data.permission).toEqual([]);
  });

  it('refreshes a token: same token, new datetime, expiry an hour from now', async () => {
    const token = await p.login('admin');
    await p.ctx.db.query(`update sessions set expires_at = now() + interval '5 minutes' where token_hash = $1`, [
      hashToken(token),
    ]);
    const before = await expiresAt(token);
    const r = await p.call('/user/refesh', {}, { token, lang: 'en' });
    expect(r.status).toBe(200);
    expect(r.body.data.token).toBe(token);
    expect(r.body.data.expiresInS).toBe(3600);
    const after = await expiresAt(token);
    expect(after).toBeGreaterThan(before + 50 * 60_000);
    expect(Math.abs(after - (r.body.data.datetime + 3600_000))).toBeLessThan(1000);
  });

  it('refuses a missing, unknown or expired token with a localized 401', async () => {
    const none = await p.call('/user/getUserInfo', {});
    expect(none).toMatchObject({ status: 401, body: { type: 401, message: '登录已失效，请重新登录' } });
    const bogus = await p.call('/user/getUserInfo', {}, { token: 'not-a-token', lang: 'en' });
    expect(bogus).toMatchObject({ status: 401, body: { message: 'Your session has expired, please log in again' } });
    const token = await p.login('user');
    await p.ctx.db.query(`update sessions set expires_at = now() - interval '1 second' where token_hash = $1`, [
      hashToken(token),
    ]);
    expect((await p.call('/user/getUserInfo', {}, { token })).status).toBe(401);
    expect((await p.call('/user/refesh', {}, { token })).status).toBe(401);
  });

  it('refuses a token after logout', async () => {
    const token = await p.login('agent');
    const out = await p.call('/user/logout', {}, { token, lang: 'en' });
    expect(out.status).toBe(200);
    expect(out.body.message).toBe('Logged out');
    expect((await p.call('/user/getUserInfo', {}, { token })).status).toBe(401);
    expect((await p.call('/user/getTopMenu', {}, { token })).status).toBe(401);
    expect((await p.call('/user/logout', {}, { token })).status).toBe(401);
  });

  it('refuses a session of an account removed after login', async () => {
    await p.ctx.db.query(
      `insert into users(username, password_hash, cus_id, name, user_type) select 'sub2', password_hash, 'SUB002', 'x', 3 from users where username = 'user'`,
    );
    const token = await p.login('sub2');
    expect((await p.call('/user/getUserInfo', {}, { token })).status).toBe(200);
    await p.ctx.db.query(`update accounts set status = 2 where cus_id = 'SUB002'`);
    expect((await p.call('/user/getUserInfo', {}, { token })).status).toBe(401);
    await p.ctx.db.query(`update accounts set status = 1 where cus_id = 'SUB002'`);
  });
});
