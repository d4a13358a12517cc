import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INTEGRATOR_BASE_PATH } from '../../contract/constants';
import { DB_KINDS, readAnswer, startPlatform, type TestPlatform } from '../helpers/platform';

// Paths under the integrator API's base that are none of its calls answer the API's own 404 JSON, localized, even
// with the console served (whose client-side routes answer index.html for unknown paths under /sms-cloud) and in
// another letter case.

describe.each(DB_KINDS)('integrator API paths that are no call, on %s', (kind) => {
  let p: TestPlatform;
  let origin: string;
  beforeAll(async () => {
    const consoleDir = mkdtempSync(join(tmpdir(), 'console-'));
    writeFileSync(join(consoleDir, 'index.html'), '<!doctype html><title>console</title>');
    p = await startPlatform(kind, { serveConsole: true, consoleDir, logLevel: 'silent' });
    origin = new URL(p.base).origin;
  });
  afterAll(async () => p?.close());

  const get = async (path: string, lang: 'zh' | 'en') =>
    readAnswer(await fetch(origin + path, { headers: { 'Accept-Language': lang } }));

  it.each([
    `${INTEGRATOR_BASE_PATH}/balance/`,
    `${INTEGRATOR_BASE_PATH.toUpperCase()}/BALANCE`,
    `${INTEGRATOR_BASE_PATH}/no/such/call?x=1`,
  ])('answers %s with the API’s 404 in the caller’s language', async (path) => {
    const en = await get(path, 'en');
    expect(en.status).toBe(404);
    expect(en.headers.get('content-type')).toMatch(/application\/json/);
    expect(en.body).toEqual({ code: 'NOT_FOUND', message: 'No such call', requestId: expect.any(String) });
    const zh = await get(path, 'zh');
    expect(zh.body).toMatchObject({ code: 'NOT_FOUND', message: '接口不存在' });
  });

  it('still serves the console’s pages under its own paths', async () => {
    const page = await fetch(`${origin}/sms-cloud/records/list`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<title>console</title>');
  });
});
