import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appSecretOf } from '../../platform/accounts/secrets';
import { openPostgres } from '../../platform/db/postgres-db';
import { drawTokens } from '../../platform/messaging/rate-bucket';
import { buildPlatform, type Platform } from '../../platform/server';
import { callIntegrator } from '../helpers/integrator-client';
import { DB_KINDS, startPlatform, type TestPlatform } from '../helpers/platform';

// The HTTP API's max speed is one bucket per account in the database: its arithmetic at a controlled clock on both
// storages, and two instances on one PostgreSQL drawing from the same bucket.

describe.each(DB_KINDS)('HTTP rate bucket on %s', (kind) => {
  let p: TestPlatform;
  beforeAll(async () => {
    p = await startPlatform(kind, { logLevel: 'error' });
  });
  afterAll(async () => p?.close());

  it('holds two seconds of rate, refills with time, answers the wait, and lets a request above the burst through on a full bucket', async () => {
    const t0 = Date.parse('2026-11-26T00:00:00Z');
    const at = (ms: number) => new Date(t0 + ms);
    // 10 a second: a burst of 20
    expect(await drawTokens(p.ctx.db, 'SUB002', 10, 15, at(0))).toBe(0);
    expect(await drawTokens(p.ctx.db, 'SUB002', 10, 10, at(0))).toBe(500);
    expect(await drawTokens(p.ctx.db, 'SUB002', 10, 10, at(500))).toBe(0);
    // 50 is more than the whole burst: it waits for a full bucket (2 s), then goes through into debt
    expect(await drawTokens(p.ctx.db, 'SUB002', 10, 50, at(500))).toBe(2000);
    expect(await drawTokens(p.ctx.db, 'SUB002', 10, 50, at(2500))).toBe(0);
    // the debt is 30: one more recipient waits 3.1 s
    expect(await drawTokens(p.ctx.db, 'SUB002', 10, 1, at(2500))).toBe(3100);
    expect(await drawTokens(p.ctx.db, 'SUB002', 10, 1, at(5600))).toBe(0);
    // a clock behind the last draw refills nothing and never takes the bucket back in time
    expect(await drawTokens(p.ctx.db, 'SUB002', 10, 1, at(5000))).toBe(100);
  });
});

describe('HTTP max speed over two instances on one PostgreSQL', () => {
  let a: TestPlatform;
  let b: Platform;
  let bOrigin = '';
  beforeAll(async () => {
    a = await startPlatform('postgres', { logLevel: 'error' });
    b = await buildPlatform(
      { ...a.ctx.config, port: 0, smppPort: null },
      { db: await openPostgres(a.ctx.config.databaseUrl!) },
    );
    await b.app.listen({ port: 0, host: '127.0.0.1' });
    const addr = b.app.server.address();
    bOrigin = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('refuses on the second instance what the first already used of the max speed', async () => {
    await a.ctx.db.query(
      `update accounts set options = coalesce(options, '{}'::jsonb) || '{"maxSpeed": 1}'::jsonb where cus_id = 'SUB002'`,
    );
    const secret = (await appSecretOf(a.ctx.db, 'SUB002')).secret;
    const send = (origin: string, numbers: string[]) =>
      callIntegrator(origin, { appId: 'SUB002', secret, path: '/sms/send', body: { text: 'x', numbers } });
    const first = await send(new URL(a.base).origin, ['13900000051', '13900000052']);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const second = await send(bOrigin, ['13900000053', '13900000054']);
    expect([second.status, second.body.code]).toEqual([429, 'RATE_LIMITED']);
    expect(Number(second.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
  });
});
