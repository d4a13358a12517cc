import { createServer } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileEnv } from '../helpers/file-env';
import { durablePlatform, durableStorage } from '../helpers/durable-platform';
import { DB_KINDS, testConfig, platformFor } from '../helpers/platform';
import { callbackReceiver, signedWith } from './callback-receiver.fixtures';
import { FAST_SIMULATOR, tokenFor, waitFor } from './send.fixtures';

// Callbacks that really happen, on both storages, against a real HTTP receiver on 127.0.0.1 (allowed by
// callbackAllowPrivate, as in a closed network): signed with the app secret, retried with backoff after failures,
// delivered exactly once, never lost across a restart, and visible to the user with status and last error.

fileEnv({ CALLBACK_RETRY_MS: '50' });

describe.each(DB_KINDS)('callbacks on %s', (kind) => {
  const p = platformFor(kind, { simulator: { ...FAST_SIMULATOR, replyRate: 1 }, callbackAllowPrivate: true });
  let user: string;
  let secret: string;
  beforeAll(async () => {
    user = await tokenFor(p, 'user');
    secret = (await p.call('/user/getAppsecret', { password: 'demo1234' }, { token: user })).body.data.appSecret;
  });

  it('delivers every report and reply exactly once, signed, after a receiver that fails twice', async () => {
    const rx = await callbackReceiver({ refuseFirst: 2 });
    try {
      const set = await p.call(
        '/user/pushUrlModify',
        { reportUrl: `${rx.url}/report`, moUrl: `${rx.url}/mo` },
        { token: user },
      );
      expect(set.status).toBe(200);
      const mobiles = ['13700000001', '13700000002', '13700000003'];
      const send = await p.call(
        '/user/groupSend',
        { cus_id: 'SUB001', content: 'callback test', mobiles: mobiles.join('\n') },
        { token: user },
      );
      expect(send.status, JSON.stringify(send.body)).toBe(200);
      // 3 reports and 3 replies
      await waitFor(
        async () => rx.accepted.length,
        (n) => n >= 6,
      );
      const delivered = await waitFor(
        () =>
          p.ctx.db.query<{ status: number }>(
            "select status from callback_deliveries where cus_id = 'SUB001' and ref like $1 or (kind = 'mo' and cus_id = 'SUB001')",
            [`${send.body.data.batch_id}%`],
          ),
        (rows) => rows.length === 6 && rows.every((r) => Number(r.status) === 1),
      );
      expect(delivered).toHaveLength(6);
      expect(rx.requests()).toBe(8);
      const bodies = rx.accepted.map((r) => JSON.parse(r.body));
      const reports = bodies.filter((b) => b.type === 'report');
      const replies = bodies.filter((b) => b.type === 'mo');
      expect(reports.map((b) => b.mobile).sort()).toEqual(mobiles);
      expect(new Set(reports.map((b) => b.sn)).size).toBe(3);
      expect(replies).toHaveLength(3);
      expect(reports[0]).toMatchObject({ cus_id: 'SUB001', mt_status: 0 });
      for (const r of rx.accepted) expect(signedWith(secret, r)).toBe(true);
      expect(signedWith('another secret', rx.accepted[0])).toBe(false);
      // the two failures are visible to the user on the delivery that met them
      const list = await p.call('/callback/list', { pageSize: 50 }, { token: user, lang: 'en' });
      expect(list.status).toBe(200);
      const retried = list.body.data.data.filter((d: any) => d.attempts > 1);
      expect(retried.length).toBeGreaterThan(0);
      expect(list.body.data.data.every((d: any) => d.status === 1 && d.deliveredTime !== null)).toBe(true);
      // the admin sees the deliveries of its enterprise; nobody sees other accounts'
      const agent = await tokenFor(p, 'agent');
      expect((await p.call('/callback/list', {}, { token: agent })).body.data.total).toBe(0);
      // no callbacks when push mode is off
      await p.call('/user/modifyApiInfo', { userIps: '', pushMode: 0 }, { token: user });
      const before = await p.ctx.db.query('select id from callback_deliveries');
      const quiet = await p.call(
        '/user/groupSend',
        { cus_id: 'SUB001', content: 'no push', mobiles: '13700000009' },
        { token: user },
      );
      await waitFor(
        () =>
          p.ctx.db.query('select 1 from mt_records where batch_id = $1 and mt_status = 0', [quiet.body.data.batch_id]),
        (r) => r.length === 1,
      );
      expect(await p.ctx.db.query('select id from callback_deliveries')).toHaveLength(before.length);
    } finally {
      await rx.close();
    }
  });

  it('shows the last error while it keeps retrying a receiver that is down', async () => {
    const rx = await callbackReceiver();
    const url = rx.url;
    await rx.close();
    await p.call('/user/pushUrlModify', { reportUrl: `${url}/report`, moUrl: `${url}/mo` }, { token: user });
    await p.call('/user/groupSend', { cus_id: 'SUB001', content: 'down', mobiles: '13700000011' }, { token: user });
    const list = await waitFor(
      async () => (await p.call('/callback/list', { status: 0 }, { token: user })).body.data.data as any[],
      (rows) => rows.some((d) => d.attempts >= 2 && d.lastError !== ''),
    );
    expect(list[0].nextTime).toBeGreaterThan(0);
  });
});

describe.each(DB_KINDS)('callbacks across a restart on %s', (kind) => {
  let where = '';
  let remove = () => undefined as void;
  beforeAll(async () => {
    ({ where, remove } = await durableStorage(kind, 'cb'));
  });
  afterAll(() => remove());

  it('delivers what was queued before the platform stopped', async () => {
    const config = testConfig({ simulator: FAST_SIMULATOR, callbackAllowPrivate: true });
    const rx = await callbackReceiver();
    const url = rx.url;
    await rx.close();
    const a = await durablePlatform(kind, where, config);
    const [u] = await a.ctx.db.query<{ id: number }>("select id from users where username = 'user'");
    const { issueToken } = await import('../../platform/auth/tokens');
    const token = (await issueToken(a.ctx.db, u.id, new Date())).token;
    const post = (path: string, body: unknown) =>
      fetch(a.base + path, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
        body: JSON.stringify(body),
      });
    expect((await post('/user/pushUrlModify', { reportUrl: `${url}/report`, moUrl: `${url}/mo` })).status).toBe(200);
    expect(
      (await post('/user/groupSend', { cus_id: 'SUB001', content: 'restart', mobiles: '13700000021\n13700000022' }))
        .status,
    ).toBe(200);
    // queued and failing while the receiver is down
    await waitFor(
      () => a.ctx.db.query<{ attempts: number }>("select attempts from callback_deliveries where kind = 'report'"),
      (r) => r.length === 2 && r.every((x) => x.attempts >= 1),
    );
    await a.close();

    const port = Number(new URL(url).port);
    const accepted: string[] = [];
    const server = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString('utf8')));
      req.on('end', () => {
        accepted.push(body);
        res.writeHead(204).end();
      });
    });
    await new Promise<void>((r) => server.listen(port, '127.0.0.1', r));
    const b = await durablePlatform(kind, where, config);
    try {
      await waitFor(
        async () => accepted.length,
        (n) => n >= 2,
      );
      const rows = await waitFor(
        () => b.ctx.db.query<{ status: number }>("select status from callback_deliveries where kind = 'report'"),
        (r) => r.every((x) => Number(x.status) === 1),
      );
      expect(rows).toHaveLength(2);
      expect(accepted.map((x) => JSON.parse(x).mobile).sort()).toEqual(['13700000021', '13700000022']);
    } finally {
      await b.close();
      await new Promise<void>((r) => server.close(() => r()));
    }
  });
});
