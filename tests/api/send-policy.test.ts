import { describe, expect, it, vi } from 'vitest';
import { wallClockIn } from '../../contract/time-zone';
import { windowTimeOf } from '../../platform/messaging/send-policy-count';
import { STATUS } from '../../platform/smpp-wire/command-status';
import { DB_KINDS } from '../helpers/platform';
import { policyPlatform } from './send-policy.fixtures';
import { tokenFor } from './send.fixtures';
import { bindTestAccount, smppTestAccount, ucs2Submit } from './smpp.fixtures';

// The enterprise's send policy: its endpoints (defaults, admin-only changes, bad input changing nothing), and the
// per-number caps and the duplicate window on every door (console, HTTP, SMPP) at a controlled clock, on both storages.
// Marketing content (opt-out text, quiet hours): send-policy-marketing.test.ts.
describe.each(DB_KINDS)('send policy on %s', (kind) => {
  const { p, call, realNow, useClock, clockAt, policyOf, setPolicy, httpSend } = policyPlatform(kind);

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
    const changed = {
      ...defaults,
      duplicateWindowS: 60,
      dailyCaps: [{ cusId: 'SUB002', cap: 500 }],
      quietHours: { ...defaults.quietHours, enabled: true },
    };
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
    const first = await call(
      '/user/groupSend',
      { cus_id: 'SUB001', content: 'code 1111', mobiles: A, category: 'verification' },
      admin,
    );
    expect(first.body.data).toMatchObject({ validCount: 1, limitedCount: 0 });
    // the second code to A in the same minute: A alone is refused whole, named; with B beside it, A is dropped and counted
    const alone = await call(
      '/user/groupSend',
      { cus_id: 'SUB001', content: 'code 2222', mobiles: A, category: 'verification' },
      admin,
    );
    expect(alone.status).toBe(400);
    expect(alone.body.message).toBe('All 1 numbers are over the per-minute cap');
    const mixed = await call(
      '/user/groupSend',
      { cus_id: 'SUB001', content: 'code 3333', mobiles: `${A}\n${B}`, category: 'verification' },
      admin,
    );
    expect(mixed.body.data).toMatchObject({
      validCount: 1,
      limitedCount: 1,
      limited: [{ mobile: A, reason: 'frequency.minute' }],
    });
    expect(Number(mixed.body.data.cost)).toBeGreaterThan(0);

    const r = await httpSend([A, C], 'code 4444', 'verification');
    expect(r.body.results.map((x: { code: string | null; limit?: string }) => [x.code, x.limit ?? null])).toEqual([
      ['FREQUENCY_LIMITED', 'frequency.minute'],
      [null, null],
    ]);
    // notifications are not capped by default
    expect((await httpSend([A], 'notice 1')).body.results[0].code).toBe(null);

    useClock(new Date(clockAt().getTime() + 60_000));
    expect(
      (
        await call(
          '/user/groupSend',
          { cus_id: 'SUB001', content: 'code 5555', mobiles: A, category: 'verification' },
          admin,
        )
      ).body.data.validCount,
    ).toBe(1);
    expect((await httpSend([C], 'code 6666', 'verification')).body.results[0].code).toBe(null);
    // the hour's cap (5) counts every minute before it: A has had 2 codes
    for (let i = 0; i < 3; i++) {
      useClock(new Date(clockAt().getTime() + 60_000));
      expect((await httpSend([A], `code 7${i}`, 'verification')).body.results[0].code).toBe(null);
    }
    useClock(new Date(clockAt().getTime() + 60_000));
    expect((await httpSend([A], 'code 80', 'verification')).body.results[0]).toMatchObject({
      code: 'FREQUENCY_LIMITED',
      limit: 'frequency.hour',
    });
  });

  it("the minute cap counts the 60 s before a send, across a calendar minute's end", async () => {
    const A = '13955620001';
    const fifty = new Date(Math.floor(realNow() / 60_000) * 60_000 + 50_000);
    useClock(fifty);
    expect((await httpSend([A], 'code s1', 'verification')).body.results[0].code).toBe(null);
    // 20 s on, in the next calendar minute: still within 60 s of the first
    useClock(new Date(fifty.getTime() + 20_000));
    expect((await httpSend([A], 'code s2', 'verification')).body.results[0]).toMatchObject({
      code: 'FREQUENCY_LIMITED',
      limit: 'frequency.minute',
    });
    useClock(new Date(fifty.getTime() + 60_000));
    expect((await httpSend([A], 'code s3', 'verification')).body.results[0].code).toBe(null);
  });

  it('refuses the same text to the same number within the window on the console and HTTP doors; another text passes', async () => {
    const admin = await tokenFor(p, 'admin');
    useClock(new Date(realNow()));
    const [A, B] = ['13955560001', '13955560002'];
    expect(
      (await call('/user/groupSend', { cus_id: 'SUB001', content: 'same text', mobiles: A }, admin)).body.data
        .validCount,
    ).toBe(1);
    const again = await call(
      '/user/groupSend',
      { cus_id: 'SUB001', content: 'same text', mobiles: `${A}\n${B}` },
      admin,
    );
    expect(again.body.data).toMatchObject({
      validCount: 1,
      limitedCount: 1,
      limited: [{ mobile: A, reason: 'duplicate' }],
    });
    const dup = await httpSend([A, B], 'same text');
    expect(dup.body.results.map((x: { code: string | null }) => x.code)).toEqual(['DUPLICATE', 'DUPLICATE']);
    expect((await httpSend([A], 'another text')).body.results[0].code).toBe(null);
    // the window is 30 s: 31 s later the same text goes again
    useClock(new Date(clockAt().getTime() + 31_000));
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
    const numbers = (from: number, n: number) =>
      Array.from({ length: n }, (_, i) => `13955600${String(from + i).padStart(3, '0')}`);
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
      expect((await send(numbers(8, 1))).body.message).toBe(
        "This send would pass the account's daily cap of 3; 0 messages are left today",
      );
    } finally {
      await setPolicy(admin, () => defaults);
    }
  });

  it('SMPP: a cap (per number or the daily one) answers ESME_RTHROTTLED and a duplicate ESME_RSUBMITFAIL, each reason logged', async () => {
    const admin = await tokenFor(p, 'admin');
    const defaults = await policyOf(admin);
    // SMPP messages are notifications: cap those for this test
    await setPolicy(admin, (x) => ({
      ...x,
      caps: { ...x.caps, notification: { perMinute: 1, perHour: 0, perDay: 0 } },
    }));
    useClock(new Date(Math.floor(realNow() / 60_000) * 60_000));
    await smppTestAccount(p, { balance: 100 });
    const warn = vi.spyOn(p.ctx.log, 'warn');
    const { peer } = await bindTestAccount(p);
    const [A, B] = ['13955570001', '13955570002'];
    try {
      expect((await peer.call(ucs2Submit(A, 'smpp one'))).commandStatus).toBe(STATUS.ROK);
      expect((await peer.call(ucs2Submit(A, 'smpp two'))).commandStatus).toBe(STATUS.RTHROTTLED);
      expect((await peer.call(ucs2Submit(B, 'smpp one'))).commandStatus).toBe(STATUS.ROK);
      useClock(new Date(clockAt().getTime() + 60_000));
      expect((await peer.call(ucs2Submit(A, 'smpp two'))).commandStatus).toBe(STATUS.ROK);
      // 10 s on, in the same minute: the same text is a duplicate (no throttle: a retry will not help) before any cap
      useClock(new Date(clockAt().getTime() + 10_000));
      expect((await peer.call(ucs2Submit(A, 'smpp two'))).commandStatus).toBe(STATUS.RSUBMITFAIL);
      // the account's daily cap: one message left today, then a throttle; with no cap until now, today counts from here
      const [{ time_zone: zone }] = await p.ctx.db.query<{ time_zone: string }>(
        "select time_zone from accounts where cus_id = 'SUB001'",
      );
      const today = wallClockIn(zone, p.ctx.now().getTime()).slice(0, 10);
      expect(
        await p.ctx.db.query("select n from policy_daily where cus_id = 'SUB001' and day = $1::date", [today]),
      ).toEqual([]);
      await setPolicy(admin, (x) => ({ ...x, dailyCaps: [{ cusId: 'SUB001', cap: 1 }] }));
      expect((await peer.call(ucs2Submit('13955570003', 'smpp three'))).commandStatus).toBe(STATUS.ROK);
      expect((await peer.call(ucs2Submit('13955570004', 'smpp four'))).commandStatus).toBe(STATUS.RTHROTTLED);
    } finally {
      peer.end();
      await setPolicy(admin, () => defaults);
    }
    const reasons = warn.mock.calls.map(([o]) => (o as { reason?: string }).reason);
    expect(reasons).toEqual(
      expect.arrayContaining(['policy.frequency.minute', 'policy.duplicate', 'policy.dailyCapReached']),
    );
    warn.mockRestore();
  });
});
