import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../platform/auth/password';
import { seedDemoTenant } from '../../platform/seed/demo-tenant';
import { buildPlatform, type Platform } from '../../platform/server';
import { DB_KINDS, startPlatform, type TestPlatform } from '../helpers/platform';

const b64 = (s: string) => Buffer.from(s).toString('base64');

// Password login with the captcha switched on, as a new user meets it (spec §5, §7 "User", issue 2 item 4).
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
    const [row] = await p.ctx.db.query<{ code: string }>('select code from captchas where redom_str = $1', [r.body.data.redomStr]);
    return { ...r.body.data, code: row.code } as { redomStr: string; image: string; expiresInS: number; code: string };
  };
  const login = async (username: string, password: string, lang: 'zh' | 'en' = 'zh', c?: { redomStr: string; code: string }) => {
    const cc = c ?? (await captcha());
    return p.call('/user/login', { username, password: b64(password), code: cc.code, redomStr: cc.redomStr }, { lang });
  };

  it('issues a 4-character SVG captcha without look-alike characters, valid 5 minutes', async () => {
    const c = await captcha();
    expect(c.code).toMatch(/^[A-HJ-NP-Z2-9]{4}$/);
    expect(c.expiresInS).toBe(300);
    expect(c.image.startsWith('data:image/svg+xml;base64,')).toBe(true);
    const svg = Buffer.from(c.image.split(',')[1], 'base64').toString();
    expect(svg).toContain('<svg');
    expect(svg).toContain('<line');
    // the characters are in the image, one text element each
    expect([...svg.matchAll(/<text[^>]*>(.)<\/text>/g)].map((m) => m[1]).join('')).toBe(c.code);
  });

  it.each(['admin', 'agent', 'user'])('logs in %s with the right captcha and records the login time', async (username) => {
    const r = await login(username, 'demo1234');
    expect(r.status).toBe(200);
    expect(r.body.type).toBe(0);
    expect(r.body.message).toBe('登录成功');
    expect(typeof r.body.data.token).toBe('string');
    expect(r.body.data.expiresInS).toBe(3600);
    expect(Math.abs(r.body.data.datetime - Date.now())).toBeLessThan(60_000);
    const info = await p.call('/user/getUserInfo', {}, { token: r.body.data.token });
    expect(info.body.data.authUser.userName).toBe(username);
    const [u] = await p.ctx.db.query<{ last_login_at: Date | null }>('select last_login_at from users where username = $1', [username]);
    expect(u.last_login_at).not.toBeNull();
  });

  it('accepts the captcha in lower case', async () => {
    const c = await captcha();
    const r = await login('admin', 'demo1234', 'en', { redomStr: c.redomStr, code: c.code.toLowerCase() });
    expect(r.status).toBe(200);
    expect(r.body.message).toBe('Login successful');
  });

  it('refuses a wrong captcha in both languages, and burns the captcha', async () => {
    const c = await captcha();
    const zh = await login('admin', 'demo1234', 'zh', { redomStr: c.redomStr, code: 'ZZZZ' === c.code ? 'YYYY' : 'ZZZZ' });
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
    await p.ctx.db.query(`update captchas set expires_at = now() - interval '1 second' where redom_str = $1`, [c.redomStr]);
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
    const r = await p.call('/user/login', { username: 'admin', password: 'demo1234!', code: c.code, redomStr: c.redomStr }, { lang: 'en' });
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

// Failed logins are counted in the database per account and per client address (issue 2 item 4).
describe.each(DB_KINDS)('login throttling on %s', (kind) => {
  let p: TestPlatform;
  const realNow = () => new Date();
  let offsetMs = 0;
  beforeAll(async () => {
    p = await startPlatform(kind);
    p.ctx.now = () => new Date(realNow().getTime() + offsetMs);
  });
  afterAll(async () => p?.close());
  const login = (username: string, password: string, lang: 'zh' | 'en' = 'zh') =>
    p.call('/user/login', { username, password: b64(password), code: '', redomStr: '' }, { lang });

  it('locks an account after 5 failures for 15 minutes, even for the right password', async () => {
    for (let i = 0; i < 5; i++) expect((await login('agent', 'wrong' + i)).status).toBe(400);
    const locked = await login('agent', 'demo1234', 'en');
    expect(locked.status).toBe(429);
    expect(locked.body.message).toMatch(/^Too many failed logins, please try again in \d+ min$/);
    expect((await login('agent', 'demo1234', 'zh')).body.message).toMatch(/^登录失败次数过多，请 \d+ 分钟后再试$/);
    // other accounts are not affected
    expect((await login('admin', 'demo1234')).status).toBe(200);
    const [n] = await p.ctx.db.query<{ n: number }>(`select count(*)::int as n from login_failures where username = 'agent'`);
    expect(n.n).toBe(5);
    offsetMs += 16 * 60_000;
    expect((await login('agent', 'demo1234')).status).toBe(200);
  });

  it('forgives an account its failures after a successful login', async () => {
    offsetMs += 16 * 60_000;
    for (let i = 0; i < 4; i++) await login('user', 'wrong' + i);
    expect((await login('user', 'demo1234')).status).toBe(200);
    for (let i = 0; i < 4; i++) expect((await login('user', 'wrong' + i)).status).toBe(400);
    expect((await login('user', 'demo1234')).status).toBe(200);
  });

  it('blocks a client address after 20 failures across accounts', async () => {
    offsetMs += 31 * 60_000;
    for (let i = 0; i < 20; i++) expect((await login(`ghost${i}`, 'wrong')).status).toBe(400);
    const r = await login('admin', 'demo1234', 'en');
    expect(r.status).toBe(429);
    expect(r.body.type).toBe(429);
    offsetMs += 16 * 60_000;
    expect((await login('admin', 'demo1234')).status).toBe(200);
  });
});

// Several platform instances on one PostgreSQL share sessions, captchas and failure counts (DESIGN.md §3).
describe('two instances on one PostgreSQL', () => {
  let a: TestPlatform;
  let b: Platform;
  let bBase: string;
  beforeAll(async () => {
    a = await startPlatform('postgres', { captcha: true });
    b = await buildPlatform(a.ctx.config);
    // both seed at start, at the same moment
    await Promise.all([seedDemoTenant(a.ctx), seedDemoTenant(b.ctx)]);
    await b.app.listen({ port: 0, host: '127.0.0.1' });
    const addr = b.app.server.address();
    bBase = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}/sms-service-api`;
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  const onB = async (path: string, body: unknown, token?: string) => {
    const res = await fetch(bBase + path, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Accept-Language': 'en', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as any };
  };
  const captchaOnA = async () => {
    const r = await a.call('/user/captcha');
    const [row] = await a.ctx.db.query<{ code: string }>('select code from captchas where redom_str = $1', [r.body.data.redomStr]);
    return { redomStr: r.body.data.redomStr as string, code: row.code };
  };

  it('accepts on one instance a captcha issued by the other, once', async () => {
    const c = await captchaOnA();
    const body = { username: 'admin', password: b64('demo1234'), ...c };
    const r = await onB('/user/login', body);
    expect(r.status).toBe(200);
    // the session is valid on both, and a logout on one ends it on the other
    const token = r.body.data.token;
    expect((await a.call('/user/getUserInfo', {}, { token })).status).toBe(200);
    expect((await onB('/user/login', body)).status).toBe(400);
    expect((await a.call('/user/logout', {}, { token })).status).toBe(200);
    expect((await onB('/user/getUserInfo', {}, token)).status).toBe(401);
  });

  it('counts failures from both instances against one account', async () => {
    for (let i = 0; i < 5; i++) {
      const c = await captchaOnA();
      const r = i % 2 ? await a.call('/user/login', { username: 'user', password: b64('bad' + i), ...c }) : await onB('/user/login', { username: 'user', password: b64('bad' + i), ...c });
      expect(r.status).toBe(400);
    }
    const c = await captchaOnA();
    const locked = await onB('/user/login', { username: 'user', password: b64('demo1234'), ...c });
    expect(locked.status).toBe(429);
    expect(locked.body.message).toMatch(/^Too many failed logins/);
  });

  it('seeded the demo tenant once', async () => {
    const [n] = await a.ctx.db.query<{ users: number; bots: number }>(
      `select (select count(*)::int from users) as users, (select count(*)::int from chatbots) as bots`,
    );
    expect(n).toEqual({ users: 3, bots: 4 });
  });
});
