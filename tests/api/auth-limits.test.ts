import { request } from 'node:http';
import { beforeAll, describe, expect, it } from 'vitest';
import { captchaSvg, CAPTCHA_ALPHABET } from '../../platform/auth/captcha';
import { DB_KINDS, platformFor } from '../helpers/platform';

// What a stranger can make the platform do without a login, and how fast a session can guess its user's password:
// the captcha is not machine-readable and bounded per address, registration SMS codes need a solved captcha and are
// limited per address, per mobile and in all, and the password asked again behind a session is counted like logins.

/** A POST from a loopback address of our choice (127.0.0.0/8), with a token and headers when given. */
function callFrom(
  from: string,
  url: string,
  body: unknown,
  o: { token?: string; lang?: 'zh' | 'en'; headers?: Record<string, string> } = {},
): Promise<{ status: number; body: any }> {
  const payload = JSON.stringify(body);
  const headers: Record<string, string> = {
    'Content-Type': 'application/json',
    'Accept-Language': o.lang ?? 'zh',
    'Content-Length': String(Buffer.byteLength(payload)),
    ...(o.headers ?? {}),
  };
  if (o.token) headers.Authorization = `Bearer ${o.token}`;
  return new Promise((resolve, reject) => {
    const req = request(url, { method: 'POST', localAddress: from, headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (text += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) }));
    });
    req.on('error', reject);
    req.end(payload);
  });
}

const svgOf = (image: string) => Buffer.from(image.split(',')[1], 'base64').toString();
const attributeValues = (svg: string) => [...svg.matchAll(/\s[\w:-]+="([^"]*)"/g)].map((m) => m[1]);

describe('captcha image', () => {
  it('draws no character a script can read: no text, no glyph names, the answer in no attribute', () => {
    for (let i = 0; i < 250; i++) {
      const code = Array.from(
        { length: 4 },
        (_, k) => CAPTCHA_ALPHABET[(i * 7 + k * 11) % CAPTCHA_ALPHABET.length],
      ).join('');
      const svg = captchaSvg(code);
      // the attack that read 250 of 250: one text element per character, in order
      expect([...svg.matchAll(/<text[^>]*>(.)<\/text>/g)]).toEqual([]);
      expect(svg).not.toMatch(/<text|<use|<symbol|<defs|\sid=|<title|<desc|font/i);
      expect(new Set([...svg.matchAll(/<(\w+)/g)].map((m) => m[1]))).toEqual(
        new Set(['svg', 'rect', 'path', 'circle']),
      );
      expect(svg.toUpperCase()).not.toContain(code);
      for (const v of attributeValues(svg)) expect(v.toUpperCase()).not.toContain(code);
    }
  });

  it('draws the same answer differently each time', () => {
    const paths = (svg: string) => [...svg.matchAll(/ d="([^"]*)"/g)].map((m) => m[1]);
    const [a, b] = [paths(captchaSvg('AB23')), paths(captchaSvg('AB23'))];
    expect(a.filter((d) => b.includes(d))).toEqual([]);
  });
});

describe.each(DB_KINDS)('authentication limits on %s', (kind) => {
  const p = platformFor(kind);
  let token: string;
  const realNow = () => new Date();
  let offsetMs = 0;
  beforeAll(async () => {
    token = await p.login('admin');
    p.ctx.now = () => new Date(realNow().getTime() + offsetMs);
  });

  const later = (seconds: number) => (offsetMs += seconds * 1000);

  /** Fetches a captcha and reads its answer from the database, as only the image's viewer could. */
  const captcha = async (from = '127.0.0.1') => {
    const r = await callFrom(from, `${p.base}/user/captcha`, {});
    expect(r.status).toBe(200);
    const [row] = await p.ctx.db.query<{ code: string }>('select code from captchas where redom_str = $1', [
      r.body.data.redomStr,
    ]);
    return { code: row.code, redomStr: r.body.data.redomStr as string, image: r.body.data.image as string };
  };
  const sendCode = async (from: string, epId: string, phone: string, lang: 'zh' | 'en' = 'zh') => {
    const c = await captcha();
    return callFrom(
      from,
      `${p.base}/user/sendAuthCode`,
      { epId, phone, uuid: `u-${epId}`, code: c.code, redomStr: c.redomStr },
      { lang },
    );
  };
  const smsTo = async (phone: string) =>
    (
      await p.ctx.db.query<{ n: number }>(
        `select count(*)::int as n from mt_records where cus_id = 'SYSTEM' and mobile = $1`,
        [phone],
      )
    )[0].n;

  it('serves captchas a script cannot read back', async () => {
    for (let i = 0; i < 5; i++) {
      const c = await captcha('127.0.3.1');
      const svg = svgOf(c.image);
      expect([...svg.matchAll(/<text[^>]*>(.)<\/text>/g)]).toEqual([]);
      expect(svg.toUpperCase()).not.toContain(c.code);
    }
  });

  it('holds at most 20 unanswered captchas per address, counted atomically; answered and expired ones make room', async () => {
    const burst = await Promise.all(
      Array.from({ length: 25 }, () => callFrom('127.0.3.2', `${p.base}/user/captcha`, {}, { lang: 'en' })),
    );
    expect(burst.filter((r) => r.status === 200)).toHaveLength(20);
    const refused = burst.filter((r) => r.status === 429);
    expect(refused).toHaveLength(5);
    expect(refused[0].body).toMatchObject({
      type: 429,
      message: 'Too many captchas requested, please try again later',
    });
    expect((await callFrom('127.0.3.2', `${p.base}/user/captcha`, {})).body.message).toBe(
      '图形验证码请求过于频繁，请稍后再试',
    );
    // another address is not affected
    expect((await callFrom('127.0.3.3', `${p.base}/user/captcha`, {})).status).toBe(200);
    // a request that answers one of them (here wrongly) uses it up and makes room for one more
    const held = burst.find((r) => r.status === 200)!.body.data.redomStr;
    const answered = await callFrom('127.0.3.2', `${p.base}/user/sendAuthCode`, {
      epId: 'HELDCO1',
      phone: '13955559999',
      uuid: 'u',
      code: 'ZZZZ',
      redomStr: held,
    });
    expect(answered).toMatchObject({ status: 400, body: { field: 'code' } });
    expect((await callFrom('127.0.3.2', `${p.base}/user/captcha`, {})).status).toBe(200);
    expect((await callFrom('127.0.3.2', `${p.base}/user/captcha`, {})).status).toBe(429);
    // once they expire, their rows go as new captchas are made, and the address may ask again
    later(301);
    expect((await callFrom('127.0.3.2', `${p.base}/user/captcha`, {})).status).toBe(200);
    const [rows] = await p.ctx.db.query<{ n: number }>(
      `select count(*)::int as n from captchas where client_address = '127.0.3.2'`,
    );
    expect(rows.n).toBe(1);
  });

  describe('the password asked again behind a session', () => {
    const routes: [string, (pw: string) => Record<string, string>, string][] = [
      ['/user/getAppsecret', (pw) => ({ password: pw }), 'password'],
      ['/user/resetAppsecret', (pw) => ({ password: pw }), 'password'],
      [
        '/user/modifyPassword',
        (pw) => ({ oldPassword: pw, newPassword: 'abc123', confirmPassword: 'abc123' }),
        'oldPassword',
      ],
      ['/user/modifyInterfacePassword', (pw) => ({ password: pw, interfacePassword: 'abc123' }), 'password'],
    ];
    it.each(routes.map((r, i) => [...r, `127.0.4.${i + 1}`] as const))(
      '%s answers 429 after 5 wrong passwords, even the right one',
      async (path, body, field, from) => {
        for (let i = 0; i < 5; i++) {
          const r = await callFrom(from, `${p.base}${path}`, body(`wrong${i}`), { token });
          expect(r).toMatchObject({ status: 400, body: { field } });
        }
        const sixth = await callFrom(from, `${p.base}${path}`, body('wrong5'), { token, lang: 'en' });
        expect(sixth).toMatchObject({
          status: 429,
          body: { message: 'Too many failed logins, please try again in 1 min' },
        });
        const zh = await callFrom(from, `${p.base}${path}`, body('demo1234'), { token });
        expect(zh).toMatchObject({ status: 429, body: { message: '登录失败次数过多，请 1 分钟后再试' } });
      },
    );

    it('counts a wrong password under a fresh Idempotency-Key each time too', async () => {
      const from = '127.0.4.9';
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) {
        const r = await callFrom(
          from,
          `${p.base}/user/modifyPassword`,
          { oldPassword: `bad${i}`, newPassword: 'abc123', confirmPassword: 'abc123' },
          { token, headers: { 'Idempotency-Key': `guess-${i}` } },
        );
        statuses.push(r.status);
      }
      expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
    });

    it('forgives the failures after the right password', async () => {
      const from = '127.0.4.10';
      const get = (pw: string) => callFrom(from, `${p.base}/user/getAppsecret`, { password: pw }, { token });
      for (let i = 0; i < 4; i++) expect((await get(`wrong${i}`)).status).toBe(400);
      expect((await get('demo1234')).status).toBe(200);
      for (let i = 0; i < 5; i++) expect((await get(`again${i}`)).status).toBe(400);
      expect((await get('demo1234')).status).toBe(429);
    });
  });

  describe('registration codes', () => {
    it('needs a solved captcha, and uses it up right or wrong', async () => {
      const bare = await callFrom(
        '127.0.5.1',
        `${p.base}/user/sendAuthCode`,
        { epId: 'CAPCO01', phone: '13955550001', uuid: 'u' },
        { lang: 'en' },
      );
      expect(bare.status).toBe(400);
      const c = await captcha();
      const wrong = await callFrom(
        '127.0.5.1',
        `${p.base}/user/sendAuthCode`,
        {
          epId: 'CAPCO01',
          phone: '13955550001',
          uuid: 'u',
          code: c.code === 'AAAA' ? 'BBBB' : 'AAAA',
          redomStr: c.redomStr,
        },
        { lang: 'en' },
      );
      expect(wrong).toMatchObject({
        status: 400,
        body: { field: 'code', message: 'The captcha is wrong or has expired' },
      });
      const reused = await callFrom('127.0.5.1', `${p.base}/user/sendAuthCode`, {
        epId: 'CAPCO01',
        phone: '13955550001',
        uuid: 'u',
        code: c.code,
        redomStr: c.redomStr,
      });
      expect(reused).toMatchObject({ status: 400, body: { field: 'code', message: '验证码错误或已过期' } });
      expect(await smsTo('13955550001')).toBe(0);
      expect((await sendCode('127.0.5.1', 'CAPCO01', '13955550001')).status).toBe(200);
      expect(await smsTo('13955550001')).toBe(1);
    });

    it('answers alike whether the enterprise id is taken; only the code holder hears that it is', async () => {
      const taken = await sendCode('127.0.5.2', 'EP0001', '13955550002', 'en');
      const free = await sendCode('127.0.5.3', 'FREECO1', '13955550003', 'en');
      expect(taken).toEqual(free);
      expect(taken).toMatchObject({
        status: 200,
        body: { message: 'Verification code sent', data: { resendAfterS: 60 } },
      });
      const regist = (epId: string, phone: string, code: string) =>
        p.call(
          '/user/epRegist',
          { epId, epName: 'x', password: Buffer.from('abc12345').toString('base64'), phone, code, uuid: `u-${epId}` },
          { lang: 'en' },
        );
      // without the code, a taken id and a free one are refused alike
      const guessTaken = await regist('EP0001', '13955550002', '000000');
      const guessFree = await regist('FREECO1', '13955550003', '000000');
      expect(guessTaken.status).toBe(400);
      expect(guessTaken.body).toEqual(guessFree.body);
      const codeOf = async (epId: string) =>
        (
          await p.ctx.db.query<{ code: string }>(
            `select code from sms_codes where purpose = 'register' and subject = $1 order by id desc limit 1`,
            [epId],
          )
        )[0].code;
      const known = await regist('EP0001', '13955550002', await codeOf('EP0001'));
      expect(known).toMatchObject({
        status: 400,
        body: { field: 'epId', message: 'That enterprise account already exists' },
      });
    });

    it('sends at most 5 an hour from one address, counted atomically before anything is sent', async () => {
      const phones = Array.from({ length: 8 }, (_, i) => `1396666000${i}`);
      const answers = await Promise.all(phones.map((phone, i) => sendCode('127.0.5.4', `ADDRC0${i}`, phone, 'en')));
      expect(answers.filter((r) => r.status === 200)).toHaveLength(5);
      const refused = answers.filter((r) => r.status === 429);
      expect(refused).toHaveLength(3);
      expect(refused[0].body.message).toBe('Too many codes requested, please try again in 60 min');
      let sent = 0;
      for (const phone of phones) sent += await smsTo(phone);
      expect(sent).toBe(5);
      // another address still may
      expect((await sendCode('127.0.5.5', 'ADDRC09', '13966660009')).status).toBe(200);
    });

    it('sends one a minute and 5 a day to one mobile, whatever the address', async () => {
      const phone = '13977770000';
      expect((await sendCode('127.0.6.1', 'MOBCO01', phone)).status).toBe(200);
      const soon = await sendCode('127.0.6.2', 'MOBCO02', phone, 'en');
      expect(soon.status).toBe(429);
      expect(soon.body.message).toMatch(/^Please wait \d+ s before requesting another code$/);
      for (let i = 3; i <= 5; i++) {
        later(61);
        expect((await sendCode(`127.0.6.${i}`, `MOBCO0${i}`, phone)).status).toBe(200);
      }
      later(61);
      expect((await sendCode('127.0.6.6', 'MOBCO06', phone)).status).toBe(200);
      later(61);
      const sixth = await sendCode('127.0.6.7', 'MOBCO07', phone);
      expect(sixth).toMatchObject({ status: 429 });
      expect(sixth.body.message).toMatch(/^获取验证码过于频繁，请 \d+ 分钟后再试$/);
      expect(await smsTo(phone)).toBe(5);
    });

    it('sends a login code at most 10 times a day to one phone and 20 times an hour from one address', async () => {
      later(86_400);
      const users = await p.ctx.db.query<{ username: string; mobile: string }>(
        `select username, mobile from users where username in ('admin', 'agent', 'user') and mobile <> '' order by username`,
      );
      expect(users.length).toBe(3);
      const loginCode = (from: string, u: { username: string; mobile: string }, lang: 'zh' | 'en' = 'zh') =>
        callFrom(
          from,
          `${p.base}/user/sendLoginAuthCode`,
          { userId: u.username, phone: u.mobile, uuid: `l-${u.username}` },
          { lang },
        );
      const [one] = users;
      const codesTo = async (phone: string) =>
        (await p.ctx.db.query<{ n: number }>(`select count(*)::int as n from mt_records where mobile = $1`, [phone]))[0]
          .n;
      const before = await codesTo(one.mobile);
      for (let i = 0; i < 10; i++) {
        later(61);
        expect((await loginCode(`127.0.9.${i + 1}`, one)).status).toBe(200);
      }
      later(61);
      const eleventh = await loginCode('127.0.9.20', one, 'en');
      expect(eleventh.status).toBe(429);
      expect(eleventh.body.message).toMatch(/^Too many codes requested, please try again in \d+ min$/);
      expect((await codesTo(one.mobile)) - before).toBe(10);

      // one address: 20 an hour from it, whichever account is asked for
      later(86_400);
      for (let round = 0; round < 10; round++) {
        later(61);
        for (const u of users.slice(1)) expect((await loginCode('127.0.9.99', u)).status).toBe(200);
      }
      later(61);
      expect((await loginCode('127.0.9.99', one)).status).toBe(429);
      expect((await loginCode('127.0.9.98', one)).status).toBe(200);
    });

    it('sends at most the configured number a minute across all clients', async () => {
      later(61);
      const before = p.ctx.config.registerCodesPerMinute;
      p.ctx.config.registerCodesPerMinute = 2;
      try {
        expect((await sendCode('127.0.7.1', 'ALLCO01', '13988880001')).status).toBe(200);
        expect((await sendCode('127.0.7.2', 'ALLCO02', '13988880002')).status).toBe(200);
        const third = await sendCode('127.0.7.3', 'ALLCO03', '13988880003', 'en');
        expect(third).toMatchObject({
          status: 429,
          body: { message: 'Too many codes are being sent right now, please try again in a minute' },
        });
        later(61);
        expect((await sendCode('127.0.7.3', 'ALLCO03', '13988880003')).status).toBe(200);
      } finally {
        p.ctx.config.registerCodesPerMinute = before;
      }
    });
  });
});
