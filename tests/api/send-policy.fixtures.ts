import { afterEach, expect } from 'vitest';
import type { SendPolicy } from '../../contract/endpoints/send-policy.endpoints';
import { appSecretOf } from '../../platform/accounts/secrets';
import { callIntegrator } from '../helpers/integrator-client';
import { platformFor, type DbKind } from '../helpers/platform';
import { FAST_SIMULATOR } from './send.fixtures';

/** A platform for the send policy's tests, called inside their describe: its clock stands at the start of a minute
 * once moved (useClock, read back through clockAt) and runs again after each test; the policy read and changed by
 * an admin; a send over the signed HTTP API. */
export function policyPlatform(kind: DbKind) {
  const p = platformFor(kind, { smppPort: 'auto', simulator: FAST_SIMULATOR, logLevel: 'error' });
  const call = async (path: string, body: unknown, token: string, lang: 'zh' | 'en' = 'en') =>
    p.call(path, body, { token, lang });
  const realNow = Date.now;
  /** the platform's clock stands at the start of a minute until moved */
  let at = new Date(Math.floor(Date.now() / 60_000) * 60_000);
  const useClock = (t: Date) => {
    at = t;
    p.ctx.now = () => at;
  };
  afterEach(() => {
    p.ctx.now = () => new Date(realNow());
  });
  const policyOf = async (admin: string): Promise<SendPolicy> => (await call('/sendPolicy/get', {}, admin)).body.data;
  const setPolicy = async (admin: string, change: (p: SendPolicy) => SendPolicy) => {
    const r = await call('/sendPolicy/modify', change(await policyOf(admin)), admin);
    expect(r.status).toBe(200);
  };
  const httpSend = async (numbers: string[], text: string, category?: string) =>
    callIntegrator(new URL(p.base).origin, {
      appId: 'SUB001',
      secret: (await appSecretOf(p.ctx.db, 'SUB001')).secret,
      path: '/sms/send',
      body: { text, numbers, ...(category ? { category } : {}) },
      lang: 'en',
    });
  return { p, call, realNow, useClock, clockAt: () => at, policyOf, setPolicy, httpSend };
}
