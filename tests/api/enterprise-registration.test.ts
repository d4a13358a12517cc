import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, startPlatform, type TestPlatform } from '../helpers/platform';

const b64 = (s: string) => Buffer.from(s).toString('base64');

// Enterprise self-registration: a code to the phone, then a new enterprise with its own empty account.
describe.each(DB_KINDS)('enterprise registration on %s', (kind) => {
  let p: TestPlatform;
  beforeAll(async () => {
    p = await startPlatform(kind);
  });
  afterAll(async () => p?.close());

  const codeFor = async (epId: string) =>
    (
      await p.ctx.db.query<{ code: string }>(
        `select code from sms_codes where purpose = 'register' and subject = $1 order by id desc limit 1`,
        [epId],
      )
    )[0]?.code;
  /** Asks a registration code with a solved captcha (its answer read from the database, as only the image's viewer could). */
  const sendAuthCode = async (body: { epId: string; phone: string; uuid: string }, lang: 'zh' | 'en' = 'zh') => {
    const c = await p.call('/user/captcha');
    const [row] = await p.ctx.db.query<{ code: string }>('select code from captchas where redom_str = $1', [
      c.body.data.redomStr,
    ]);
    return p.call('/user/sendAuthCode', { ...body, code: row.code, redomStr: c.body.data.redomStr }, { lang });
  };

  it('registers a new enterprise that can log in with its own empty account and home product', async () => {
    const sent = await sendAuthCode({ epId: 'NEWCO01', phone: '13911112222', uuid: 'r-1' });
    expect(sent.status).toBe(200);
    const code = await codeFor('NEWCO01');
    const [mt] = await p.ctx.db.query<{ content: string }>(
      `select content from mt_records where cus_id = 'SYSTEM' and mobile = '13911112222'`,
    );
    expect(mt.content).toBe(`您的注册验证码为 ******，5 分钟内有效，请勿泄露。`);
    const reg = await p.call(
      '/user/epRegist',
      { epId: 'NEWCO01', epName: '新公司', password: b64('secret99'), phone: '13911112222', code, uuid: 'r-1' },
      { lang: 'en' },
    );
    expect(reg.status).toBe(200);
    expect(reg.body).toMatchObject({ type: 0, message: 'Registration successful', data: { cus_id: 'NEWCO01' } });
    const [acct] = await p.ctx.db.query<Record<string, unknown>>(
      `select ep_id, balance, parent_id from accounts where cus_id = 'NEWCO01'`,
    );
    expect(acct).toEqual({ ep_id: 'NEWCO01', balance: 0, parent_id: null });
    const prices = await p.ctx.db.query(`select prod_type, price from prices where cus_id = 'NEWCO01'`);
    expect(prices).toEqual([{ prod_type: 0, price: 0.05 }]);
    const token = await p.login('NEWCO01', 'secret99');
    const info = await p.call('/user/getUserInfo', {}, { token });
    expect(info.body.data.authUser).toMatchObject({
      userType: 1,
      balance: 0,
      mobile: '13911112222',
      cus_id: 'NEWCO01',
    });
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
      return p.call(
        '/user/epRegist',
        { epId, epName: 'x', password: b64('abc12345'), phone, code: await codeFor(epId), uuid },
        { lang },
      );
    };
    expect(await regist('EP0001', '13911113333', 'r-2', 'zh')).toMatchObject({
      status: 400,
      body: { message: '企业账号已存在', field: 'epId' },
    });
    expect((await regist('ep0001', '13911113334', 'r-2b', 'en')).body.message).toBe(
      'That enterprise account already exists',
    );
  });

  it('validates the id, the phone, the password and the code, creating nothing', async () => {
    const badId = await p.call(
      '/user/sendAuthCode',
      { epId: 'ab', phone: '13911114444', uuid: 'r-3', code: '', redomStr: '' },
      { lang: 'en' },
    );
    expect(badId).toMatchObject({
      status: 400,
      body: { message: 'The enterprise account must be 6-10 letters or digits', field: 'epId' },
    });
    const badPhone = await p.call('/user/sendAuthCode', {
      epId: 'GOODCO1',
      phone: '12345',
      uuid: 'r-3',
      code: '',
      redomStr: '',
    });
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
    const wrongCode = await p.call('/user/epRegist', {
      ...base,
      password: b64('abc123'),
      code: code === '000000' ? '111111' : '000000',
    });
    expect(wrongCode).toMatchObject({ status: 400, body: { message: '短信验证码错误或已过期' } });
    const otherPhone = await p.call('/user/epRegist', { ...base, phone: '13911115555', password: b64('abc123'), code });
    expect(otherPhone.status).toBe(400);
    const [n] = await p.ctx.db.query<{ n: number }>(`select count(*)::int as n from accounts where cus_id = 'GOODCO1'`);
    expect(n.n).toBe(0);
    expect((await p.call('/user/epRegist', { ...base, password: b64('abc123'), code })).status).toBe(200);
    expect((await p.call('/user/epRegist', { ...base, password: b64('abc123'), code })).status).toBe(400);
  });
});
