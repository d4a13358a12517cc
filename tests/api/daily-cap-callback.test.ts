import { beforeAll, describe, expect, it } from 'vitest';
import type { SendPolicy } from '../../contract/endpoints/send-policy.endpoints';
import { enqueueCallbacks } from '../../platform/accounts/callbacks';
import { appSecretOf } from '../../platform/accounts/secrets';
import { fileEnv } from '../helpers/file-env';
import { DB_KINDS, platformFor } from '../helpers/platform';
import { callbackReceiver, signedWith } from './callback-receiver.fixtures';
import { countRows, FAST_SIMULATOR, tokenFor, waitFor } from './send.fixtures';

// The daily cap's 80 % mark: besides the console notice, an account in push mode gets one signed callback at its
// report address, with the figures, once per day however many sends cross or pass the mark at once; an account
// without push gets the notice alone.

fileEnv({ CALLBACK_RETRY_MS: '50' });

describe.each(DB_KINDS)('the daily cap callback on %s', (kind) => {
  const p = platformFor(kind, { simulator: FAST_SIMULATOR, callbackAllowPrivate: true, logLevel: 'error' });
  let admin: string;
  beforeAll(async () => {
    admin = await tokenFor(p, 'admin');
  });
  const setCap = async (cusId: string, cap: number) => {
    const policy: SendPolicy = (await p.call('/sendPolicy/get', {}, { token: admin })).body.data;
    const changed = await p.call(
      '/sendPolicy/modify',
      { ...policy, dailyCaps: [...policy.dailyCaps.filter((c) => c.cusId !== cusId), { cusId, cap }] },
      { token: admin },
    );
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
  };
  const numbers = (from: number, n: number) =>
    Array.from({ length: n }, (_, i) => `139888${String(from + i).padStart(5, '0')}`);
  const send = async (cusId: string, mobiles: string[]) => {
    const r = await p.call(
      '/user/groupSend',
      { cus_id: cusId, content: `cap ${mobiles[0]}`, mobiles: mobiles.join('\n') },
      { token: admin, lang: 'en' },
    );
    expect(r.status, JSON.stringify(r.body)).toBe(200);
  };
  const notices = (cusId: string) =>
    countRows(p, "select 1 from notices where cus_id = $1 and kind = 'dailyCapNear'", [cusId]);
  const capDeliveries = (cusId: string) =>
    p.ctx.db.query<{ id: string; ref: string; status: number }>(
      "select id::text as id, ref, status from callback_deliveries where kind = 'cap' and cus_id = $1",
      [cusId],
    );

  it('push on: one signed callback with the figures when sends reach 80 %, sent at once or not; none after', async () => {
    const rx = await callbackReceiver();
    try {
      const user = await tokenFor(p, 'user');
      expect(
        (await p.call('/user/pushUrlModify', { reportUrl: `${rx.url}/report`, moUrl: `${rx.url}/mo` }, { token: user }))
          .status,
      ).toBe(200);
      await setCap('SUB001', 10);
      await send('SUB001', numbers(0, 7));
      expect(await capDeliveries('SUB001')).toEqual([]);
      // three sends at once take the day from 7 to 10: whichever crosses 8 first queues the one callback
      await Promise.all([send('SUB001', numbers(7, 1)), send('SUB001', numbers(8, 1)), send('SUB001', numbers(9, 1))]);
      expect(await notices('SUB001')).toBe(1);
      const [queued, ...more] = await capDeliveries('SUB001');
      expect(more).toEqual([]);
      const caps = () => rx.accepted.filter((r) => JSON.parse(r.body).type === 'cap');
      const [got] = await waitFor(
        async () => caps(),
        (c) => c.length === 1,
      );
      const [{ day }] = await p.ctx.db.query<{ day: string }>(
        "select to_char(day, 'YYYY-MM-DD') as day from policy_daily where cus_id = 'SUB001'",
      );
      const body = JSON.parse(got.body);
      expect(body).toEqual({
        type: 'cap',
        cus_id: 'SUB001',
        day,
        cap: 10,
        used: body.used,
        left: 10 - body.used,
        notice_time: expect.any(Number),
      });
      expect(body.used).toBeGreaterThanOrEqual(8);
      expect(queued.ref).toBe(`SUB001/${day}`);
      expect(got.headers['x-sms-delivery-id']).toBe(queued.id);
      const secret = (await appSecretOf(p.ctx.db, 'SUB001')).secret;
      expect(signedWith(secret, got)).toBe(true);
      expect(got.headers['content-type']).toBe('application/json');
      await waitFor(
        () => capDeliveries('SUB001'),
        (rows) => rows.length === 1 && Number(rows[0].status) === 1,
      );
      // raised, and sent past 80 % of the new cap the same day: the day's one callback was sent
      await setCap('SUB001', 12);
      await send('SUB001', numbers(10, 1));
      expect(await capDeliveries('SUB001')).toHaveLength(1);
      // queued again for the same account and day (another instance's send crossing the mark at the same moment)
      await enqueueCallbacks(p.ctx.db, p.ctx.now(), [], [], [{ cus_id: 'SUB001', day, cap: 10, used: 8, left: 2 }]);
      expect(await capDeliveries('SUB001')).toHaveLength(1);
      expect(caps()).toHaveLength(1);
    } finally {
      await rx.close();
    }
  });

  it('push off: the notice comes, no callback is queued', async () => {
    const [push] = await p.ctx.db.query<{ mode: string | null }>(
      "select options->>'pushMode' as mode from accounts where cus_id = 'SUB002'",
    );
    expect(push.mode).not.toBe('1');
    await setCap('SUB002', 5);
    await send('SUB002', numbers(100, 4));
    expect(await notices('SUB002')).toBe(1);
    expect(await capDeliveries('SUB002')).toEqual([]);
  });
});
