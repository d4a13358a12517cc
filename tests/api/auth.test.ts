import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../platform/auth/password';
import { postFrom } from '../helpers/post-from';
import { DB_KINDS, startPlatform, type TestPlatform } from '../helpers/platform';

const b64 = (s: string) => Buffer.from(s).toString('base64');

// Password login with the captcha switched on, as a new user meets it.
describe.each(DB_KINDS)('login with captcha on %s', (kind) => {
  let p: TestPlatform;
  beforeAll(async () => {
    p = await startPlatform(kind, { captcha: true });
  });
  afterAll(async () => p?.close());

  /** Fetches a captcha and reads its answer from the database, as only the image's viewer could. */
  const captcha = async () => {
    const r = await p.call('/user/captcha');
    expect(r.status).toBe(200);
    const [row] = await p.ctx.db.query<{ code: string }>('select code from captchas where redom_str = $1', [
      r.body.data.redomStr,
    ]);
    return { ...r.body.data, code: row.code } as {
      redomStr: string;
      image: string;
      expiresInS: number;
      required: boolean;
      code: string;
    };
  };
  const login = async (
    username: string,
    password: string,
    lang: 'zh' | 'en' = 'zh',
    c?: { redomStr: string; code: string },
  ) => {
    const cc = c ?? (await captcha());
    return p.call('/user/login', { username, password: b64(password), code: cc.code, redomStr: cc.redomStr }, { lang });
  };

  it('issues a 4-character SVG captcha without look-alike characters, valid 5 minutes', async () => {
    const c = await captcha();
    expect(c.code).toMatch(/^[A-HJ-NP-Z2-9]{4}$/);
    expect(c.expiresInS).toBe(300);
    expect(c.required).toBe(true);
    expect(c.image.startsWith('data:image/svg+xml;base64,')).toBe(true);
    const svg = Buffer.from(c.image.split(',')[1], 'base64').toString();
    expect(svg).toContain('<svg');
    // the characters are drawn as paths among noise curves, never as text a script could read back
    expect(svg).toContain('<path');
    expect(svg).not.toContain('<text');
    expect(svg.toUpperCase()).not.toContain(c.code);
  });

  it.each(['admin', 'agent', 'user'])(
    'logs in %s with the right captcha and records the login time',
    async (username) => {
      const r = await login(username, 'demo1234');
      expect(r.status).toBe(200);
      expect(r.body.type).toBe(0);
      expect(r.body.message).toBe('登录成功');
      expect(typeof r.body.data.token).toBe('string');
      expect(r.body.data.expiresInS).toBe(3600);
      expect(Math.abs(r.body.data.datetime - Date.now())).toBeLessThan(60_000);
      const info = await p.call('/user/getUserInfo', {}, { token: r.body.data.token });
      expect(info.body.data.authUser.userName).toBe(username);
      // the answer carries what the console's shell opens on, as the endpoints answer it for this caller, so the shell
      // asks nothing more before its first page
      const top = await p.call('/user/getTopMenu', {}, { token: r.body.data.token });
      const menu = await p.call('/user/getMenu', { permCode: 'userCenter' }, { token: r.body.data.token });
      expect(r.body.data.session).toEqual({ userInfo: info.body.data, topMenu: top.body.data, menu: menu.body.data });
      // (the roles trim the user centre's menu: the sub-account list is for admins and agents)
      expect(JSON.stringify(menu.body.data).includes('/subAccountList')).toBe(username !== 'user');
      const [u] = await p.ctx.db.query<{ last_login_at: Date | null }>(
        'select last_login_at from users where username = $1',
        [username],
      );
      expect(u.last_login_at).not.toBeNull();
    },
  );

  it('accepts the captcha in lower case', async () => {
    const c = await captcha();
    const r = await login('admin', 'demo1234', 'en', { redomStr: c.redomStr, code: c.code.toLowerCase() });
    expect(r.status).toBe(200);
    expect(r.body.message).toBe('Login successful');
  });

  it('refuses a wrong captcha in both languages, and burns the captcha', async () => {
    const c = await captcha();
    const zh = await login('admin', 'demo1234', 'zh', {
      redomStr: c.redomStr,
      code: 'ZZZZ' === c.code ? 'YYYY' : 'ZZZZ',
    });
    expect(zh.status).toBe(400);
    expect(zh.body).toMatchObject({ type: 400, message: '验证码错误或已过期', field: 'code' });
    // single use: the right answer no longer works after a wrong one
    const again = await login('admin', 'demo1234', 'en', c);
    expect(again.status).toBe(400);
    expect(again.body.message).toBe('The captcha is wrong or has expired');
    const missing = await login('admin', 'demo1234', 'en', { redomStr: '', code: '' });
    expect(missing.status).toBe(400);
  });

  it('refuses an expired captcha and a reused one', async () => {
    const c = await captcha();
    await p.ctx.db.query(`update captchas set expires_at = now() - interval '1 second' where redom_str = $1`, [
      c.redomStr,
    ]);
    expect((await login('admin', 'demo1234', 'zh', c)).status).toBe(400);
    const d = await captcha();
    expect((await login('admin', 'demo1234', 'zh', d)).status).toBe(200);
    expect((await login('admin', 'demo1234', 'zh', d)).status).toBe(400);
  });

  it('answers a wrong password and an unknown account alike, in zh and en', async () => {
    const wrong = await login('admin', 'nope12345');
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({ type: 400, message: '账号或密码错误' });
    const unknown = await login('nobody', 'demo1234', 'en');
    expect(unknown.status).toBe(400);
    expect(unknown.body).toEqual({ type: 400, message: 'Wrong account or password' });
  });

  it('refuses a password that is not Base64', async () => {
    const c = await captcha();
    const r = await p.call(
      '/user/login',
      { username: 'admin', password: 'demo1234!', code: c.code, redomStr: c.redomStr },
      { lang: 'en' },
    );
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ message: 'The password must be Base64-encoded', field: 'password' });
    const zh = await p.call('/user/login', { username: 'admin', password: '%%%%', code: c.code, redomStr: c.redomStr });
    expect(zh.body.message).toBe('密码须为 Base64 编码');
  });

  it('refuses a login on a closed account with 403, only after the right password', async () => {
    await p.ctx.db.query(
      `insert into users(username, password_hash, cus_id, name, mobile, user_type) values ('closed1', $1, 'SUB004', 'closed', '13800000009', 3)`,
      [await hashPassword('demo1234')],
    );
    const r = await login('closed1', 'demo1234', 'en');
    expect(r.status).toBe(403);
    expect(r.body.message).toBe('This account is closed');
    expect((await login('closed1', 'demo1234', 'zh')).body.message).toBe('账号已关闭');
    expect((await login('closed1', 'wrong999')).status).toBe(400);
  });
});

// Login guessing is contained per account and address, per address, and per account (platform/auth/login-throttle.ts).
describe.each(DB_KINDS)('login protection on %s', (kind) => {
  let p: TestPlatform;
  const realNow = () => new Date();
  let offsetMs = 0;
  beforeAll(async () => {
    p = await startPlatform(kind);
    p.ctx.now = () => new Date(realNow().getTime() + offsetMs);
  });
  afterAll(async () => p?.close());
  /** A login from a loopback address of our choice (127.0.0.1 unless said), as a different client would send it. */
  const login = (
    username: string,
    password: string,
    o: { lang?: 'zh' | 'en'; from?: string; captcha?: { code: string; redomStr: string } } = {},
  ) =>
    postFrom(
      o.from ?? '127.0.0.1',
      `${p.base}/user/login`,
      { username, password: b64(password), code: o.captcha?.code ?? '', redomStr: o.captcha?.redomStr ?? '' },
      o.lang,
    );
  const captchaFor = async () => {
    const c = await p.call('/user/captcha', {});
    const [row] = await p.ctx.db.query<{ code: string }>('select code from captchas where redom_str = $1', [
      c.body.data.redomStr,
    ]);
    return { code: row.code, redomStr: c.body.data.redomStr as string };
  };
  const later = (minutes: number) => (offsetMs += minutes * 60_000);

  it('with the captcha off, says a login needs none and lets one in without it', async () => {
    const c = await p.call('/user/captcha', {});
    expect(c.body.data.required).toBe(false);
    const r = await login('admin', 'demo1234', { from: '127.0.0.12' });
    expect(r.status).toBe(200);
    expect(r.body.data.token).toEqual(expect.any(String));
  });

  it('checks at most 5 of 30 parallel wrong passwords for one account and address', async () => {
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => login('agent', `wrong${i}`)));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 400)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(25);
    expect((await login('agent', 'demo1234', { lang: 'en' })).body.message).toMatch(
      /^Too many failed logins, please try again in \d+ min$/,
    );
    later(16);
  });

  it('a guesser at one address does not lock the real user out at another', async () => {
    for (let i = 0; i < 5; i++) expect((await login('user', `wrong${i}`, { from: '127.0.0.2' })).status).toBe(400);
    const guesser = await login('user', 'demo1234', { from: '127.0.0.2', lang: 'zh' });
    expect(guesser.status).toBe(429);
    expect(guesser.body.message).toMatch(/^登录失败次数过多，请 \d+ 分钟后再试$/);
    // the real user, elsewhere, still gets in (with a captcha: the account has failed lately)
    expect((await login('user', 'demo1234', { from: '127.0.0.3' })).body.field).toBe('code');
    expect((await login('user', 'demo1234', { from: '127.0.0.3', captcha: await captchaFor() })).status).toBe(200);
    later(16);
  });

  it('locks a pair for longer each time: 1 minute, then 2', async () => {
    for (let i = 0; i < 5; i++) await login('admin', `wrong${i}`, { from: '127.0.0.4', captcha: await captchaFor() });
    const first = await login('admin', 'demo1234', { from: '127.0.0.4', lang: 'en' });
    expect(first.body.message).toBe('Too many failed logins, please try again in 1 min');
    later(1.1);
    for (let i = 0; i < 5; i++)
      expect((await login('admin', `again${i}`, { from: '127.0.0.4', captcha: await captchaFor() })).status).toBe(400);
    const second = await login('admin', 'demo1234', { from: '127.0.0.4', lang: 'en', captcha: await captchaFor() });
    expect(second.body.message).toBe('Too many failed logins, please try again in 2 min');
    later(2.1);
    expect((await login('admin', 'demo1234', { from: '127.0.0.4', captcha: await captchaFor() })).status).toBe(200);
    later(16);
  });

  it('requires the captcha after 3 failures of an account, even with the captcha switched off', async () => {
    for (const from of ['127.0.0.5', '127.0.0.6', '127.0.0.7'])
      expect((await login('agent', 'nope12', { from })).status).toBe(400);
    const bare = await login('agent', 'demo1234', { from: '127.0.0.8', lang: 'en' });
    expect(bare.status).toBe(400);
    expect(bare.body).toMatchObject({ field: 'code', message: 'Please enter the captcha' });
    expect((await login('agent', 'demo1234', { from: '127.0.0.8', captcha: await captchaFor() })).status).toBe(200);
    // forgiven: the next login needs no captcha again
    expect((await login('agent', 'demo1234', { from: '127.0.0.8' })).status).toBe(200);
    later(16);
  });

  it('never counts successful logins against an address', async () => {
    for (let i = 0; i < 25; i++)
      expect((await login(i % 2 ? 'admin' : 'user', 'demo1234', { from: '127.0.0.11' })).status, `login ${i}`).toBe(
        200,
      );
  });

  it('blocks a client address after 20 failures across accounts', async () => {
    for (let i = 0; i < 20; i++) expect((await login(`ghost${i}`, 'wrong1', { from: '127.0.0.9' })).status).toBe(400);
    const r = await login('user', 'demo1234', { from: '127.0.0.9', lang: 'en' });
    expect(r.status).toBe(429);
    expect((await login('user', 'demo1234', { from: '127.0.0.10' })).status).toBe(200);
    later(16);
    expect((await login('user', 'demo1234', { from: '127.0.0.9' })).status).toBe(200);
  });
});
