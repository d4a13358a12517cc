import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVICE_BASE_PATH } from '../../contract/constants';
import { contractEndpoints } from '../helpers/contract-endpoints';
import { startPlatform, type TestPlatform } from '../helpers/platform';

// The platform serves every endpoint of its own contract, with the contract's method.
const endpoints = await contractEndpoints();

describe('contract coverage', () => {
  let p: TestPlatform;
  beforeAll(async () => {
    p = await startPlatform('pglite');
  });
  afterAll(async () => p?.close());

  it('serves every endpoint of the contract', () => {
    expect(endpoints.length).toBeGreaterThan(140);
    const missing = endpoints
      .filter((e) => !p.app.hasRoute({ method: e.method, url: SERVICE_BASE_PATH + e.path }))
      .map((e) => `${e.method} ${e.path}`);
    expect(missing).toEqual([]);
  });
});
