import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, startPlatform, type TestPlatform } from '../helpers/platform';

// The error catalogue holds on both storages before any feature route exists. This platform migrates and seeds an
// empty database itself, as a first start does, rather than starting from the run's prepared copy.
describe.each(DB_KINDS)('platform basics on %s', (kind) => {
  let p: TestPlatform;
  beforeAll(async () => {
    p = await startPlatform(kind, {}, { fresh: true });
  });
  afterAll(async () => p?.close());

  it('answers an unknown endpoint with a localized 404 envelope', async () => {
    const zh = await p.call('/nope');
    expect(zh.status).toBe(404);
    expect(zh.body).toEqual({ type: 404, message: '接口不存在' });
    const en = await p.call('/nope', {}, { lang: 'en' });
    expect(en.body.message).toBe('No such endpoint');
  });

  it('tells a missing field from a wrong one, naming it, in the caller language', async () => {
    const token = await p.login('admin');
    const missing = await p.call('/user/getList', {}, { token });
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ type: 400, field: 'prodType', message: '参数 prodType 不能为空' });
    const wrong = await p.call('/user/getList', { prodType: 'abc' }, { token, lang: 'en' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.field).toBe('prodType');
    expect(wrong.body.message).toBe('prodType has the wrong type');
  });

  it('records every migration once', async () => {
    const rows = await p.ctx.db.query<{ name: string }>('select name from schema_migrations order by name');
    expect(rows.map((r) => r.name)).toContain('001-core.sql');
  });
});
