import JSZip from 'jszip';
import { beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, platformFor } from '../helpers/platform';
import { FAST_SIMULATOR, countRows, tokenFor } from './send.fixtures';

// Hostile and malformed input, each case as small as it can be: malformed input must never end the process or
// answer 500, an Idempotency-Key replayed for a different request, missing security headers, unescaped export cells.
describe.each(DB_KINDS)('hardening on %s', (kind) => {
  const p = platformFor(kind, { simulator: FAST_SIMULATOR });
  let user: string;
  let admin: string;
  beforeAll(async () => {
    [user, admin] = await Promise.all([tokenFor(p, 'user'), tokenFor(p, 'admin')]);
  });

  const alive = async () => expect((await p.call('/user/captcha', {})).status).toBe(200);

  it('refuses the requests that used to end the process, naming the field, and keeps serving', async () => {
    const cases: Array<[string, object, string]> = [
      ['/dataGathering/downloadBatch', { prod_type: 2147483648 }, 'prod_type'],
      ['/mtRecord/download', { prod_type: 0, decodeContent: 'a\u0000b' }, 'decodeContent'],
      ['/newMtRecord/download', { prod_type: 2, decodeMobile: '\u0000' }, 'decodeMobile'],
      ['/moRecord/download', { startTime: 9e15 }, 'startTime'],
      ['/mtRecord/download', { prod_type: 0, startTime: 9e15 }, 'startTime'],
      ['/dataGathering/mobileDownload', { batch_id: 'x\u0000' }, 'batch_id'],
      ['/pageTimeBatch/mobileDownload', { time_batch: 'x\u0000' }, 'time_batch'],
    ];
    for (const [path, body, field] of cases) {
      const r = await p.call(path, body, { token: user, lang: 'en' });
      expect(r.status, path).toBe(400);
      expect(r.body.field, path).toBe(field);
      expect(r.body.message, path).toContain(field);
      await alive();
    }
  });

  it('answers 400, never 500, for the five classes of bad values, in the caller’s language', async () => {
    const cases: Array<[string, object, string | null, string]> = [
      ['/user/login', { username: 'ad\u0000min', password: 'eA==', code: '', redomStr: '' }, null, 'username'],
      ['/user/sendLoginAuthCode', { userId: 'user', phone: '13800000003', uuid: 'u\u0000' }, null, 'uuid'],
      [
        '/user/epRegist',
        { epId: 'abc\u0000', epName: 'x', password: 'eA==', phone: '1', code: '1', uuid: 'u' },
        null,
        'epId',
      ],
      ['/user/loginBySmsCode', { username: 'user', uuid: 'u', code: '\u0000' }, null, 'code'],
      ['/mtRecord/list', { prod_type: 32768 }, user, 'prod_type'],
      ['/dataGathering/batchList', { batch_type: 32768 }, user, 'batch_type'],
      ['/pageTimeBatch/list', { send_status: 32768 }, user, 'send_status'],
      ['/mtRecord/list', { prod_type: 0, endTime: 8.64e15 }, user, 'endTime'],
      ['/log/upload', [{ type: 'x', message: 'lone \uD800 surrogate' }], user, '0.message'],
      ['/log/upload', [{ type: 'x', message: 'nul \u0000' }], user, '0.message'],
      ['/user/login', { username: 'x'.repeat(3000), password: 'eA==', code: '', redomStr: '' }, null, 'username'],
      ['/user/sendAuthCode', { epId: 'NEWCO1', phone: '13900000000', uuid: 'u'.repeat(10_000) }, null, 'uuid'],
      ['/user/sendLoginAuthCode', { userId: 'user', phone: '13800000003', uuid: 'u'.repeat(10_000) }, null, 'uuid'],
    ];
    for (const [path, body, token, field] of cases) {
      for (const lang of ['zh', 'en'] as const) {
        const r = await p.call(path, body, { token: token ?? undefined, lang });
        expect(r.status, `${path} ${field}`).toBe(400);
        expect(r.body.field, path).toBe(field);
        expect(r.body.message, path).toContain(field);
        // no English words of zod's in a Chinese answer: only the field name is Latin
        if (lang === 'zh') expect(r.body.message.replace(field, ''), path).not.toMatch(/[A-Za-z]{3,}/);
      }
    }
    const tooSmall = await p.call('/mtRecord/list', { prod_type: 0, pageNumber: 0 }, { token: user });
    expect(tooSmall.body.message).toBe('参数 pageNumber 不能小于 1');
    await alive();
  });

  it('binds an Idempotency-Key to its user, route and body', async () => {
    const key = `hk-${kind}-1`;
    const headers = { 'Idempotency-Key': key };
    const body = { cus_id: 'EP0001', content: 'first', mobiles: '13900000101' };
    const first = await p.call('/user/groupSend', body, { token: admin, headers });
    expect(first.status).toBe(200);
    const retry = await p.call(
      '/user/groupSend',
      { mobiles: body.mobiles, content: body.content, cus_id: body.cus_id },
      { token: admin, headers },
    );
    expect(retry.status).toBe(200);
    expect(retry.headers.get('idempotent-replay')).toBe('true');
    expect(retry.body).toEqual(first.body);
    const other = await p.call(
      '/user/groupSend',
      { ...body, content: 'second' },
      { token: admin, headers, lang: 'en' },
    );
    expect(other.status).toBe(422);
    expect(other.body.message).toMatch(/already used for a different request/);
    const otherRoute = await p.call(
      '/pageTimeBatch/operation',
      { time_batch: 'TB-X', operation: 'intercept' },
      { token: admin, headers },
    );
    expect(otherRoute.status).toBe(422);
    expect(otherRoute.body.message).toContain('Idempotency-Key');
    expect(await countRows(p, `select 1 from batches where content in ('first', 'second')`)).toBe(1);
    const badKey = await p.call('/user/groupSend', body, {
      token: admin,
      headers: { 'Idempotency-Key': 'ä'.repeat(3) },
    });
    expect(badKey.status).toBe(400);
  });

  it('sends the security headers, and API answers are never cached', async () => {
    const login = await p.call('/user/captcha', {});
    for (const h of [login.headers, (await p.call('/mtRecord/list', {}, { token: user })).headers]) {
      expect(h.get('cache-control')).toBe('no-store');
      expect(h.get('x-content-type-options')).toBe('nosniff');
      expect(h.get('x-frame-options')).toBe('DENY');
      expect(h.get('referrer-policy')).toBe('no-referrer');
      const csp = h.get('content-security-policy') ?? '';
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).not.toContain('unsafe-eval');
    }
  });

  it('writes export cells that never run and show exactly what was written', async () => {
    await p.ctx.db.query(
      `insert into mt_records (sn, prod_type, cus_id, batch_id, mobile, content, mt_status, receive_time, month)
       values ('H-1', 0, 'SUB001', 'TB-H', '13800138000', ' =1+1', 0, now(), '202601'), ('H-2', 0, 'SUB001', 'TB-H', '13800138001', '＝SUM(A1)', 0, now(), '202601'),
              ('H-3', 0, 'SUB001', 'TB-H', '13800138002', E'\\n=cmd', 0, now(), '202601')`,
    );
    const res = await fetch(`${p.base}/mtRecord/download`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${user}`, 'Content-Type': 'application/json' },
      body: '{"prod_type":0}',
    });
    const zip = await JSZip.loadAsync(await res.arrayBuffer());
    const sheet = await zip.file('xl/worksheets/sheet1.xml')!.async('string');
    const styles = await zip.file('xl/styles.xml')!.async('string');
    for (const v of [' =1+1', '＝SUM(A1)', '\n=cmd', '13800138000'])
      expect(sheet).toContain(`s="1"><is><t xml:space="preserve">${v}</t>`);
    expect(sheet).not.toContain("'=");
    expect(sheet).not.toContain('<f>');
    expect(sheet).toContain('numberStoredAsText="1"');
    expect(styles).toContain('quotePrefix="1"');
  });
});
