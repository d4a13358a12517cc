import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, startPlatform, type TestPlatform } from '../helpers/platform';

// /favicon.ico answers an icon, not a 404, on both storages.
describe.each(DB_KINDS)('favicon on %s', (kind) => {
  let p: TestPlatform;
  beforeAll(async () => {
    p = await startPlatform(kind);
  });
  afterAll(async () => p?.close());

  it('answers an ICO image', async () => {
    const r = await fetch(`${p.base.replace(/\/sms-service-api$/, '')}/favicon.ico`);
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('image/x-icon');
    const bytes = new Uint8Array(await r.arrayBuffer());
    // ICONDIR: reserved 0, type 1 (icon), at least one image
    expect([...bytes.slice(0, 4)]).toEqual([0, 0, 1, 0]);
    expect(bytes[4]).toBeGreaterThan(0);
  });
});
