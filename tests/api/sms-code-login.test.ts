import JSZip from 'jszip';
import { configFromEnv } from '../../platform/core/config';
import type { OutboundMessage } from '../../platform/messaging/carrier';
import { createSimulator } from '../../platform/messaging/simulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, startPlatform, type TestPlatform } from '../helpers/platform';

// Login by a code sent to the account's mobile: its delivery, resend wait, expiry and tries.
describe.each(DB_KINDS)('SMS-code login on %s', (kind) => {
  let p: TestPlatform;
  let offsetMs = 0;
  /** what the carrier was handed to deliver. */
  const handed: string[] = [];
  beforeAll(async () => {
    const config = configFromEnv({});
    const sim = createSimulator(config.simulator);
    p = await startPlatform(
      kind,
      {},
      { carrier: { ...sim, report: (m: OutboundMessage) => (handed.push(m.content), sim.report(m)) } },
    );
    p.ctx.now = () => new Date(Date.now() + offsetMs);
  });
  afterAll(async () => p?.close());

  const lastCode = async (subject: string) =>
    (
      await p.ctx.db.query<{ code: string }>('select code from sms_codes where subject = $1 order by id desc limit 1', [
        subject,
      ])
    )[0]?.code;

  it('sends a 6-digit code to the mobile on file and logs in with it once', async () => {
    const sent = await p.call(
      '/user/sendLoginAuthCode',
      { userId: 'user', phone: '13800000003', uuid: 'u-1' },
      { lang: 'en' },
    );
    expect(sent.status).toBe(200);
    expect(sent.body).toMatchObject({ type: 0, message: 'Verification code sent', data: { resendAfterS: 60 } });
    const code = await lastCode('user');
    expect(code).toMatch(/^\d{6}$/);
    // it went out through the platform's own outbox, so it is in the account's send records, masked
    const [mt] = await p.ctx.db.query<{ sn: string; content: string }>(
      `select sn, content from mt_records where cus_id = 'SUB001' and mobile = '13800000003'`,
    );
    expect(mt.content).toBe('Your login code is ******, valid for 5 min. Do not share it.');
    // whoever reads the account's records (its enterprise admin here) reads no code: not in lists, exports or the feed
    const admin = await p.login('admin');
    const seen = [
      JSON.stringify(
        (await p.call('/mtRecord/list', { prod_type: 0, decodeMobile: '13800000003' }, { token: admin })).body,
      ),
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
    expect(handed.filter((c) => c.includes(code))).toEqual([
      `Your login code is ${code}, valid for 5 min. Do not share it.`,
    ]);
    // the carrier was handed it inside the dispatch transaction: once that commits, the secret is gone
    const secretOf = async () =>
      (await p.ctx.db.query<{ secret: string | null }>('select secret from mt_records where sn = $1', [mt.sn]))[0]
        .secret;
    while ((await secretOf()) !== null) await new Promise((r) => setTimeout(r, 20));
    const [after] = await p.ctx.db.query<{ mt_status: number }>('select mt_status from mt_records where sn = $1', [
      mt.sn,
    ]);
    expect(after.mt_status).not.toBe(500);
    const wrong = await p.call(
      '/user/loginBySmsCode',
      { username: 'user', uuid: 'u-1', code: code === '000000' ? '111111' : '000000' },
      { lang: 'en' },
    );
    expect(wrong).toMatchObject({ status: 400, body: { message: 'The SMS code is wrong or has expired' } });
    const ok = await p.call('/user/loginBySmsCode', { username: 'user', uuid: 'u-1', code });
    expect(ok.status).toBe(200);
    expect(ok.body.message).toBe('登录成功');
    expect((await p.call('/user/getUserInfo', {}, { token: ok.body.data.token })).body.data.authUser.userName).toBe(
      'user',
    );
    const reused = await p.call('/user/loginBySmsCode', { username: 'user', uuid: 'u-1', code });
    expect(reused).toMatchObject({ status: 400, body: { message: '短信验证码错误或已过期' } });
  });

  it('makes the user wait 60 s before another code, with the seconds left', async () => {
    offsetMs += 61_000;
    expect(
      (await p.call('/user/sendLoginAuthCode', { userId: 'admin', phone: '13800000001', uuid: 'a-1' })).status,
    ).toBe(200);
    const again = await p.call(
      '/user/sendLoginAuthCode',
      { userId: 'admin', phone: '13800000001', uuid: 'a-2' },
      { lang: 'en' },
    );
    expect(again.status).toBe(429);
    expect(again.body.message).toMatch(/^Please wait (60|59|58) s before requesting another code$/);
    offsetMs += 30_000;
    const zh = await p.call('/user/sendLoginAuthCode', { userId: 'admin', phone: '13800000001', uuid: 'a-2' });
    expect(zh.body.message).toMatch(/^请 (30|29|28) 秒后再获取验证码$/);
    offsetMs += 31_000;
    expect(
      (await p.call('/user/sendLoginAuthCode', { userId: 'admin', phone: '13800000001', uuid: 'a-2' })).status,
    ).toBe(200);
  });

  it('refuses a phone that is not the account mobile, and an unknown account the same way', async () => {
    offsetMs += 61_000;
    const r = await p.call(
      '/user/sendLoginAuthCode',
      { userId: 'agent', phone: '13900000000', uuid: 'g-1' },
      { lang: 'en' },
    );
    expect(r).toMatchObject({
      status: 400,
      body: { message: 'The phone number does not match the account', field: 'phone' },
    });
    const u = await p.call('/user/sendLoginAuthCode', { userId: 'nobody', phone: '13900000000', uuid: 'g-1' });
    expect(u).toMatchObject({ status: 400, body: { message: '手机号与账号不匹配' } });
    const [n] = await p.ctx.db.query<{ n: number }>(
      `select count(*)::int as n from sms_codes where subject in ('agent', 'nobody')`,
    );
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
    for (let i = 0; i < 5; i++)
      expect((await p.call('/user/loginBySmsCode', { username: 'agent', uuid: 'g-3', code: bad })).status).toBe(400);
    const locked = await p.call(
      '/user/loginBySmsCode',
      { username: 'agent', uuid: 'g-3', code: fresh },
      { lang: 'en' },
    );
    expect(locked).toMatchObject({ status: 429, body: { message: 'Too many login attempts, please try again later' } });
    // a code is bound to the uuid it was sent for
    expect((await p.call('/user/loginBySmsCode', { username: 'agent', uuid: 'other', code: fresh })).status).toBe(400);
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
