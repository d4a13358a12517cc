import { beforeAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '../../platform/auth/password';
import { DB_KINDS, platformFor } from '../helpers/platform';
import { countRows, tokenFor } from './send.fixtures';

// Personal info and settings, API access and the API document on both storages: the field rules, who may change what.
describe.each(DB_KINDS)('personal settings on %s', (kind) => {
  const p = platformFor(kind);
  let user: string;
  beforeAll(async () => {
    user = await tokenFor(p, 'user');
  });

  const call = (path: string, body: unknown, token = user, lang: 'zh' | 'en' = 'en') =>
    p.call(path, body, { token, lang });

  it('changes the password after checking the old one, ending every other session', async () => {
    const other = await tokenFor(p, 'user');
    const current = await tokenFor(p, 'user');
    const cases: Array<[Record<string, string>, string, string]> = [
      [
        { oldPassword: '', newPassword: 'abc123', confirmPassword: 'abc123' },
        'oldPassword',
        'Please enter the old password',
      ],
      [{ oldPassword: 'demo1234', newPassword: 'abcde', confirmPassword: 'abcde' }, 'newPassword', ''],
      [{ oldPassword: 'demo1234', newPassword: 'abcdef', confirmPassword: 'abcdef' }, 'newPassword', ''],
      [
        { oldPassword: 'demo1234', newPassword: 'demo1234', confirmPassword: 'demo1234' },
        'newPassword',
        'The new password must differ from the old one',
      ],
      [
        { oldPassword: 'demo1234', newPassword: 'abc123', confirmPassword: 'abc124' },
        'confirmPassword',
        'The two passwords do not match',
      ],
      [
        { oldPassword: 'wrong999', newPassword: 'abc123', confirmPassword: 'abc123' },
        'oldPassword',
        'The old password is wrong',
      ],
    ];
    for (const [body, field, message] of cases) {
      const r = await call('/user/modifyPassword', body, current);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.field).toBe(field);
      if (message) expect(r.body.message).toBe(message);
    }
    expect((await call('/user/getUserInfo', {}, other)).status).toBe(200);
    const ok = await call(
      '/user/modifyPassword',
      { oldPassword: 'demo1234', newPassword: 'abc123', confirmPassword: 'abc123' },
      current,
    );
    expect(ok.status).toBe(200);
    expect((await call('/user/getUserInfo', {}, other)).status).toBe(401);
    expect((await call('/user/getUserInfo', {}, user)).status).toBe(401);
    expect((await call('/user/getUserInfo', {}, current)).status).toBe(200);
    const [{ password_hash }] = await p.ctx.db.query<{ password_hash: string }>(
      "select password_hash from users where username = 'user'",
    );
    expect(await verifyPassword('abc123', password_hash)).toBe(true);
    expect(await verifyPassword('demo1234', password_hash)).toBe(false);
    // put it back for the other tests
    await call(
      '/user/modifyPassword',
      { oldPassword: 'abc123', newPassword: 'demo1234', confirmPassword: 'demo1234' },
      current,
    );
    user = current;
  });

  it('records a format-checked certification and shows it masked in the personal info', async () => {
    const bad: Array<[Record<string, string>, string]> = [
      [{ cardName: '', cardNumber: '11010519491231002X', phone: '13800000003' }, 'cardName'],
      [{ cardName: '张3', cardNumber: '11010519491231002X', phone: '13800000003' }, 'cardName'],
      [{ cardName: '张三', cardNumber: '110105194912310021', phone: '13800000003' }, 'cardNumber'],
      [{ cardName: '张三', cardNumber: '11010519491231002X', phone: '1380000000' }, 'phone'],
    ];
    for (const [body, field] of bad) {
      const r = await call('/user/certification', body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.field).toBe(field);
    }
    const ok = await call('/user/certification', {
      cardName: '张三',
      cardNumber: '11010519491231002x',
      phone: '13800000003',
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.data.certified).toBe(true);
    const info = await call('/user/getPersonalInfo', {});
    expect(info.body.data).toMatchObject({
      userName: 'user',
      cus_id: 'SUB001',
      certified: true,
      cardName: '张三',
      cardNumberMasked: '110***********002X',
    });
    expect(
      await countRows(
        p,
        "select 1 from user_certifications where card_number_masked like '%1949%' or card_number_hash like '%1949%'",
      ),
    ).toBe(0);
  });

  it('changes the mobile only with the code sent to the new number, and the record does not show the code', async () => {
    const noCode = await call('/user/modifyMobile', { mobile: '13911112222', code: '' });
    expect(noCode.status).toBe(400);
    expect(noCode.body.field).toBe('code');
    const sent = await call('/user/sendMobileCode', { mobile: '13911112222', uuid: 'm1' });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body.data.resendAfterS).toBe(60);
    const again = await call('/user/sendMobileCode', { mobile: '13911112222', uuid: 'm1' });
    expect(again.status).toBe(429);
    const [{ code }] = await p.ctx.db.query<{ code: string }>(
      "select code from sms_codes where purpose = 'mobile' and phone = '13911112222'",
    );
    const records = await p.ctx.db.query<{ content: string }>(
      "select content from mt_records where mobile = '13911112222'",
    );
    expect(records).toHaveLength(1);
    expect(records[0].content).toContain('******');
    expect(records[0].content).not.toContain(code);
    const wrongNumber = await call('/user/modifyMobile', { mobile: '13911113333', uuid: 'm1', code });
    expect(wrongNumber.status).toBe(400);
    const wrong = await call('/user/modifyMobile', {
      mobile: '13911112222',
      uuid: 'm1',
      code: code === '000000' ? '111111' : '000000',
    });
    expect(wrong.body.message).toBe('The code is wrong or has expired');
    const ok = await call('/user/modifyMobile', { mobile: '13911112222', uuid: 'm1', code });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect((await call('/user/getUserInfo', {})).body.data.authUser.mobile).toBe('13911112222');
    const reuse = await call('/user/modifyMobile', { mobile: '13911112222', uuid: 'm1', code });
    expect(reuse.status).toBe(400);
  });

  it('renames the customer, and saves push addresses', async () => {
    expect((await call('/user/modifyCusName', { cus_name: '  ' })).status).toBe(400);
    expect((await call('/user/modifyCusName', { cus_name: 'x'.repeat(51) })).body.message).toBe(
      'The name may have at most 50 characters',
    );
    expect((await call('/user/modifyCusName', { cus_name: '改名后的子账号' })).status).toBe(200);
    expect((await call('/user/getPersonalInfo', {})).body.data.cus_name).toBe('改名后的子账号');
    const bad = await call('/user/pushUrlModify', { reportUrl: 'ftp://x', moUrl: 'http://127.0.0.1/mo' });
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe('reportUrl');
    expect((await call('/user/pushUrlModify', { reportUrl: '', moUrl: 'http://127.0.0.1/mo' })).body.message).toBe(
      'Please enter the report push address',
    );
    expect(
      (await call('/user/pushUrlModify', { reportUrl: 'https://example.com/r', moUrl: 'https://example.com/m' }))
        .status,
    ).toBe(200);
    const api = await call('/user/getApiInfo', {});
    expect(api.body.data).toMatchObject({
      appId: 'SUB001',
      pushMode: 1,
      reportUrl: 'https://example.com/r',
      moUrl: 'https://example.com/m',
    });
  });

  it('shows the app secret only with the password again, rotates it, and manages the API settings', async () => {
    const none = await call('/user/getAppsecret', {});
    expect(none.status).toBe(400);
    const wrong = await call('/user/getAppsecret', { password: 'nope12' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe('The password is wrong');
    const first = await call('/user/getAppsecret', { password: 'demo1234' });
    expect(first.status).toBe(200);
    expect(first.body.data.appId).toBe('SUB001');
    expect(first.body.data.appSecret.length).toBeGreaterThanOrEqual(32);
    expect((await call('/user/getAppsecret', { password: 'demo1234' })).body.data.appSecret).toBe(
      first.body.data.appSecret,
    );
    const rotated = await call('/user/resetAppsecret', { password: 'demo1234' });
    expect(rotated.body.data.appSecret).not.toBe(first.body.data.appSecret);
    expect((await call('/user/getAppsecret', { password: 'demo1234' })).body.data.appSecret).toBe(
      rotated.body.data.appSecret,
    );
    // never stored in clear text
    expect(
      await countRows(p, 'select 1 from account_credentials where app_secret_enc like $1', [
        `%${rotated.body.data.appSecret}%`,
      ]),
    ).toBe(0);

    const ips = await call('/user/modifyApiInfo', { userIps: '1.2.3.4,5.6.7.8', pushMode: 0 });
    expect(ips.body.data).toMatchObject({ userIps: '1.2.3.4,5.6.7.8', pushMode: 0 });
    expect((await call('/user/modifyApiInfo', { userIps: '1.2.3', pushMode: 0 })).body.field).toBe('userIps');
    expect(
      (await call('/user/modifyInterfacePassword', { password: 'demo1234', interfacePassword: '12345' })).body.field,
    ).toBe('interfacePassword');
    expect(
      (await call('/user/modifyInterfacePassword', { password: 'demo1234', interfacePassword: 'api12345' })).status,
    ).toBe(200);
    const info = await call('/user/getApiInfo', {});
    expect(info.body.data.hasInterfacePassword).toBe(true);
    expect(JSON.stringify(info.body.data)).not.toContain('api12345');
    const patterns = await call('/user/getOperatorPatterns', {});
    expect(patterns.body.data.map((o: any) => o.operator)).toEqual(['cmcc', 'cucc', 'ctcc', 'cbn', 'mvno']);
    expect((await call('/user/getBusCtyList', {})).body.data.length).toBeGreaterThan(0);
  });

  it('serves the OpenAPI document generated from the contract', async () => {
    const r = await p.call('/apiDoc/openapi', undefined, { method: 'GET' });
    expect(r.status).toBe(200);
    const doc = r.body.data;
    expect(doc.openapi).toBe('3.1.0');
    expect(
      doc.paths['/customer/customerAdd'].post.requestBody.content['application/json'].schema.properties.cus_id,
    ).toMatchObject({ type: 'string' });
    expect(doc.paths['/warn/modifyCusBneWarn'].post.description).toMatch(/warnBalance/);
    expect(Object.keys(doc.paths).length).toBeGreaterThan(60);
    const raw = await fetch(`${p.base}/openapi.json`);
    expect(raw.headers.get('content-type')).toMatch(/application\/json/);
    expect((await raw.json()).paths['/user/login']).toBeDefined();
  });

  it('answers 401 without a token and a 400, never a 5xx, for hostile input', async () => {
    const paths = [
      '/user/modifyPassword',
      '/user/certification',
      '/user/sendMobileCode',
      '/user/modifyMobile',
      '/user/modifyCusName',
      '/user/pushUrlModify',
      '/user/getAppsecret',
      '/user/resetAppsecret',
      '/user/modifyApiInfo',
      '/user/modifyInterfacePassword',
      '/callback/list',
    ];
    for (const path of paths) expect((await p.call(path, {})).status, path).toBe(401);
    for (const v of ['\u0000', '\uDC00x', '字'.repeat(3000), 2 ** 31, 9e15, -1, 1e308, [], {}]) {
      for (const path of paths) {
        const body = {
          oldPassword: v,
          newPassword: v,
          confirmPassword: v,
          cardName: v,
          cardNumber: v,
          phone: v,
          mobile: v,
          code: v,
          uuid: v,
          cus_name: v,
          reportUrl: v,
          moUrl: v,
          password: v,
          userIps: v,
          pushMode: v,
          interfacePassword: v,
          status: v,
          pageNumber: v,
        };
        const r = await call(path, body);
        expect(r.status, `${path} ${JSON.stringify(v).slice(0, 12)}`).toBe(400);
      }
    }
  });
});
