import { afterEach, describe, expect, it } from 'vitest';
import { STATUS } from '../../platform/smpp-wire/command-status';
import { DB_KINDS, readAnswer, startPlatform, type TestPlatform } from '../helpers/platform';
import { bindPeer, smppTestAccount } from './smpp.fixtures';

// /health and /ready as a load balancer reads them, on a platform over each storage.
describe.each(DB_KINDS)('health and readiness (%s)', (kind) => {
  let p: TestPlatform | null = null;
  afterEach(async () => {
    await p?.close().catch(() => undefined);
    p = null;
  });
  const root = (t: TestPlatform, path: string) =>
    fetch(t.base.replace(/\/sms-service-api$/, '') + path).then(readAnswer);

  it('answers /health and /ready at the root, without login and never cached', async () => {
    p = await startPlatform(kind);
    const health = await root(p, '/health');
    expect(health.status).toBe(200);
    expect(health.body).toEqual({ status: 'ok' });
    expect(health.headers.get('cache-control')).toBe('no-store');
    const ready = await root(p, '/ready');
    expect(ready.status).toBe(200);
    expect(ready.body).toEqual({ status: 'ready' });
    expect(ready.headers.get('cache-control')).toBe('no-store');
  });

  it('is not ready while it drains, and refuses new requests in the caller language; /health still answers', async () => {
    p = await startPlatform(kind);
    p.lifecycle.draining = true;
    const ready = await root(p, '/ready');
    expect(ready.status).toBe(503);
    expect(ready.body).toEqual({ status: 'unavailable', reason: 'shutting down' });
    expect((await root(p, '/health')).status).toBe(200);
    const en = await p.call('/user/login', { username: 'admin', password: '', code: '', redomStr: '' }, { lang: 'en' });
    expect(en.status).toBe(503);
    expect(en.body.message).toBe('The service is shutting down, please try again shortly');
    const zh = await p.call('/user/login', { username: 'admin', password: '', code: '', redomStr: '' }, { lang: 'zh' });
    expect(zh.status).toBe(503);
    expect(zh.body.message).toBe('服务正在停止，请稍后重试');
  });

  it('refuses SMPP binds while it drains, so clients bind to another instance', async () => {
    p = await startPlatform(kind, { smppPort: 'auto' });
    const a = await smppTestAccount(p);
    const before = await bindPeer(p, a.cusId, a.password);
    expect(before.status).toBe(STATUS.ROK);
    before.peer.end();
    p.lifecycle.draining = true;
    const during = await bindPeer(p, a.cusId, a.password);
    expect(during.status).toBe(STATUS.RBINDFAIL);
    during.peer.end();
  });

  it('is not ready when its database is gone, and says so', async () => {
    p = await startPlatform(kind);
    await p.ctx.db.close();
    const ready = await root(p, '/ready');
    expect(ready.status).toBe(503);
    expect(ready.body.reason).toMatch(/^database /);
    expect((await root(p, '/health')).status).toBe(200);
  });
});
