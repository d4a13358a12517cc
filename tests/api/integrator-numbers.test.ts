import { beforeAll, describe, expect, it } from 'vitest';
import { NUMBER_VECTORS } from '../../contract/validation/number-vectors';
import { appSecretOf } from '../../platform/accounts/secrets';
import { callIntegrator, type IntegratorCall } from '../helpers/integrator-client';
import { DB_KINDS, platformFor } from '../helpers/platform';
import { FAST_SIMULATOR } from './send.fixtures';

// The HTTP API's sends read every number of the shared number table as the number rule says: a mainland mobile is sent
// domestically as its 11 digits, an international number (a + or 00 and a country's code) is refused on an account
// with only the domestic product and sent at its country's price on one with the international product, never as a
// mainland mobile. The sender each door takes (contract/validation/sender.rules.ts) is checked here for HTTP.
const INTERNATIONAL_PRICE: Record<string, number> = { US: 0.35, GB: 0.4, SG: 0.28 };

describe.each(DB_KINDS)('integrator API numbers and senders on %s', (kind) => {
  const p = platformFor(kind, { simulator: FAST_SIMULATOR });
  let origin: string;
  const secrets = new Map<string, string>();
  const call = (appId: string, c: Omit<IntegratorCall, 'appId' | 'secret'>) =>
    callIntegrator(origin, { appId, secret: secrets.get(appId)!, ...c });
  type Result = { number: string; messageId: string | null; accepted: boolean; code: string | null; fee: number };
  const recordsOf = (results: Result[]) =>
    p.ctx.db.query<{ sn: string; mobile: string; prod_type: number; country_code: string | null }>(
      'select sn, mobile, prod_type::int as prod_type, country_code from mt_records where sn = any($1)',
      [results.filter((r) => r.accepted).map((r) => r.messageId)],
    );

  beforeAll(async () => {
    origin = new URL(p.base).origin;
    for (const cusId of ['SUB001', 'SUB003']) secrets.set(cusId, (await appSecretOf(p.ctx.db, cusId)).secret);
  });

  it('on a domestic-only account: mainland mobiles sent as 11 digits, international numbers refused, never a mainland mobile', async () => {
    const r = await call('SUB001', {
      path: '/sms/send',
      body: { text: 'number table', numbers: NUMBER_VECTORS.map((v) => v.raw) },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const results = r.body.results as Result[];
    const code = { domestic: null, international: 'INTERNATIONAL_NOT_ALLOWED', invalid: 'INVALID_NUMBER' } as const;
    expect(results.map((x) => [x.number, x.code])).toEqual(NUMBER_VECTORS.map((v) => [v.raw, code[v.kind]]));
    const records = new Map((await recordsOf(results)).map((x) => [x.sn, x]));
    NUMBER_VECTORS.forEach((v, i) => {
      if (v.kind !== 'domestic') return;
      expect(records.get(results[i].messageId!), v.raw).toMatchObject({ mobile: v.stored, prod_type: 0 });
      expect(results[i].fee, v.raw).toBeCloseTo(0.05, 4);
    });
    const digitsOfPlus = NUMBER_VECTORS.filter((v) => v.kind === 'international').map((v) => v.stored!.slice(1));
    const [{ n }] = await p.ctx.db.query<{ n: number }>(
      "select count(*)::int as n from mt_records where cus_id = 'SUB001' and mobile = any($1)",
      [digitsOfPlus],
    );
    expect(n).toBe(0);
  });

  it('on an account with the international product: international numbers at their country price, mainland mobiles alone domestically', async () => {
    const intl = NUMBER_VECTORS.filter((v) => v.kind === 'international');
    const r = await call('SUB003', { path: '/sms/send', body: { text: 'abroad', numbers: intl.map((v) => v.raw) } });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const results = r.body.results as Result[];
    expect(results.every((x) => x.accepted)).toBe(true);
    const records = new Map((await recordsOf(results)).map((x) => [x.sn, x]));
    intl.forEach((v, i) => {
      expect(records.get(results[i].messageId!), v.raw).toMatchObject({
        mobile: v.stored,
        prod_type: 1,
        country_code: v.country,
      });
      expect(results[i].fee, v.raw).toBeCloseTo(INTERNATIONAL_PRICE[v.country!], 4);
    });
    const home = await call('SUB003', { path: '/sms/send', body: { text: 'home', numbers: ['+8613900003391'] } });
    expect(home.status, JSON.stringify(home.body)).toBe(200);
    expect(await recordsOf(home.body.results)).toEqual([
      expect.objectContaining({ mobile: '13900003391', prod_type: 0 }),
    ]);
    // personalised texts go domestic only
    const batch = await call('SUB003', {
      path: '/sms/batch',
      body: {
        items: [
          { number: '+13055550109', text: 'hi' },
          { number: '13900003392', text: 'hi' },
        ],
      },
    });
    expect(batch.body.results.map((x: Result) => x.code)).toEqual(['INTERNATIONAL_NOT_ALLOWED', null]);
  });

  it("takes the senders the other doors take: an international sender id, the account's addresses; refuses others naming them", async () => {
    const acme = await call('SUB003', {
      path: '/sms/send',
      body: { text: 'from acme', numbers: ['+13055550110'], sender: 'ACME' },
    });
    expect(acme.status, JSON.stringify(acme.body)).toBe(200);
    const [batch] = await p.ctx.db.query<{ sender_id: string | null }>(
      'select b.sender_id from batches b join mt_records m using (batch_id) where m.sn = $1',
      [acme.body.results[0].messageId],
    );
    expect(batch.sender_id).toBe('ACME');
    // the address carriers are sent from (the platform's code and the extension 8005) and the account's own (8005)
    for (const sender of ['1069008005', '800512']) {
      const r = await call('SUB003', {
        path: '/sms/send',
        body: { text: 'from us', numbers: ['13900003393'], sender },
      });
      expect(r.status, `${sender} ${JSON.stringify(r.body)}`).toBe(200);
    }
    for (const sender of ['ACME', '106900']) {
      const r = await call('SUB003', {
        path: '/sms/send',
        body: { text: 'domestic', numbers: ['13900003394'], sender },
        lang: 'en',
      });
      expect([r.status, r.body.code], sender).toEqual([400, 'SENDER_NOT_ALLOWED']);
      expect(r.body.message, sender).toContain('8005 / 1069008005');
    }
  });
});
