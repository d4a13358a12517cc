import { describe, expect, it } from 'vitest';
import { DB_KINDS } from '../helpers/platform';
import { sendDueTimeBatches } from '../../platform/messaging/scheduler';
import { policyPlatform } from './send-policy.fixtures';
import { tokenFor, waitFor } from './send.fixtures';

// The send policy on marketing content: the opt-out text appended, required or left alone, and the quiet hours that
// hold a marketing send until they end or refuse it, on both storages.
describe.each(DB_KINDS)('send policy on marketing on %s', (kind) => {
  const { p, call, realNow, useClock, policyOf, setPolicy, httpSend } = policyPlatform(kind);
  it('marketing content gets the opt-out text appended in its language, or is refused without it, or left alone when off', async () => {
    const admin = await tokenFor(p, 'admin');
    const defaults = await policyOf(admin);
    const contentOf = async (batchId: string) =>
      (await p.ctx.db.query<{ content: string }>('select content from mt_records where batch_id = $1', [batchId])).map(
        (r) => r.content,
      );
    const marketing = (content: string, mobile: string) =>
      call('/user/groupSend', { cus_id: 'SUB001', content, mobiles: mobile, category: 'marketing' }, admin);
    try {
      expect(await contentOf((await marketing('双十一大促', '13955580001')).body.data.batch_id)).toEqual([
        '双十一大促 回T退订',
      ]);
      expect(await contentOf((await marketing('Big sale', '13955580002')).body.data.batch_id)).toEqual([
        'Big sale Reply T to opt out',
      ]);
      expect(await contentOf((await marketing('大促 回T退订', '13955580003')).body.data.batch_id)).toEqual([
        '大促 回T退订',
      ]);
      const http = await httpSend(['13955580004'], 'Flash sale', 'marketing');
      expect(http.body.results[0]).toMatchObject({ accepted: true, segments: 1 });
      const [sent] = await p.ctx.db.query<{ content: string }>(
        "select content from mt_records where mobile = '13955580004'",
      );
      expect(sent.content).toBe('Flash sale Reply T to opt out');

      await setPolicy(admin, (x) => ({ ...x, marketingOptOut: { ...x.marketingOptOut, mode: 'refuse' } }));
      const refused = await marketing('Big sale', '13955580005');
      expect(refused.status).toBe(400);
      expect(refused.body.message).toBe(
        'A marketing message must carry the opt-out text ("回T退订" or "Reply T to opt out")',
      );
      expect((await httpSend(['13955580005'], 'Flash sale', 'marketing')).body).toMatchObject({
        code: 'INVALID_REQUEST',
        field: 'text',
      });
      // a notification is no marketing: left as written
      expect(
        await contentOf(
          (await call('/user/groupSend', { cus_id: 'SUB001', content: 'Your parcel', mobiles: '13955580005' }, admin))
            .body.data.batch_id,
        ),
      ).toEqual(['Your parcel']);

      await setPolicy(admin, (x) => ({ ...x, marketingOptOut: { ...x.marketingOptOut, mode: 'off' } }));
      expect(await contentOf((await marketing('Big sale', '13955580006')).body.data.batch_id)).toEqual(['Big sale']);
    } finally {
      await setPolicy(admin, () => defaults);
    }
  });

  it('holds a marketing send inside the quiet hours until they end, then the scheduler sends it; refuse mode refuses it', async () => {
    const admin = await tokenFor(p, 'admin');
    const defaults = await policyOf(admin);
    // 22:30 in Shanghai (the demo accounts' zone), inside 21:00-08:00: held until 08:00 tomorrow
    const evening = new Date('2026-11-27T14:30:00Z');
    const morning = new Date('2026-11-28T00:00:00Z');
    useClock(evening);
    const marketing = (mobile: string) =>
      call(
        '/user/groupSend',
        { cus_id: 'SUB001', content: '周末特惠 回T退订', mobiles: mobile, category: 'marketing' },
        admin,
      );
    try {
      // the HTTP door answers message ids at once and cannot hold one: refused whole, the window named, nothing stored.
      // Its signature is checked against the real clock, so the window is put around the real time in Shanghai: all
      // day but the hour an hour from now.
      useClock(new Date(realNow()));
      const minute = Math.floor((realNow() + 8 * 3_600_000) / 60_000) % 1440;
      const clock = (m: number) =>
        `${String(Math.floor((m % 1440) / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
      const around = { enabled: true, from: clock(minute + 120), to: clock(minute + 60), action: 'hold' as const };
      await setPolicy(admin, (x) => ({ ...x, quietHours: around }));
      const http = await httpSend(['13955590003'], 'Weekend offer Reply T to opt out', 'marketing');
      expect(http.status).toBe(409);
      expect(http.body).toMatchObject({
        code: 'QUIET_HOURS',
        message: `Marketing messages are not sent in the quiet hours ${around.from}–${around.to}`,
      });
      expect(await p.ctx.db.query("select 1 from mt_records where mobile = '13955590003'")).toEqual([]);
      useClock(evening);
      await setPolicy(admin, (x) => ({
        ...x,
        quietHours: { enabled: true, from: '21:00', to: '08:00', action: 'hold' },
      }));
      const held = await marketing('13955590001');
      expect(held.status).toBe(200);
      expect(held.body.data).toMatchObject({ validCount: 1, held_until: morning.toISOString() });
      expect(held.body.message).toBe(
        'Held for the quiet hours: it goes out when they end (cancel it under timed sends)',
      );
      const tb = held.body.data.time_batch as string;
      const stateOf = async () =>
        (
          await p.ctx.db.query<{ send_status: number; timing_time: Date }>(
            'select send_status, timing_time from time_batches where time_batch = $1',
            [tb],
          )
        )[0];
      expect(await stateOf()).toMatchObject({ send_status: 0, timing_time: morning });
      // a notification at the same hour is never held
      const notice = await call(
        '/user/groupSend',
        { cus_id: 'SUB001', content: '您的快递已到', mobiles: '13955590002' },
        admin,
      );
      expect(notice.body.data).toMatchObject({ time_batch: null });
      expect(notice.body.data.held_until).toBeUndefined();

      // nothing goes before the window ends; at its end the scheduler sends it
      await sendDueTimeBatches(p.ctx, 100);
      expect((await stateOf()).send_status).toBe(0);
      useClock(morning);
      // released by this call or by the platform's own scheduler round, whichever comes first
      await sendDueTimeBatches(p.ctx);
      await waitFor(stateOf, (t) => t.send_status !== 0);
      expect(await p.ctx.db.query("select mobile from mt_records where mobile = '13955590001'")).toHaveLength(1);

      useClock(evening);
      await setPolicy(admin, (x) => ({ ...x, quietHours: { ...x.quietHours, action: 'refuse' } }));
      const refused = await marketing('13955590004');
      expect(refused.status).toBe(400);
      expect(refused.body.message).toBe('Marketing messages are not sent in the quiet hours 21:00–08:00');
      // outside the window a marketing send goes at once
      useClock(new Date('2026-11-28T02:00:00Z'));
      expect((await marketing('13955590005')).body.data).toMatchObject({ validCount: 1, time_batch: null });
    } finally {
      await setPolicy(admin, () => defaults);
    }
  });
});
