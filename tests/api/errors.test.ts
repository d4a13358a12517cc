import { beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, platformFor } from '../helpers/platform';

// The auth routes' failures: every one is a non-200 envelope with a message in the caller's language, never a 5xx.
const AUTH_PATHS = [
  '/user/captcha',
  '/user/login',
  '/user/loginBySmsCode',
  '/user/sendLoginAuthCode',
  '/user/sendAuthCode',
  '/user/epRegist',
  '/user/getUserInfo',
  '/user/refesh',
  '/user/logout',
  '/user/getTopMenu',
  '/user/getMenu',
  '/user/getList',
  '/user/getChatbotList',
  '/setting/getClientWebSiteBeian',
  '/setting/getSiteLogo',
  '/log/upload',
];

describe.each(DB_KINDS)('auth error answers on %s', (kind) => {
  const p = platformFor(kind);
  let token: string;
  beforeAll(async () => {
    token = await p.login('admin');
  });

  it('answers malformed JSON with a localized 400', async () => {
    const zh = await p.call('/user/login', '{"username": "admin",', {});
    expect(zh).toMatchObject({ status: 400, body: { type: 400, message: '请求体不是合法的 JSON' } });
    const en = await p.call('/user/getMenu', '{nope', { token, lang: 'en' });
    expect(en).toMatchObject({ status: 400, body: { message: 'The request body is not valid JSON' } });
  });

  it('answers a body over the limit with a localized 413 naming it: 8 MB, and 64 KB for console logs', async () => {
    const big = JSON.stringify({ username: 'admin', password: 'x'.repeat(9 * 1024 * 1024), code: '', redomStr: '' });
    const zh = await p.call('/user/login', big);
    expect(zh).toMatchObject({ status: 413, body: { type: 413, message: '请求体过大（上限 8 MB）' } });
    const en = await p.call('/log/upload', big, { token, lang: 'en' });
    expect(en).toMatchObject({ status: 413, body: { message: 'The request body is too large (limit 64 KB)' } });
  });

  it('names the missing or malformed field in zh and en', async () => {
    const zh = await p.call('/user/login', { password: 'ZGVtbzEyMzQ=', code: '', redomStr: '' });
    expect(zh).toMatchObject({ status: 400, body: { field: 'username', message: '参数 username 不能为空' } });
    const en = await p.call('/user/getList', { prodType: 'abc' }, { token, lang: 'en' });
    expect(en.status).toBe(400);
    expect(en.body.field).toBe('prodType');
    expect(en.body.message).toContain('prodType');
  });

  it('never answers a 5xx to empty, wrong-typed or hostile bodies, with or without a token', async () => {
    const bodies: unknown[] = [
      {},
      [],
      'null',
      '"text"',
      {
        username: 1,
        password: {},
        code: [],
        redomStr: null,
        userId: 7,
        phone: 1,
        uuid: {},
        epId: ['x'],
        permCode: 1,
        prodType: {},
        cus_id: 3,
      },
      {
        username: "admin' or 1=1 --",
        password: 'ZGVtbzEyMzQ=',
        code: '',
        redomStr: "'; drop table users; --",
        uuid: 'x',
        phone: '1'.repeat(11),
        userId: 'admin',
      },
      {
        username: 'a'.repeat(100_000),
        password: '='.repeat(4),
        code: 'x',
        redomStr: 'y',
        epId: 'abcdef',
        epName: 'n',
        phone: '13900000000',
        uuid: 'u',
      },
    ];
    const seen = new Set<number>();
    for (const path of AUTH_PATHS) {
      for (const body of bodies) {
        for (const t of [undefined, token]) {
          const r = await p.call(path, typeof body === 'string' ? body : JSON.stringify(body), {
            token: t,
            lang: 'en',
          });
          seen.add(r.status);
          expect(r.status, `${path} ${JSON.stringify(body).slice(0, 80)}`).toBeLessThan(500);
          if (r.status !== 200) {
            expect(r.body.type).toBe(r.status);
            // a sentence in English, not a catalogue key
            expect(r.body.message).toMatch(/ /);
            expect(r.body.message).not.toMatch(/[\u4e00-\u9fff]/);
          }
        }
      }
    }
    // 413: a 100,000-character field is over the console-log upload's 64 KB
    expect([...seen].every((s) => [200, 400, 401, 403, 413, 429].includes(s))).toBe(true);
    // the demo's four logins (admin, agent, user and the platform operator), and no other
    const [users] = await p.ctx.db.query<{ n: number }>('select count(*)::int as n from users');
    expect(users.n).toBe(4);
  });
});
