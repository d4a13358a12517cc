import { beforeAll, describe, expect, it } from 'vitest';
import { appSecretOf } from '../../platform/accounts/secrets';
import { callIntegrator, type IntegratorCall } from '../helpers/integrator-client';
import { DB_KINDS, platformFor } from '../helpers/platform';
import { FAST_SIMULATOR, balanceOf, tokenFor } from './send.fixtures';

// The signed integrator API's sends and every refusal, on both storages.
describe.each(DB_KINDS)('integrator API sends on %s', (kind) => {
  const p = platformFor(kind, { simulator: FAST_SIMULATOR });
  let origin: string;
  const secrets = new Map<string, string>();
  const call = (appId: string, c: Omit<IntegratorCall, 'appId' | 'secret'>) =>
    callIntegrator(origin, { appId, secret: secrets.get(appId) ?? 'none', ...c });
  const send = (body: unknown, c: Partial<IntegratorCall> = {}) => call('SUB001', { path: '/sms/send', body, ...c });

  beforeAll(async () => {
    origin = new URL(p.base).origin;
    for (const cusId of ['SUB001', 'SUB002', 'SUB003', 'SUB004'])
      secrets.set(cusId, (await appSecretOf(p.ctx.db, cusId)).secret);
    await p.ctx.db.query(
      "insert into blacklist (ep_id, mobile, source) values ('EP0001', '13900000009', 'reply') on conflict do nothing",
    );
  });

  it('sends a signed request: per number in order, the valid ones charged and recorded as source http', async () => {
    const before = await balanceOf(p, 'SUB001');
    const r = await send({
      text: 'hello over http',
      numbers: ['13900000001', '+8613900000002', 'abc', '13900000001', '13900000009'],
      clientRef: 'order-1',
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.clientRef).toBe('order-1');
    const results = r.body.results as Array<{
      number: string;
      messageId: string | null;
      accepted: boolean;
      code: string | null;
      segments: number;
      fee: number;
    }>;
    expect(results.map((x) => [x.number, x.accepted, x.code, x.segments, x.fee])).toEqual([
      ['13900000001', true, null, 1, 0.05],
      ['+8613900000002', true, null, 1, 0.05],
      ['abc', false, 'INVALID_NUMBER', 0, 0],
      ['13900000001', false, 'DUPLICATE_NUMBER', 0, 0],
      ['13900000009', false, 'BLACKLISTED', 0, 0],
    ]);
    expect(await balanceOf(p, 'SUB001')).toBeCloseTo(before - 0.1, 4);
    const ids = results.filter((x) => x.accepted).map((x) => x.messageId!);
    const rows = await p.ctx.db.query<{ sn: string; source: string; mobile: string }>(
      'select sn, source, mobile from mt_records where sn = any($1) order by sn',
      [ids],
    );
    expect(rows.map((x) => [x.sn, x.source, x.mobile])).toEqual([
      [ids[0], 'http', '13900000001'],
      [ids[1], 'http', '13900000002'],
    ]);
    const admin = await tokenFor(p, 'admin');
    const listed = await p.call(
      '/mtRecord/list',
      { pageNumber: 1, pageSize: 50, prod_type: 0, cus_id: 'SUB001' },
      { token: admin },
    );
    const shown = (listed.body.data.data as Array<{ sn: string }>).map((x) => x.sn);
    for (const id of ids) expect(shown).toContain(id);
  });

  it('sends personalised texts per number', async () => {
    const r = await call('SUB001', {
      path: '/sms/batch',
      body: {
        items: [
          { number: '13900000011', text: 'hi Ann' },
          { number: '139', text: 'hi nobody' },
          { number: '13900000012', text: 'hi Bob' },
        ],
      },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.results.map((x: { accepted: boolean; code: string | null }) => [x.accepted, x.code])).toEqual([
      [true, null],
      [false, 'INVALID_NUMBER'],
      [true, null],
    ]);
    const rows = await p.ctx.db.query<{ content: string }>(
      'select content from mt_records where sn = any($1) order by mobile',
      [[r.body.results[0].messageId, r.body.results[2].messageId]],
    );
    expect(rows.map((x) => x.content)).toEqual(['hi Ann', 'hi Bob']);
  });

  it('refuses a bad signature, an unknown app id, an old or future timestamp and a reused nonce (401)', async () => {
    const body = { text: 'x', numbers: ['13900000021'] };
    const bad = await send(body, { signature: '0'.repeat(64) });
    expect([bad.status, bad.body.code]).toEqual([401, 'SIGNATURE_INVALID']);
    expect(bad.body.requestId).toBeTruthy();
    const wrongSecret = await callIntegrator(origin, {
      appId: 'SUB001',
      secret: 'not-the-secret',
      path: '/sms/send',
      body,
    });
    expect([wrongSecret.status, wrongSecret.body.code]).toEqual([401, 'SIGNATURE_INVALID']);
    const unknown = await callIntegrator(origin, { appId: 'NOSUCH', secret: 'x', path: '/sms/send', body });
    expect([unknown.status, unknown.body.code]).toEqual([401, 'APP_ID_UNKNOWN']);
    for (const skew of [-302, 302]) {
      const r = await send(body, { timestamp: Math.floor(Date.now() / 1000) + skew });
      expect([r.status, r.body.code]).toEqual([401, 'TIMESTAMP_EXPIRED']);
    }
    const first = await send(body, { nonce: 'nonce-once-1' });
    expect(first.status).toBe(200);
    const again = await send(body, { nonce: 'nonce-once-1' });
    expect([again.status, again.body.code]).toEqual([401, 'NONCE_REUSED']);
    // another app may use the same nonce
    const other = await call('SUB003', { path: '/balance', nonce: 'nonce-once-1' });
    expect(other.status).toBe(200);
  });

  it('answers in the caller language', async () => {
    const zh = await send({ text: 'x', numbers: ['13900000021'] }, { signature: 'f'.repeat(64), lang: 'zh' });
    const en = await send({ text: 'x', numbers: ['13900000021'] }, { signature: 'f'.repeat(64), lang: 'en' });
    expect(zh.body.code).toBe('SIGNATURE_INVALID');
    expect(en.body.code).toBe('SIGNATURE_INVALID');
    expect(zh.body.message).toMatch(/签名/);
    expect(en.body.message).toMatch(/signature/i);
  });

  it('refuses an address outside the user IPs and a closed account (403)', async () => {
    await p.ctx.db.query(
      `update accounts set options = options || '{"userIps": "10.1.2.3, 192.168.0.0/16"}'::jsonb where cus_id = 'SUB003'`,
    );
    const out = await call('SUB003', { path: '/balance' });
    expect([out.status, out.body.code]).toEqual([403, 'IP_NOT_ALLOWED']);
    await p.ctx.db.query(
      `update accounts set options = options || '{"userIps": "10.1.2.3, 127.0.0.1"}'::jsonb where cus_id = 'SUB003'`,
    );
    expect((await call('SUB003', { path: '/balance' })).status).toBe(200);
    const closed = await call('SUB004', { path: '/sms/send', body: { text: 'x', numbers: ['13900000021'] } });
    expect([closed.status, closed.body.code]).toEqual([403, 'ACCOUNT_CLOSED']);
  });

  it('limits sends to the max speed in recipients: 429 with Retry-After', async () => {
    await p.ctx.db.query(`update accounts set options = options || '{"maxSpeed": 1}'::jsonb where cus_id = 'SUB002'`);
    // the bucket's clock stands still between the two sends: on a busy machine the second could otherwise come after
    // the two seconds that refill the bucket
    const realNow = p.ctx.now;
    const at = realNow();
    p.ctx.now = () => at;
    try {
      const ok = await call('SUB002', {
        path: '/sms/send',
        body: { text: 'x', numbers: ['13900000031', '13900000032'] },
      });
      expect(ok.status, JSON.stringify(ok.body)).toBe(200);
      const limited = await call('SUB002', {
        path: '/sms/send',
        body: { text: 'x', numbers: ['13900000033', '13900000034'] },
      });
      expect([limited.status, limited.body.code]).toEqual([429, 'RATE_LIMITED']);
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    } finally {
      p.ctx.now = realNow;
    }
  });

  it('refuses a bad body naming the field (400), a foreign sender and a send the balance cannot cover', async () => {
    const empty = await send({ text: 'x', numbers: [] });
    expect([empty.status, empty.body.code, empty.body.field]).toEqual([400, 'INVALID_REQUEST', 'numbers']);
    const noText = await send({ numbers: ['13900000041'] });
    expect([noText.status, noText.body.code, noText.body.field]).toEqual([400, 'INVALID_REQUEST', 'text']);
    const longRef = await send({ text: 'x', numbers: ['13900000041'], clientRef: '单'.repeat(22) });
    expect([longRef.status, longRef.body.field]).toEqual([400, 'clientRef']);
    const notJson = await send('{"text":');
    expect([notJson.status, notJson.body.code]).toEqual([400, 'INVALID_REQUEST']);
    const tooMany = await send({
      text: 'x',
      numbers: Array.from({ length: 1001 }, (_, i) => `1390000${String(i).padStart(4, '0')}`),
    });
    expect([tooMany.status, tooMany.body.field]).toEqual([400, 'numbers']);
    const foreign = await send({ text: 'x', numbers: ['13900000041'], sender: '9999' });
    expect([foreign.status, foreign.body.code]).toEqual([400, 'SENDER_NOT_ALLOWED']);
    const own = await send({ text: 'x', numbers: ['13900000041'], sender: '800312' });
    expect(own.status, JSON.stringify(own.body)).toBe(200);
    const balance = await balanceOf(p, 'SUB001');
    await p.ctx.db.query("update accounts set balance = 0 where cus_id = 'SUB001'");
    const poor = await send({ text: 'x', numbers: ['13900000042'] });
    expect([poor.status, poor.body.code]).toEqual([402, 'INSUFFICIENT_BALANCE']);
    await p.ctx.db.query('update accounts set balance = $1 where cus_id = $2', [balance, 'SUB001']);
  });

  it('answers a retry with the same Idempotency-Key with the first answer, charged once', async () => {
    const before = await balanceOf(p, 'SUB001');
    const body = { text: 'once', numbers: ['13900000051', '13900000052'] };
    const headers = { 'Idempotency-Key': 'order-77' };
    const first = await send(body, { headers });
    const retry = await send(body, { headers });
    expect(first.status).toBe(200);
    expect(retry.status).toBe(200);
    expect(retry.body).toEqual(first.body);
    expect(await balanceOf(p, 'SUB001')).toBeCloseTo(before - 0.1, 4);
    const other = await send({ ...body, text: 'twice' }, { headers });
    expect([other.status, other.body.code]).toEqual([409, 'IDEMPOTENCY_CONFLICT']);
  });
});
