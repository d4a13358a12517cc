import { createServer as createHttpServer, type Server } from 'node:http';
import { createServer as createTcpServer, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileEnv } from '../helpers/file-env';
import { PER_CUSTOMER_IN_FLIGHT } from '../../platform/accounts/callback-worker';
import { DB_KINDS, platformFor, type TestPlatform, startPlatform } from '../helpers/platform';
import { tokenFor, waitFor } from './send.fixtures';
import { subAccountRequest } from './sub-account.fixtures';

// Push addresses are typed by customers and posted to from inside the platform's network. Checked on both storages
// over HTTP: internal destinations are refused when saved (every spelling, both routes, both languages) and at
// delivery; the delivery list tells a customer only "failed" or the HTTP status, never which kind of port answered;
// and a customer whose receiver never answers does not hold up another customer's callbacks.

fileEnv({ CALLBACK_RETRY_MS: '60000' });

const INTERNAL = {
  en: 'The address must be on the public internet, not the local host, a private network or a cloud metadata service',
  zh: '回调地址必须是公网地址，不能指向本机、内网或云元数据服务',
};
const INTERNAL_URLS = [
  'http://169.254.169.254/latest/meta-data/',
  'http://metadata.google.internal/computeMetadata/v1/',
  'http://10.1.2.3/r',
  'http://192.168.0.10:8080/r',
  'http://100.64.1.1/r',
  'http://localhost/r',
  'http://localhost:5432/r',
  'http://[::1]/r',
  'http://0.0.0.0:22/r',
  'http://2130706433/r',
  'http://0x7f.1/r',
  'http://127.1:6379/r',
  'https://127.0.0.1/r',
  'http://[::ffff:127.0.0.1]/r',
  'http://[fd00:ec2::254]/r',
  'http://[fe80::1]/r',
];
const PUBLIC = 'https://hooks.example.com/report';

const listening = (s: Server | ReturnType<typeof createTcpServer>) =>
  new Promise<number>((resolve) =>
    s.listen(0, '127.0.0.1', () => {
      const a = s.address();
      resolve(typeof a === 'object' && a ? a.port : 0);
    }),
  );

/** Queues a report callback for `cusId` to `url`, due now. */
async function queue(p: TestPlatform, cusId: string, urls: string[], ageMs = 1000): Promise<void> {
  await p.ctx.db.query(
    `insert into callback_deliveries (cus_id, kind, ref, url, payload, next_at)
     select $1, 'report', $1 || '-' || u.n || '-' || u.url, u.url, '{"type":"report"}'::jsonb, $3
       from unnest($2::text[]) with ordinality as u(url, n)`,
    [cusId, urls, new Date(Date.now() - ageMs)],
  );
}

describe.each(DB_KINDS)('callback addresses on %s', (kind) => {
  const p = platformFor(kind);
  let user: string;
  let admin: string;
  beforeAll(async () => {
    [user, admin] = await Promise.all([tokenFor(p, 'user'), tokenFor(p, 'admin')]);
  });

  const subAccount = (over: Record<string, unknown>) =>
    subAccountRequest({
      cus_id: 'HOOKSUB1',
      cus_name: 'hooks',
      ext_number: '321',
      pushMode: 1,
      reportUrl: PUBLIC,
      moUrl: PUBLIC,
      ...over,
    });

  it('refuses every spelling of an internal destination when it is saved, on both routes, in both languages', async () => {
    for (const url of INTERNAL_URLS) {
      for (const lang of ['zh', 'en'] as const) {
        for (const field of ['reportUrl', 'moUrl'] as const) {
          const push = await p.call(
            '/user/pushUrlModify',
            { reportUrl: PUBLIC, moUrl: PUBLIC, [field]: url },
            { token: user, lang },
          );
          expect([push.status, push.body.field, push.body.message], `${url} ${field} ${lang}`).toEqual([
            400,
            field,
            INTERNAL[lang],
          ]);
          const add = await p.call('/customer/customerAdd', subAccount({ [field]: url }), { token: admin, lang });
          expect([add.status, add.body.field, add.body.message], `${url} ${field} ${lang}`).toEqual([
            400,
            field,
            INTERNAL[lang],
          ]);
        }
      }
    }
    const info = await p.call('/user/getApiInfo', {}, { token: user });
    expect(info.body.data).toMatchObject({ reportUrl: '', moUrl: '' });
    expect(await p.ctx.db.query("select 1 from accounts where cus_id = 'HOOKSUB1'")).toHaveLength(0);
  });

  it('refuses credentials, and accepts public addresses on both routes', async () => {
    const creds = await p.call(
      '/user/pushUrlModify',
      { reportUrl: 'https://u:p@hooks.example.com/r', moUrl: PUBLIC },
      { token: user, lang: 'en' },
    );
    expect([creds.status, creds.body.field, creds.body.message]).toEqual([
      400,
      'reportUrl',
      'The link may not contain a user name or password',
    ]);
    const push = await p.call(
      '/user/pushUrlModify',
      { reportUrl: PUBLIC, moUrl: 'http://203.0.114.7:8080/mo' },
      { token: user },
    );
    expect(push.status, JSON.stringify(push.body)).toBe(200);
    const add = await p.call('/customer/customerAdd', subAccount({ moUrl: 'http://[2606:4700::1111]/mo' }), {
      token: admin,
    });
    expect(add.status, JSON.stringify(add.body)).toBe(200);
  });

  it('does not switch push on with internal addresses stored before the rule', async () => {
    await p.ctx.db.query(
      `update accounts set options = options || '{"reportUrl":"http://127.0.0.1:9/r","pushMode":0}'::jsonb where cus_id = 'SUB001'`,
    );
    const on = await p.call('/user/modifyApiInfo', { userIps: '', pushMode: 1 }, { token: user, lang: 'en' });
    expect([on.status, on.body.field, on.body.message]).toEqual([400, 'reportUrl', INTERNAL.en]);
  });

  it('refuses at delivery an address that leads inside: nothing reaches it and the list says only that', async () => {
    let hits = 0;
    const rx = createHttpServer((_req, res) => {
      hits += 1;
      res.writeHead(200).end();
    });
    const port = await listening(rx);
    try {
      // a row queued while the address was allowed (or before its name resolved inside)
      await queue(p, 'SUB001', [`http://127.0.0.1:${port}/r`]);
      await waitFor(
        () =>
          p.ctx.db.query<{ last_error: string | null }>(
            "select last_error from callback_deliveries where cus_id = 'SUB001'",
          ),
        (r) => r.length === 1 && r[0].last_error !== null,
      );
      expect(hits).toBe(0);
      for (const [lang, text] of [
        ['en', 'Address not allowed (it resolves to an internal address)'],
        ['zh', '地址不允许（解析到内网地址）'],
      ] as const) {
        const list = await p.call('/callback/list', {}, { token: user, lang });
        expect(list.body.data.data.map((d: { lastError: string }) => d.lastError)).toEqual([text]);
      }
    } finally {
      await new Promise<void>((r) => rx.close(() => r()));
    }
  });
});

/** A TCP server that never answers (`banner` unset) or answers with a non-HTTP banner; it counts the requests
 * that reached it and keeps their sockets open. */
async function rawServer(banner?: string) {
  const sockets = new Set<Socket>();
  let requests = 0;
  const server = createTcpServer((s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
    s.on('error', () => undefined);
    if (banner) s.write(banner);
    s.on('data', (c: Buffer) => {
      if (c.toString('latin1').startsWith('POST ')) requests += 1;
    });
  });
  const port = await listening(server);
  return {
    url: `http://127.0.0.1:${port}/hook`,
    requests: () => requests,
    open: () => sockets.size,
    close: () => {
      for (const s of sockets) s.destroy();
      return new Promise<void>((r) => server.close(() => r()));
    },
  };
}

describe.each(DB_KINDS)('callback delivery errors on %s', (kind) => {
  const p = platformFor(kind, { callbackAllowPrivate: true, callbackTimeoutMs: 500 });
  let user: string;
  beforeAll(async () => {
    user = await tokenFor(p, 'user');
  });

  it('shows a closed, a silent and a non-HTTP port alike, and the status of an HTTP answer', async () => {
    const closed = await rawServer();
    const closedUrl = closed.url;
    await closed.close();
    const silent = await rawServer();
    const ssh = await rawServer('SSH-2.0-OpenSSH_9.6\r\n');
    const http = createHttpServer((_req, res) => res.writeHead(503).end('busy'));
    const httpUrl = `http://127.0.0.1:${await listening(http)}/hook`;
    try {
      await queue(p, 'SUB001', [closedUrl, silent.url, ssh.url, httpUrl]);
      const rows = await waitFor(
        () =>
          p.ctx.db.query<{ url: string; last_error: string | null }>(
            "select url, last_error from callback_deliveries where cus_id = 'SUB001'",
          ),
        (r) => r.length === 4 && r.every((x) => x.last_error !== null),
      );
      expect(rows).toHaveLength(4);
      for (const [lang, failed, status] of [
        ['en', 'Delivery failed', 'The receiver answered HTTP 503'],
        ['zh', '投递失败', '接收方返回 HTTP 503'],
      ] as const) {
        const list = await p.call('/callback/list', {}, { token: user, lang });
        const shown = Object.fromEntries(
          list.body.data.data.map((d: { url: string; lastError: string }) => [d.url, d.lastError]),
        );
        expect(shown).toEqual({ [closedUrl]: failed, [silent.url]: failed, [ssh.url]: failed, [httpUrl]: status });
        expect(JSON.stringify(Object.values(shown))).not.toMatch(/ECONN|HPE_|timeout|error|socket|refused/i);
      }
    } finally {
      await Promise.all([silent.close(), ssh.close(), new Promise<void>((r) => http.close(() => r()))]);
    }
  });
});

describe.each(DB_KINDS)("callbacks of one customer beside another one's silent receiver on %s", (kind) => {
  let p: TestPlatform | undefined;
  afterAll(async () => p?.close());

  it("delivers the other customer's callback while the silent one's are still pending", async () => {
    // a silent receiver holds each attempt for the whole timeout: long enough to still be pending at the end
    const platform = await startPlatform(kind, { callbackAllowPrivate: true, callbackTimeoutMs: 120_000 });
    p = platform;
    const silent = await rawServer();
    let arrived = 0;
    const fast = createHttpServer((req, res) => {
      req.resume();
      arrived += 1;
      res.writeHead(204).end();
    });
    const fastUrl = `http://127.0.0.1:${await listening(fast)}/hook`;
    try {
      // the silent customer's rows are older: a claim in due order would take them all first
      await queue(
        platform,
        'SUB001',
        Array.from({ length: 40 }, (_, i) => `${silent.url}?n=${i}`),
        10_000,
      );
      await queue(platform, 'AGT001', [fastUrl]);
      await waitFor(
        async () => arrived,
        (n) => n === 1,
      );
      const silentRows = await platform.ctx.db.query<{ status: number; attempts: number; last_error: string | null }>(
        "select status, attempts, last_error from callback_deliveries where cus_id = 'SUB001'",
      );
      // none of the silent customer's attempts has ended, and it holds no more than its share of the worker
      expect(silentRows.every((r) => Number(r.status) === 0 && r.last_error === null)).toBe(true);
      expect(silentRows.filter((r) => Number(r.attempts) > 0).length).toBeLessThanOrEqual(PER_CUSTOMER_IN_FLIGHT);
      expect(silent.open()).toBeGreaterThan(0);
      await waitFor(
        () =>
          platform.ctx.db.query<{ status: number }>("select status from callback_deliveries where cus_id = 'AGT001'"),
        (r) => r.length === 1 && Number(r[0].status) === 1,
      );
    } finally {
      // closed first: it cuts off its attempts, then the receivers go
      await platform.close();
      p = undefined;
      await Promise.all([silent.close(), new Promise<void>((r) => fast.close(() => r()))]);
    }
  });
});
