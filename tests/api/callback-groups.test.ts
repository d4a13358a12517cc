import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileEnv } from '../helpers/file-env';
import { DB_KINDS, platformFor } from '../helpers/platform';
import { callbackReceiver, signedWith } from './callback-receiver.fixtures';
import { FAST_SIMULATOR, tokenFor, waitFor } from './send.fixtures';

// Reports in groups, as an account that asked for them receives them: a JSON array per post, each report with its
// delivery id, the header listing the group's ids, signed like a single report; a failed post is retried with the
// same ids; replies stay one object a post; a bad group size is refused and changes nothing; back at 1, one object
// per report again.

fileEnv({ CALLBACK_RETRY_MS: '50' });

const mobilesFrom = (first: number, n: number) =>
  Array.from({ length: n }, (_, i) => `1370000${String(first + i).padStart(4, '0')}`);

describe.each(DB_KINDS)('reports in groups on %s', (kind) => {
  // every delivered message draws a reply: replies go to the uplink address one at a time, as objects
  const p = platformFor(kind, { simulator: { ...FAST_SIMULATOR, replyRate: 1 }, callbackAllowPrivate: true });
  let user: string;
  let secret: string;
  let rx: Awaited<ReturnType<typeof callbackReceiver>>;
  beforeAll(async () => {
    user = await tokenFor(p, 'user');
    secret = (await p.call('/user/getAppsecret', { password: 'demo1234' }, { token: user })).body.data.appSecret;
    // the first report post is refused (replies are not): its reports must come again
    rx = await callbackReceiver({ refuseFirst: 1, refusedPath: '/report' });
    expect(
      (await p.call('/user/pushUrlModify', { reportUrl: `${rx.url}/report`, moUrl: `${rx.url}/mo` }, { token: user }))
        .status,
    ).toBe(200);
  });
  afterAll(() => rx?.close());

  it('posts up to the asked number of reports as one signed array, each once, retried under the same ids', async () => {
    const set = await p.call('/user/modifyApiInfo', { userIps: '', pushMode: 1, reportBatch: 10 }, { token: user });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(set.body.data.reportBatch).toBe(10);
    const mobiles = mobilesFrom(100, 25);
    const send = await p.call(
      '/user/groupSend',
      { cus_id: 'SUB001', content: 'grouped reports', mobiles: mobiles.join('\n') },
      { token: user },
    );
    expect(send.status, JSON.stringify(send.body)).toBe(200);
    const reportPosts = () => rx.accepted.filter((r) => r.path === '/report');
    const items = () =>
      reportPosts().flatMap(
        (r) => JSON.parse(r.body) as Array<{ mobile: string; deliveryId: string; sn: string; type: string }>,
      );
    await waitFor(
      async () => new Set(items().map((i) => i.mobile)).size,
      (n) => n >= 25,
    );
    for (const r of reportPosts()) {
      const body = JSON.parse(r.body);
      expect(Array.isArray(body)).toBe(true);
      expect(body.length).toBeGreaterThan(0);
      expect(body.length).toBeLessThanOrEqual(10);
      expect(signedWith(secret, r)).toBe(true);
      // the header names exactly the group's reports
      expect(String(r.headers['x-sms-delivery-id']).split(',')).toEqual(
        body.map((b: { deliveryId: string }) => b.deliveryId),
      );
    }
    const all = items();
    expect(all.every((i) => i.type === 'report')).toBe(true);
    expect([...new Set(all.map((i) => i.mobile))].sort()).toEqual(mobiles);
    // fewer posts than reports: what a group is for
    expect(reportPosts().length).toBeLessThan(25);
    // the replies to those messages, one object a post
    const replies = await waitFor(
      async () => rx.accepted.filter((r) => r.path === '/mo').map((r) => JSON.parse(r.body)),
      (bodies) => bodies.filter((b) => mobiles.includes(b.mobile)).length >= 25,
    );
    expect(replies.every((b) => !Array.isArray(b) && b.type === 'mo' && b.deliveryId === undefined)).toBe(true);
    // the refused first post's reports came again under the ids they had, and none came twice once accepted
    const ids = all.map((i) => i.deliveryId);
    expect(new Set(ids).size).toBe(ids.length);
    // an outcome is written after the receiver's answer
    const rows = await waitFor(
      () =>
        p.ctx.db.query<{ id: string; status: number; attempts: number }>(
          "select id::text as id, status, attempts from callback_deliveries where kind = 'report' and cus_id = 'SUB001' and ref = any($1::text[])",
          [[...new Set(all.map((i) => i.sn))]],
        ),
      (r) => r.length === 25 && r.every((d) => Number(d.status) === 1),
    );
    expect(rows.filter((r) => Number(r.attempts) === 2).length).toBeGreaterThan(0);
    expect(new Set(rows.map((r) => r.id))).toEqual(new Set(ids));
  });

  it('refuses a group size outside 1-100 in the caller’s language and keeps the one it had', async () => {
    for (const reportBatch of [0, 101, 2.5, 'many']) {
      const res = await p.call(
        '/user/modifyApiInfo',
        { userIps: '', pushMode: 1, reportBatch },
        { token: user, lang: 'en' },
      );
      expect(res.status).toBe(400);
      expect(JSON.stringify(res.body)).toContain('Reports per callback must be a whole number from 1 to 100');
    }
    expect((await p.call('/user/getApiInfo', {}, { token: user })).body.data.reportBatch).toBe(10);
  });

  it('posts each report on its own again once the account asks for 1', async () => {
    expect(
      (await p.call('/user/modifyApiInfo', { userIps: '', pushMode: 1, reportBatch: 1 }, { token: user })).status,
    ).toBe(200);
    const reports = () => rx.accepted.filter((r) => r.path === '/report');
    const before = reports().length;
    const mobiles = mobilesFrom(200, 3);
    const send = await p.call(
      '/user/groupSend',
      { cus_id: 'SUB001', content: 'single reports', mobiles: mobiles.join('\n') },
      { token: user },
    );
    expect(send.status).toBe(200);
    await waitFor(
      async () => reports().length - before,
      (n) => n >= 3,
    );
    const bodies = reports()
      .slice(before)
      .map((r) => JSON.parse(r.body));
    expect(bodies.every((b) => !Array.isArray(b) && b.type === 'report' && b.deliveryId === undefined)).toBe(true);
    expect(bodies.map((b) => b.mobile).sort()).toEqual(mobiles);
  });
});
