import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVICE_BASE_PATH } from '../../contract/constants';
import type { Endpoint } from '../../contract/endpoint';
import { startPlatform, type TestPlatform } from '../helpers/platform';

// The platform serves every endpoint of its own contract, with the contract's method.
const dir = join(import.meta.dirname, '..', '..', 'contract', 'endpoints');
const endpoints: Endpoint[] = [];
for (const file of readdirSync(dir).filter((f) => f.endsWith('.endpoints.ts'))) {
  const mod = (await import(`../../contract/endpoints/${file}`)) as Record<string, unknown>;
  for (const e of Object.values(mod)) if (typeof e === 'object' && e && 'path' in e && 'request' in e && 'method' in e) endpoints.push(e as Endpoint);
}

describe('contract coverage', () => {
  let p: TestPlatform;
  beforeAll(async () => {
    p = await startPlatform('pglite');
  });
  afterAll(async () => p?.close());

  it('serves every endpoint of the contract', () => {
    expect(endpoints.length).toBeGreaterThan(140);
    const missing = endpoints.filter((e) => !p.app.hasRoute({ method: e.method, url: SERVICE_BASE_PATH + e.path })).map((e) => `${e.method} ${e.path}`);
    expect(missing).toEqual([]);
  });
});
