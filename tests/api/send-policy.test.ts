import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SendPolicy } from '../../contract/endpoints/send-policy.endpoints';
import { wallClockIn } from '../../contract/time-zone';
import { appSecretOf } from '../../platform/accounts/secrets';
import { sendDueTimeBatches } from '../../platform/messaging/scheduler';
import { windowTimeOf } from '../../platform/messaging/send-policy-count';
import { STATUS } from '../../platform/smpp-wire/command-status';
import { callIntegrator } from '../helpers/integrator-client';
import { DB_KINDS, platformFor } from '../helpers/platform';
import { FAST_SIMULATOR, tokenFor, waitFor } from './send.fixtures';
import { bindTestAccount, smppTestAccount, ucs2Submit } from './smpp.fixtures';

// The enterprise's send policy: its endpoints (defaults, admin-only changes, bad input changing nothing), and the
// per-number caps and the duplicate window on every door (console, HTTP, SMPP) at a controlled clock, on both storages.
describe.each(DB_KINDS)('send policy on %s', (kind) => {
  const p = platformFor(kind, { smppPort: 'auto', simulator: FAST_SIMULATOR, logLevel: 'error' });
  const call = async (path: string, body: unknown, token: string, lang: 'zh' | 'en' = 'en') => p.call(path, body, { token, lang });
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

  it('answers the defaults; an admin changes it; anyone else gets 403; bad input a 400 that changes nothing', async () => {
    const admin = await tokenFor(p, 'admin');
    const user = await tokenFor(p, 'user');
    const defaults = await policyOf(user);
    expect(defaults).toEqual({
      caps: {
        verification: { perMinute: 1, perHour: 5, perDay: 10 },
        notification: { perMinute: 0, perHour: 0, perDay: 0 },
        marketing: { perMinute: 0, perHour: 0, perDay: 0 },
      },
      duplicateWindowS: 30,
      dailyCap: 0,
      dailyCaps: [],
      quietHours: { enabled: false, from: '21:00', to: '08:00', action: 'hold' },
      marketingOptOut: { mode: 'append', textZh: '回T退订', textEn: 'Reply T to opt out' },
    });
    const changed = { ...defaults, duplicateWindowS: 60, dailyCaps: [{ cusId: 'SUB002', cap: 500 }], quietHours: { ...defaults.quietHours, enabled: true } };
    const saved = await call('/sendPolicy/modify', changed, admin);
    expect(saved.status).toBe(200);
    expect(saved.body.data).toEqual(changed);
    expect(await policyOf(user)).toEqual(changed);

    const notAdmin = await call('/sendPolicy/modify', defaults, user);
    expect(notAdmin.status).toBe(403);
    expect(notAdmin.body.message).toBe("Only the enterprise's admin may change the send policy");
    const bad = [
      { ...defaults, duplicateWindowS: 86_401 },
      { ...defaults, caps: { ...defaults.caps, verification: { perMinute: -1, perHour: 5, perDay: 10 } } },
      { ...defaults, quietHours: { ...defaults.quietHours, from: '24:00' } },
      { ...defaults, marketingOptOut: { ...defaults.marketingOptOut, textEn: 'x'.repeat(41) } },
      { ...defaults, dailyCaps: [{ cusId: 'NOPE01', cap: 5 }] },
    ];
    for (const body of bad) expect((await call('/sendPolicy/modify', body, admin)).status).toBe(400);
    const stranger = await call('/sendPolicy/modify', bad[4], admin, 'zh');
    expect(stranger.body.message).toBe('账号 NOPE01 不属于本企业');
    expect(await policyOf(admin)).toEqual(changed);
    await setPolicy(admin, () => defaults);
  });

  it('caps verification codes at 1 a minute on the console and HTTP doors; another number passes; a minute later it passes', async () => {
    const admin = await tokenFor(p, 'admin');
    useClock(new Date(Math.floor(realNow() / 60_000) * 60_000));
    const [A, B, C] = ['13955550001', '13955550002', '13955550003'];
    const first = await call('/user/groupSend', { cus_id: 'SUB001', content: 'code 1111', mobiles: A, category: 'verification' }, admin);
    expect(first.body.data).toMatchObject({ validCount: 1, limitedCount: 0 });
    // the second code to A in the same minute: A alone is refused whole, named; with B beside it, A is dropped and counted
    const alone = await call('/user/groupSend', { cus_id: 'SUB001', content: 'code 2222', mobiles: A, category: 'verification' }, admin);
    expect(alone.status).toBe(400);
    expect(alone.body.message).toBe('All 1 numbers are over the per-minute cap');
    const mixed = await call('/user/groupSend', { cus_id: 'SUB001', content: 'code 3333', mobiles: `${A}\n${B}`, category: 'verification' }, admin);
    expect(mixed.body.data).toMatchObject({ validCount: 1, limitedCount: 1, limited: [{ mobile: A, reason: 'frequency.minute' }] });
    expect(Number(mixed.body.data.cost)).toBeGreaterThan(0);

    const r = await httpSend([A, C], 'code 4444', 'verification');
    expect(r.body.results.map((x: { code: string | null; limit?: string }) => [x.code, x.limit ?? null])).toEqual([
      ['FREQUENCY_LIMITED', 'frequency.minute'],
      [null, null],
    ]);
    // notifications are not capped by default
    expect((await httpSend([A], 'notice 1')).body.results[0].code).toBe(null);

    useClock(new Date(at.getTime() + 60_000));
    expect((await call('/user/groupSend', { cus_id: 'SUB001', content: 'code 5555', mobiles: A, category: 'verification' }, admin)).body.data.validCount).toBe(
      1,
    );
    expect((await httpSend([C], 'code 6666', 'verification')).body.results[0].code).toBe(null);
    // the hour's cap (5) counts every minute before it: A has had 2 codes
    for (let i = 0; i < 3; i++) {
      useClock(new Date(at.getTime() + 60_000));
      expect((await httpSend([A], `code 7${i}`, 'verification')).body.results[0].code).toBe(null);
    }
    useClock(new Date(at.getTime() + 60_000));
    expect((await httpSend([A], 'code 80', 'verification')).body.results[0]).toMatchObject({ code: 'FREQUENCY_LIMITED', limit: 'frequency.hour' });
  });

  it("the minute cap counts the 60 s before a send, across a calendar minute's end", async () => {
    const A = '13955620001';
    const fifty = new Date(Math.floor(realNow() / 60_000) * 60_000 + 50_000);
    useClock(fifty);
    expect((await httpSend([A], 'code s1', 'verification')).body.results[0].code).toBe(null);
    // 20 s on, in the next calendar minute: still within 60 s of the first
    useClock(new Date(fifty.getTime() + 20_000));
    expect((await httpSend([A], 'code s2', 'verification')).body.results[0]).toMatchObject({ code: 'FREQUENCY_LIMITED', limit: 'frequency.minute' });
    useClock(new Date(fifty.getTime() + 60_000));
    expect((await httpSend([A], 'code s3', 'verification')).body.results[0].code).toBe(null);
  });

  it('refuses the same text to the same number within the window on the console and HTTP doors; another text passes', async () => {
    const admin = await tokenFor(p, 'admin');
    useClock(new Date(realNow()));
    const [A, B] = ['13955560001', '13955560002'];
    expect((await call('/user/groupSend', { cus_id: 'SUB001', content: 'same text', mobiles: A }, admin)).body.data.validCount).toBe(1);
    const again = await call('/user/groupSend', { cus_id: 'SUB001', content: 'same text', mobiles: `${A}\n${B}` }, admin);
    expect(again.body.data).toMatchObject({ validCount: 1, limitedCount: 1, limited: [{ mobile: A, reason: 'duplicate' }] });
    const dup = await httpSend([A, B], 'same text');
    expect(dup.body.results.map((x: { code: string | null }) => x.code)).toEqual(['DUPLICATE', 'DUPLICATE']);
    expect((await httpSend([A], 'another text')).body.results[0].code).toBe(null);
    // the window is 30 s: 31 s later the same text goes again
    useClock(new Date(at.getTime() + 31_000));
    expect((await httpSend([A], 'same text')).body.results[0].code).toBe(null);

    // a text past the window that a cap then refuses gives its claim back: the window keeps the time of the one that went
    const C = '13955560003';
    const minute = new Date(Math.floor(realNow() / 60_000) * 60_000 + 120_000);
    useClock(minute);
    expect((await httpSend([B], 'code 9', 'verification')).body.results[0].code).toBe(null);
    useClock(new Date(minute.getTime() + 31_000));
    const capped = await httpSend([B, C], 'code 9', 'verification');
    expect(capped.body.results.map((x: { code: string | null; limit?: string }) => [x.code, x.limit ?? null])).toEqual([
      ['FREQUENCY_LIMITED', 'frequency.minute'],
      [null, null],
    ]);
    const [{ ep_id }] = await p.ctx.db.query<{ ep_id: string }>("select ep_id from accounts where cus_id = 'SUB001'");
    expect((await windowTimeOf(p.ctx.db, ep_id, B, 'code 9'))?.getTime()).toBe(minute.getTime());
  });

  it("a daily cap set after the day's first sends counts from when it is set; its refusal says what is left, in the plural when it must", async () => {
    const admin = await tokenFor(p, 'admin');
    const defaults = await policyOf(admin);
    const numbers = (from: number, n: number) => Array.from({ length: n }, (_, i) => `13955600${String(from + i).padStart(3, '0')}`);
    const send = (ms: string[], lang: 'zh' | 'en' = 'en') =>
      call('/user/groupSend', { cus_id: 'SUB002', content: `daily ${ms[0]}`, mobiles: ms.join('\n') }, admin, lang);
    try {
      expect((await send(numbers(0, 3))).body.data.validCount).toBe(3);
      await setPolicy(admin, (x) => ({ ...x, dailyCaps: [{ cusId: 'SUB002', cap: 3 }] }));
      expect((await send(numbers(3, 2))).body.data.validCount).toBe(2);
      const over = await send(numbers(5, 2));
      expect(over.status).toBe(400);
      expect(over.body.message).toBe("This send would pass the account's daily cap of 3; 1 message is left today");
      expect((await send(numbers(5, 2), 'zh')).body.message).toBe('已达到账号每日发送上限 3 条，今天还可发送 1 条');
      expect((await send(numbers(7, 1))).body.data.validCount).toBe(1);
      expect((await send(numbers(8, 1))).body.message).toBe("This send would pass the account's daily cap of 3; 0 messages are left today");
    } finally {
      await setPolicy(admin, () => defaults);
    }
  });

  it('marketing content gets the opt-out text appended in its language, or is refused without it, or left alone when off', async () => {
    const admin = await tokenFor(p, 'admin');
    const defaults = await policyOf(admin);
    const contentOf = async (batchId: string) =>
      (await p.ctx.db.query<{ content: string }>('select content from mt_records where batch_id = $1', [batchId])).map((r) => r.content);
    const marketing = (content: string, mobile: string) =>
      call('/user/groupSend', { cus_id: 'SUB001', content, mobiles: mobile, category: 'marketing' }, admin);
    try {
      expect(await contentOf((await marketing('双十一大促', '13955580001')).body.data.batch_id)).toEqual(['双十一大促 回T退订']);
      expect(await contentOf((await marketing('Big sale', '13955580002')).body.data.batch_id)).toEqual(['Big sale Reply T to opt out']);
      expect(await contentOf((await marketing('大促 回T退订', '13955580003')).body.data.batch_id)).toEqual(['大促 回T退订']);
      const http = await httpSend(['13955580004'], 'Flash sale', 'marketing');
      expect(http.body.results[0]).toMatchObject({ accepted: true, segments: 1 });
      const [sent] = await p.ctx.db.query<{ content: string }>("select content from mt_records where mobile = '13955580004'");
      expect(sent.content).toBe('Flash sale Reply T to opt out');

      await setPolicy(admin, (x) => ({ ...x, marketingOptOut: { ...x.marketingOptOut, mode: 'refuse' } }));
      const refused = await marketing('Big sale', '13955580005');
      expect(refused.status).toBe(400);
      expect(refused.body.message).toBe('A marketing message must carry the opt-out text ("回T退订" or "Reply T to opt out")');
      expect((await httpSend(['13955580005'], 'Flash sale', 'marketing')).body).toMatchObject({ code: 'INVALID_REQUEST', field: 'text' });
      // a notification is no marketing: left as written
      expect(
        await contentOf((await call('/user/groupSend', { cus_id: 'SUB001', content: 'Your parcel', mobiles: '13955580005' }, admin)).body.data.batch_id),
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
      call('/user/groupSend', { cus_id: 'SUB001', content: '周末特惠 回T退订', mobiles: mobile, category: 'marketing' }, admin);
    try {
      // the HTTP door answers message ids at once and cannot hold one: refused whole, the window named, nothing stored.
      // Its signature is checked against the real clock, so the window is put around the real time in Shanghai: all
      // day but the hour an hour from now.
      useClock(new Date(realNow()));
      const minute = Math.floor((realNow() + 8 * 3_600_000) / 60_000) % 1440;
      const clock = (m: number) => `${String(Math.floor((m % 1440) / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
      const around = { enabled: true, from: clock(minute + 120), to: clock(minute + 60), action: 'hold' as const };
      await setPolicy(admin, (x) => ({ ...x, quietHours: around }));
      const http = await httpSend(['13955590003'], 'Weekend offer Reply T to opt out', 'marketing');
      expect(http.status).toBe(409);
      expect(http.body).toMatchObject({ code: 'QUIET_HOURS', message: `Marketing messages are not sent in the quiet hours ${around.from}–${around.to}` });
      expect(await p.ctx.db.query("select 1 from mt_records where mobile = '13955590003'")).toEqual([]);
      useClock(evening);
      await setPolicy(admin, (x) => ({ ...x, quietHours: { enabled: true, from: '21:00', to: '08:00', action: 'hold' } }));
      const held = await marketing('13955590001');
      expect(held.status).toBe(200);
      expect(held.body.data).toMatchObject({ validCount: 1, held_until: morning.toISOString() });
      expect(held.body.message).toBe('Held for the quiet hours: it goes out when they end (cancel it under timed sends)');
      const tb = held.body.data.time_batch as string;
      const stateOf = async () =>
        (await p.ctx.db.query<{ send_status: number; timing_time: Date }>('select send_status, timing_time from time_batches where time_batch = $1', [tb]))[0];
      expect(await stateOf()).toMatchObject({ send_status: 0, timing_time: morning });
      // a notification at the same hour is never held
      const notice = await call('/user/groupSend', { cus_id: 'SUB001', content: '您的快递已到', mobiles: '13955590002' }, admin);
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

  it('SMPP: a cap (per number or the daily one) answers ESME_RTHROTTLED and a duplicate ESME_RSUBMITFAIL, each reason logged', async () => {
    const admin = await tokenFor(p, 'admin');
    const defaults = await policyOf(admin);
    // SMPP messages are notifications: cap those for this test
    await setPolicy(admin, (x) => ({ ...x, caps: { ...x.caps, notification: { perMinute: 1, perHour: 0, perDay: 0 } } }));
    useClock(new Date(Math.floor(realNow() / 60_000) * 60_000));
    await smppTestAccount(p, { balance: 100 });
    const warn = vi.spyOn(p.ctx.log, 'warn');
    const { peer } = await bindTestAccount(p);
    const [A, B] = ['13955570001', '13955570002'];
    try {
      expect((await peer.call(ucs2Submit(A, 'smpp one'))).commandStatus).toBe(STATUS.ROK);
      expect((await peer.call(ucs2Submit(A, 'smpp two'))).commandStatus).toBe(STATUS.RTHROTTLED);
      expect((await peer.call(ucs2Submit(B, 'smpp one'))).commandStatus).toBe(STATUS.ROK);
      useClock(new Date(at.getTime() + 60_000));
      expect((await peer.call(ucs2Submit(A, 'smpp two'))).commandStatus).toBe(STATUS.ROK);
      // 10 s on, in the same minute: the same text is a duplicate (no throttle: a retry will not help) before any cap
      useClock(new Date(at.getTime() + 10_000));
      expect((await peer.call(ucs2Submit(A, 'smpp two'))).commandStatus).toBe(STATUS.RSUBMITFAIL);
      // the account's daily cap: one message left today, then a throttle; with no cap until now, today counts from here
      const [{ time_zone: zone }] = await p.ctx.db.query<{ time_zone: string }>("select time_zone from accounts where cus_id = 'SUB001'");
      const today = wallClockIn(zone, p.ctx.now().getTime()).slice(0, 10);
      expect(await p.ctx.db.query("select n from policy_daily where cus_id = 'SUB001' and day = $1::date", [today])).toEqual([]);
      await setPolicy(admin, (x) => ({ ...x, dailyCaps: [{ cusId: 'SUB001', cap: 1 }] }));
      expect((await peer.call(ucs2Submit('13955570003', 'smpp three'))).commandStatus).toBe(STATUS.ROK);
      expect((await peer.call(ucs2Submit('13955570004', 'smpp four'))).commandStatus).toBe(STATUS.RTHROTTLED);
    } finally {
      peer.end();
      await setPolicy(admin, () => defaults);
    }
    const reasons = warn.mock.calls.map(([o]) => (o as { reason?: string }).reason);
    expect(reasons).toEqual(expect.arrayContaining(['policy.frequency.minute', 'policy.duplicate', 'policy.dailyCapReached']));
    warn.mockRestore();
  });
});
