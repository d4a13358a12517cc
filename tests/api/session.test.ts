import JSZip from 'jszip';
import { configFromEnv } from '../../platform/core/config';
import type { OutboundMessage } from '../../platform/messaging/carrier';
import { createSimulator } from '../../platform/messaging/simulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../platform/auth/password';
import { hashToken } from '../../platform/auth/tokens';
import { DB_KINDS, startPlatform, type TestPlatform } from '../helpers/platform';

const b64 = (s: string) => Buffer.from(s).toString('base64');

// The session after login (user info, a 401 once it ends), SMS-code login and enterprise registration.
describe.each(DB_KINDS)('session on %s', (kind) => {
  let p: TestPlatform;
  beforeAll(async () => {
    p = await startPlatform(kind);
  });
  afterAll(async () => p?.close());

  const expiresAt = async (token: string) =>
    (await p.ctx.db.query<{ expires_at: Date }>('select expires_at from sessions where token_hash = $1', [hashToken(token)]))[0].expires_at.getTime();

  it('gives admin the privileged flags, its permission and the enterprise balance', async () => {
    const info = await p.call('/user/getUserInfo', {}, { token: await p.login('admin') });
    expect(info.status).toBe(200);
    expect(info.body.data).toMatchObject({
      name: '演示管理员',
      roles: ['admin'],
      permission: ['inteMtRecordListPriceShow'],
      authUser: { cus_id: 'EP0001', userName: 'admin', userType: 1, showClientStatus: 1, showContentFilterWhere: 1, moreType: 1, balance: 100000 },
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
      expect((await p.call('/dataGathering/getSmsIndexInfo', { prod_type: 0 }, { token: first })).body.data.lastLoginTime).toBeNull();
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
    expect(info.body.data.authUser).toMatchObject({ userType: 2, cus_id: 'AGT001', lastLoginTime: '2026-01-02 11:04:05' });
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
    expect(info.body.data.authUser).toMatchObject({ userType: 3, cus_id: 'SUB001', showClientStatus: 0, balance: 1234.57 });
    expect(info.body.data.permission).toEqual([]);
  });

  it('refreshes a token: same token, new datetime, expiry an hour from now', async () => {
    const token = await p.login('admin');
    await p.ctx.db.query(`update sessions set expires_at = now() + interval '5 minutes' where token_hash = $1`, [hashToken(token)]);
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
    await p.ctx.db.query(`update sessions set expires_at = now() - interval '1 second' where token_hash = $1`, [hashToken(token)]);
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

describe.each(DB_KINDS)('SMS-code login on %s', (kind) => {
  let p: TestPlatform;
  let offsetMs = 0;
  /** what the carrier was handed to deliver. */
  const handed: string[] = [];
  beforeAll(async () => {
    const config = configFromEnv({});
    const sim = createSimulator(config.simulator);
    p = await startPlatform(kind, {}, { carrier: { ...sim, report: (m: OutboundMessage) => (handed.push(m.content), sim.report(m)) } });
    p.ctx.now = () => new Date(Date.now() + offsetMs);
  });
  afterAll(async () => p?.close());

  const lastCode = async (subject: string) =>
    (await p.ctx.db.query<{ code: string }>('select code from sms_codes where subject = $1 order by id desc limit 1', [subject]))[0]?.code;

  it('sends a 6-digit code to the mobile on file and logs in with it once', async () => {
    const sent = await p.call('/user/sendLoginAuthCode', { userId: 'user', phone: '13800000003', uuid: 'u-1' }, { lang: 'en' });
    expect(sent.status).toBe(200);
    expect(sent.body).toMatchObject({ type: 0, message: 'Verification code sent', data: { resendAfterS: 60 } });
    const code = await lastCode('user');
    expect(code).toMatch(/^\d{6}$/);
    // it went out through the platform's own outbox, so it is in the account's send records, masked
    const [mt] = await p.ctx.db.query<{ sn: string; content: string }>(`select sn, content from mt_records where cus_id = 'SUB001' and mobile = '13800000003'`);
    expect(mt.content).toBe('Your login code is ******, valid for 5 min. Do not share it.');
    // whoever reads the account's records (its enterprise admin here) reads no code: not in lists, exports or the feed
    const admin = await p.login('admin');
    const seen = [
      JSON.stringify((await p.call('/mtRecord/list', { prod_type: 0, decodeMobile: '13800000003' }, { token: admin })).body),
      JSON.stringify((await p.call('/mtRecord/pull', { direction: 'backfill', limit: 1000 }, { token: admin })).body),
      await unzipSheet(
        await fetch(`${p.base}/mtRecord/download`, {
          method: 'POST',
          headers: { Authorization: `Bearer ${admin}`, 'Content-Type': 'application/json' },
          body: '{"prod_type":0}',
        }),
      ),
    ];
    // (the code alone could turn up inside a phone number or a time by chance: look for it where it would stand)
    for (const text of seen) {
      expect(text).toContain('Your login code is ******');
      expect(text).not.toContain(`code is ${code}`);
    }
    // only the carrier is handed the code, and after that the platform keeps no readable copy
    await until(() => handed.some((c) => c.includes(code)));
    expect(handed.filter((c) => c.includes(code))).toEqual([`Your login code is ${code}, valid for 5 min. Do not share it.`]);
    // the carrier was handed it inside the dispatch transaction: once that commits, the secret is gone
    const secretOf = async () => (await p.ctx.db.query<{ secret: string | null }>('select secret from mt_records where sn = $1', [mt.sn]))[0].secret;
    while ((await secretOf()) !== null) await new Promise((r) => setTimeout(r, 20));
    const [after] = await p.ctx.db.query<{ mt_status: number }>('select mt_status from mt_records where sn = $1', [mt.sn]);
    expect(after.mt_status).not.toBe(500);
    const wrong = await p.call('/user/loginBySmsCode', { username: 'user', uuid: 'u-1', code: code === '000000' ? '111111' : '000000' }, { lang: 'en' });
    expect(wrong).toMatchObject({ status: 400, body: { message: 'The SMS code is wrong or has expired' } });
    const ok = await p.call('/user/loginBySmsCode', { username: 'user', uuid: 'u-1', code });
    expect(ok.status).toBe(200);
    expect(ok.body.message).toBe('登录成功');
    expect((await p.call('/user/getUserInfo', {}, { token: ok.body.data.token })).body.data.authUser.userName).toBe('user');
    const reused = await p.call('/user/loginBySmsCode', { username: 'user', uuid: 'u-1', code });
    expect(reused).toMatchObject({ status: 400, body: { message: '短信验证码错误或已过期' } });
  });

  it('makes the user wait 60 s before another code, with the seconds left', async () => {
    offsetMs += 61_000;
    expect((await p.call('/user/sendLoginAuthCode', { userId: 'admin', phone: '13800000001', uuid: 'a-1' })).status).toBe(200);
    const again = await p.call('/user/sendLoginAuthCode', { userId: 'admin', phone: '13800000001', uuid: 'a-2' }, { lang: 'en' });
    expect(again.status).toBe(429);
    expect(again.body.message).toMatch(/^Please wait (60|59|58) s before requesting another code$/);
    offsetMs += 30_000;
    const zh = await p.call('/user/sendLoginAuthCode', { userId: 'admin', phone: '13800000001', uuid: 'a-2' });
    expect(zh.body.message).toMatch(/^请 (30|29|28) 秒后再获取验证码$/);
    offsetMs += 31_000;
    expect((await p.call('/user/sendLoginAuthCode', { userId: 'admin', phone: '13800000001', uuid: 'a-2' })).status).toBe(200);
  });

  it('refuses a phone that is not the account mobile, and an unknown account the same way', async () => {
    offsetMs += 61_000;
    const r = await p.call('/user/sendLoginAuthCode', { userId: 'agent', phone: '13900000000', uuid: 'g-1' }, { lang: 'en' });
    expect(r).toMatchObject({ status: 400, body: { message: 'The phone number does not match the account', field: 'phone' } });
    const u = await p.call('/user/sendLoginAuthCode', { userId: 'nobody', phone: '13900000000', uuid: 'g-1' });
    expect(u).toMatchObject({ status: 400, body: { message: '手机号与账号不匹配' } });
    const [n] = await p.ctx.db.query<{ n: number }>(`select count(*)::int as n from sms_codes where subject in ('agent', 'nobody')`);
    expect(n.n).toBe(0);
  });

  it('expires a code after 5 minutes and stops after 5 wrong tries', async () => {
    offsetMs += 61_000;
    await p.call('/user/sendLoginAuthCode', { userId: 'agent', phone: '13800000002', uuid: 'g-2' });
    const code = await lastCode('agent');
    offsetMs += 301_000;
    expect((await p.call('/user/loginBySmsCode', { username: 'agent', uuid: 'g-2', code })).status).toBe(400);
    await p.call('/user/sendLoginAuthCode', { userId: 'agent', phone: '13800000002', uuid: 'g-3' });
    const fresh = await lastCode('agent');
    const bad = fresh === '999999' ? '888888' : '999999';
    for (let i = 0; i < 5; i++) expect((await p.call('/user/loginBySmsCode', { username: 'agent', uuid: 'g-3', code: bad })).status).toBe(400);
    const locked = await p.call('/user/loginBySmsCode', { username: 'agent', uuid: 'g-3', code: fresh }, { lang: 'en' });
    expect(locked).toMatchObject({ status: 429, body: { message: 'Too many login attempts, please try again later' } });
    // a code is bound to the uuid it was sent for
    expect((await p.call('/user/loginBySmsCode', { username: 'agent', uuid: 'other', code: fresh })).status).toBe(400);
  });
});

describe.each(DB_KINDS)('enterprise registration on %s', (kind) => {
  let p: TestPlatform;
  beforeAll(async () => {
    p = await startPlatform(kind);
  });
  afterAll(async () => p?.close());

  const codeFor = async (epId: string) =>
    (await p.ctx.db.query<{ code: string }>(`select code from sms_codes where purpose = 'register' and subject = $1 order by id desc limit 1`, [epId]))[0]
      ?.code;
  /** Asks a registration code with a solved captcha (its answer read from the database, as only the image's viewer could). */
  const sendAuthCode = async (body: { epId: string; phone: string; uuid: string }, lang: 'zh' | 'en' = 'zh') => {
    const c = await p.call('/user/captcha');
    const [row] = await p.ctx.db.query<{ code: string }>('select code from captchas where redom_str = $1', [c.body.data.redomStr]);
    return p.call('/user/sendAuthCode', { ...body, code: row.code, redomStr: c.body.data.redomStr }, { lang });
  };

  it('registers a new enterprise that can log in with its own empty account and home product', async () => {
    const sent = await sendAuthCode({ epId: 'NEWCO01', phone: '13911112222', uuid: 'r-1' });
    expect(sent.status).toBe(200);
    const code = await codeFor('NEWCO01');
    const [mt] = await p.ctx.db.query<{ content: string }>(`select content from mt_records where cus_id = 'SYSTEM' and mobile = '13911112222'`);
    expect(mt.content).toBe(`您的注册验证码为 ******，5 分钟内有效，请勿泄露。`);
    const reg = await p.call(
      '/user/epRegist',
      { epId: 'NEWCO01', epName: '新公司', password: b64('secret99'), phone: '13911112222', code, uuid: 'r-1' },
      { lang: 'en' },
    );
    expect(reg.status).toBe(200);
    expect(reg.body).toMatchObject({ type: 0, message: 'Registration successful', data: { cus_id: 'NEWCO01' } });
    const [acct] = await p.ctx.db.query<Record<string, unknown>>(`select ep_id, balance, parent_id from accounts where cus_id = 'NEWCO01'`);
    expect(acct).toEqual({ ep_id: 'NEWCO01', balance: 0, parent_id: null });
    const prices = await p.ctx.db.query(`select prod_type, price from prices where cus_id = 'NEWCO01'`);
    expect(prices).toEqual([{ prod_type: 0, price: 0.05 }]);
    const token = await p.login('NEWCO01', 'secret99');
    const info = await p.call('/user/getUserInfo', {}, { token });
    expect(info.body.data.authUser).toMatchObject({ userType: 1, balance: 0, mobile: '13911112222', cus_id: 'NEWCO01' });
    const top = await p.call('/user/getTopMenu', {}, { token });
    expect(Object.fromEntries(top.body.data.map((t: any) => [t.permCode, t.prodAccess]))).toEqual({
      userCenter: true,
      homeSms: true,
      videoSms: false,
      internationalSms: false,
    });
    // it sees only itself, not the demo enterprise
    const list = await p.call('/user/getList', { prodType: 0 }, { token });
    expect(list.body.data).toEqual([{ label: '新公司 (NEWCO01)', value: 'NEWCO01' }]);
  });

  it('refuses an enterprise id that is taken, in zh and en, once the code is given (the code goes out either way)', async () => {
    const regist = async (epId: string, phone: string, uuid: string, lang: 'zh' | 'en') => {
      expect((await sendAuthCode({ epId, phone, uuid })).status).toBe(200);
      return p.call('/user/epRegist', { epId, epName: 'x', password: b64('abc12345'), phone, code: await codeFor(epId), uuid }, { lang });
    };
    expect(await regist('EP0001', '13911113333', 'r-2', 'zh')).toMatchObject({ status: 400, body: { message: '企业账号已存在', field: 'epId' } });
    expect((await regist('ep0001', '13911113334', 'r-2b', 'en')).body.message).toBe('That enterprise account already exists');
  });

  it('validates the id, the phone, the password and the code, creating nothing', async () => {
    const badId = await p.call('/user/sendAuthCode', { epId: 'ab', phone: '13911114444', uuid: 'r-3', code: '', redomStr: '' }, { lang: 'en' });
    expect(badId).toMatchObject({ status: 400, body: { message: 'The enterprise account must be 6-10 letters or digits', field: 'epId' } });
    const badPhone = await p.call('/user/sendAuthCode', { epId: 'GOODCO1', phone: '12345', uuid: 'r-3', code: '', redomStr: '' });
    expect(badPhone).toMatchObject({ status: 400, body: { message: '请输入 11 位手机号', field: 'phone' } });
    expect((await sendAuthCode({ epId: 'GOODCO1', phone: '13911114444', uuid: 'r-3' })).status).toBe(200);
    const code = await codeFor('GOODCO1');
    const base = { epId: 'GOODCO1', epName: '好公司', phone: '13911114444', uuid: 'r-3' };
    const weak = await p.call('/user/epRegist', { ...base, password: b64('abcdef'), code }, { lang: 'en' });
    expect(weak).toMatchObject({ status: 400, body: { field: 'password' } });
    expect(weak.body.message).toMatch(/letters and digits/);
    const short = await p.call('/user/epRegist', { ...base, password: b64('ab12'), code });
    expect(short.body.message).toBe('密码至少 6 位，且须同时包含字母和数字');
    const notB64 = await p.call('/user/epRegist', { ...base, password: 'abc12345!', code });
    expect(notB64.body.field).toBe('password');
    const wrongCode = await p.call('/user/epRegist', { ...base, password: b64('abc123'), code: code === '000000' ? '111111' : '000000' });
    expect(wrongCode).toMatchObject({ status: 400, body: { message: '短信验证码错误或已过期' } });
    const otherPhone = await p.call('/user/epRegist', { ...base, phone: '13911115555', password: b64('abc123'), code });
    expect(otherPhone.status).toBe(400);
    const [n] = await p.ctx.db.query<{ n: number }>(`select count(*)::int as n from accounts where cus_id = 'GOODCO1'`);
    expect(n.n).toBe(0);
    expect((await p.call('/user/epRegist', { ...base, password: b64('abc123'), code })).status).toBe(200);
    expect((await p.call('/user/epRegist', { ...base, password: b64('abc123'), code })).status).toBe(400);
  });
});

/** The text of a downloaded workbook's sheet. */
async function unzipSheet(res: Response): Promise<string> {
  expect(res.status).toBe(200);
  const zip = await JSZip.loadAsync(await res.arrayBuffer());
  return zip.file('xl/worksheets/sheet1.xml')!.async('string');
}

/** Waits for a condition (the test's own timeout bounds it). */
async function until(ok: () => boolean): Promise<void> {
  while (!ok()) await new Promise((r) => setTimeout(r, 20));
}
