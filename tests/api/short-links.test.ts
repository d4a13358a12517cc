import { request } from 'node:http';
import { beforeAll, describe, expect, it } from 'vitest';
import { createShortLinks } from '../../platform/short-links/short-link.service';
import { DB_KINDS, platformFor } from '../helpers/platform';
import { balanceOf, countRows, FAST_SIMULATOR, tokenFor } from './send.fixtures';

// Short links over HTTP on both storages: the public /s/ redirect with click recording, the conversion tools, the
// click-record list, download, batch summary and pull feed, scoped per caller; targets limited to http(s), clicks
// counted once per visitor, and links made on the platform's own base whatever Host a request names.

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const WINDOWS_CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';

describe.each(DB_KINDS)('short links on %s', (kind) => {
  const p = platformFor(kind, { simulator: FAST_SIMULATOR });
  let admin: string;
  let user: string;
  let origin: string;
  beforeAll(async () => {
    admin = await tokenFor(p, 'admin');
    user = await tokenFor(p, 'user');
    origin = new URL(p.base).origin;
  });

  /** Visits a short URL through the platform's own /s/ route, without following the redirect. */
  const visit = (shortUrl: string, ua: string, lang = 'zh', method = 'GET') =>
    fetch(`${origin}${new URL(shortUrl).pathname}`, {
      method,
      redirect: 'manual',
      headers: { 'User-Agent': ua, 'Accept-Language': lang },
    });
  const linkRow = async (code: string) =>
    (
      await p.ctx.db.query<{ click_count: number; click_status: number }>(
        'select click_count, click_status from short_links where code = $1',
        [code],
      )
    )[0];
  /** A POST to the service with a Host header of the caller's choosing (fetch keeps the URL's own). */
  const postWithHost = (path: string, body: unknown, host: string, token: string) =>
    new Promise<{ status: number; body: any }>((resolve, reject) => {
      const url = new URL(p.base + path);
      const payload = JSON.stringify(body);
      const headers = {
        Host: host,
        'X-Forwarded-Host': host,
        'X-Forwarded-Proto': 'https',
        Authorization: `Bearer ${token}`,
        'Content-Type': 'application/json',
      };
      const req = request(
        { hostname: url.hostname, port: url.port, path: url.pathname, method: 'POST', headers },
        (res) => {
          let text = '';
          res.on('data', (d) => (text += d));
          res.on('end', () => resolve({ status: res.statusCode!, body: JSON.parse(text) }));
        },
      );
      req.on('error', reject);
      req.end(payload);
    });
  const clicks = async (batch_id: string) =>
    (await p.call('/shortChainTool/list', { batch_id, pageSize: 100 }, { token: admin })).body.data.data as Array<
      Record<string, unknown>
    >;

  it('a link send to 3 numbers where 2 are visited: 2 click records with number, system and browser, 1 not clicked', async () => {
    const mobiles = ['13700000001', '13700000002', '13700000003'];
    const send = await p.call(
      '/shortChainTool/smsLinkGroupSend',
      {
        cus_id: 'EP0001',
        content: 'Spring sale {link} 回T退订',
        mobiles: mobiles.join('\n'),
        long_link: 'https://shop.example.com/sale?id=7',
      },
      { token: admin },
    );
    expect(send.status, JSON.stringify(send.body)).toBe(200);
    const batch = send.body.data.batch_id as string;
    const rows = await clicks(batch);
    expect(rows.map((r) => r.decodeMobile).sort()).toEqual(mobiles);
    const byMobile = new Map(rows.map((r) => [r.decodeMobile as string, r]));
    const first = await visit(byMobile.get(mobiles[0])!.shortLink as string, IPHONE);
    expect(first.status).toBe(302);
    expect(first.headers.get('location')).toBe('https://shop.example.com/sale?id=7');
    expect((await visit(byMobile.get(mobiles[1])!.shortLink as string, WINDOWS_CHROME)).status).toBe(302);
    const after = new Map((await clicks(batch)).map((r) => [r.decodeMobile as string, r]));
    expect(after.get(mobiles[0])).toMatchObject({
      click_status: 1,
      osystem: 'iOS 17.0',
      browser: 'Mobile Safari 17',
      click_count: 1,
    });
    expect(after.get(mobiles[1])).toMatchObject({ click_status: 1, osystem: 'Windows 10', browser: 'Chrome 120' });
    expect(after.get(mobiles[0])!.click_time).toEqual(expect.any(Number));
    expect(after.get(mobiles[2])).toMatchObject({ click_status: 2, click_time: null, osystem: null, browser: null });
    const clicked = await p.call('/shortChainTool/list', { batch_id: batch, click_status: 1 }, { token: admin });
    expect(clicked.body.data.total).toBe(2);
    const summary = await p.call('/shortChainTool/batchSummary', { batch_id: batch }, { token: admin });
    expect(summary.body.data.data).toEqual([
      expect.objectContaining({ batch_id: batch, sent_count: 3, clicked_count: 2, clickRatio: 66.67 }),
    ]);
    // the message each recipient got carries its own link
    const mt = await p.ctx.db.query<{ mobile: string; content: string }>(
      'select mobile, content from mt_records where batch_id = $1',
      [batch],
    );
    for (const m of mt) expect(m.content).toContain(byMobile.get(m.mobile)!.shortLink as string);
  });

  it('createShortLinks makes one unguessable code per number, stored with it', async () => {
    const links = await createShortLinks(p.ctx, {
      cusId: 'SUB001',
      longUrl: 'https://a.example.com/x',
      mobiles: ['13800000001', '13800000002'],
      batchId: 'B-SVC',
    });
    expect(links.map((l) => l.mobile)).toEqual(['13800000001', '13800000002']);
    for (const l of links) {
      expect(l.code).toMatch(/^[0-9A-Za-z]{8}$/);
      expect(l.shortUrl.endsWith(`/s/${l.code}`)).toBe(true);
    }
    expect(links[0].code).not.toBe(links[1].code);
    const stored = await p.ctx.db.query<{ mobile: string }>('select mobile from short_links where code = $1', [
      links[1].code,
    ]);
    expect(stored[0].mobile).toBe('13800000002');
    // the sub-account sees its own links; it never sees the enterprise's
    const own = await p.call('/shortChainTool/list', { batch_id: 'B-SVC' }, { token: user });
    expect(own.body.data.total).toBe(2);
    const other = await p.call('/shortChainTool/list', { cus_id: 'EP0001' }, { token: user });
    expect(other.body.data.data.every((r: { cus_id: string }) => r.cus_id === 'SUB001')).toBe(true);
  });

  it('longToShort makes (and reuses) a link that redirects and counts; shortToLong resolves it', async () => {
    const a = await p.call(
      '/shortChainTool/longToShort',
      { longUrl: 'https://docs.example.com/guide' },
      { token: user },
    );
    expect(a.status).toBe(200);
    expect(a.body.data.shortUrl).toMatch(new RegExp(`^${origin}/s/[0-9A-Za-z]{8}$`));
    const again = await p.call(
      '/shortChainTool/longToShort',
      { longUrl: 'https://docs.example.com/guide' },
      { token: user },
    );
    expect(again.body.data.shortUrl).toBe(a.body.data.shortUrl);
    const back = await p.call('/shortChainTool/shortToLong', { shortUrl: a.body.data.shortUrl }, { token: user });
    expect(back.body.data).toMatchObject({ longUrl: 'https://docs.example.com/guide', expiresAt: null });
    const hit = await visit(a.body.data.shortUrl, WINDOWS_CHROME);
    expect(hit.status).toBe(302);
    const row = await p.call('/shortChainTool/list', { click_status: 1 }, { token: user });
    expect(row.body.data.data).toEqual([
      expect.objectContaining({ decodeMobile: '', mtLonglink: 'https://docs.example.com/guide', click_status: 1 }),
    ]);
    // another enterprise's caller cannot resolve it (admin sees SUB001, so use a fresh unknown)
    const unknown = await p.call(
      '/shortChainTool/shortToLong',
      { shortUrl: `${origin}/s/ZZZZZZZZ` },
      { token: user, lang: 'en' },
    );
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe('No such short link');
    const bad = await p.call('/shortChainTool/longToShort', { longUrl: 'javascript:alert(1)' }, { token: user });
    expect(bad.status).toBe(400);
    const past = await p.call(
      '/shortChainTool/longToShort',
      { longUrl: 'https://docs.example.com/x', expiresAt: Date.now() - 1000 },
      { token: user },
    );
    expect(past.status).toBe(400);
  });

  it('unknown and expired codes answer a plain localized page with 404', async () => {
    const unknown = await visit(`${origin}/s/NoSuchCode1`, IPHONE);
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get('content-type')).toMatch(/text\/html/);
    expect(await unknown.text()).toContain('链接不存在');
    const en = await visit(`${origin}/s/x`, IPHONE, 'en');
    expect(en.status).toBe(404);
    expect(await en.text()).toContain('Link not found');
    const soon = await p.call(
      '/shortChainTool/longToShort',
      { longUrl: 'https://soon.example.com/', expiresAt: Date.now() + 60_000 },
      { token: admin },
    );
    expect(soon.status).toBe(200);
    await p.ctx.db.query(`update short_links set expires_at = now() - interval '1 second' where code = $1`, [
      soon.body.data.code,
    ]);
    const expired = await visit(soon.body.data.shortUrl, IPHONE);
    expect(expired.status).toBe(404);
    const [row] = await p.ctx.db.query<{ click_status: number }>(
      'select click_status from short_links where code = $1',
      [soon.body.data.code],
    );
    expect(row.click_status).toBe(2);
  });

  it('download answers an xlsx; the pull feed serves click records and refuses bad input with 400', async () => {
    const file = await fetch(`${p.base}/shortChainTool/download`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${admin}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ click_status: 1 }),
    });
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toMatch(/spreadsheetml/);
    expect(
      Buffer.from(await file.arrayBuffer())
        .subarray(0, 2)
        .toString(),
    ).toBe('PK');
    const pull = await p.call(
      '/shortChainTool/pull',
      { direction: 'backfill', limit: 1000, checkpoint: null },
      { token: user },
    );
    expect(pull.status).toBe(200);
    expect(pull.body.data.documents.length).toBeGreaterThan(0);
    expect(pull.body.data.documents.every((d: { cus_id: string }) => d.cus_id === 'SUB001')).toBe(true);
    for (const body of [{ click_status: 9 }, { click_status: 'x' }, { decodeMobile: 'a\u0000' }]) {
      const r = await p.call('/shortChainTool/list', body, { token: admin });
      expect(r.status, JSON.stringify(body)).toBeLessThan(500);
    }
    expect((await p.call('/shortChainTool/list', { click_status: 9 }, { token: admin })).status).toBe(400);
    expect(
      (await p.call('/shortChainTool/longToShort', { longUrl: `https://x.example.com/${'\u0000'}` }, { token: admin }))
        .status,
    ).toBe(400);
    expect((await p.call('/shortChainTool/list', {})).status).toBe(401);
  });

  it.each([
    ['/shortChainTool/smsLinkGroupSend', 'long_link'],
    ['/user/taokeGroupSend', 'product_link'],
  ])('%s refuses every target but http(s), in zh and en, and creates and charges nothing', async (path, field) => {
    const links = () => countRows(p, 'select 1 from short_links where cus_id = $1', ['EP0001']);
    const sent = () => countRows(p, 'select 1 from mt_records where cus_id = $1', ['EP0001']);
    const [linksBefore, sentBefore, balance] = [await links(), await sent(), await balanceOf(p, 'EP0001')];
    const targets = [
      'javascript:alert(document.cookie)',
      'data:text/html,<script>alert(1)</script>',
      'file:///etc/passwd',
      'intent://x#Intent;scheme=http;end',
    ];
    for (const target of targets) {
      const body = { cus_id: 'EP0001', content: 'Sale {link}', mobiles: '13700000009', [field]: target };
      const zh = await p.call(path, body, { token: admin });
      expect(zh.status, target).toBe(400);
      expect(zh.body.message, target).toBe('请输入以 http:// 或 https:// 开头的地址');
      const en = await p.call(path, body, { token: admin, lang: 'en' });
      expect(en.status, target).toBe(400);
      expect(en.body.message, target).toBe('Enter an address starting with http:// or https://');
    }
    const creds = await p.call(
      path,
      { cus_id: 'EP0001', content: 'Sale', mobiles: '13700000009', [field]: 'https://a:b@shop.example.com/' },
      { token: admin, lang: 'en' },
    );
    expect(creds.body.message).toBe('The link may not contain a user name or password');
    expect(await links()).toBe(linksBefore);
    expect(await sent()).toBe(sentBefore);
    expect(await balanceOf(p, 'EP0001')).toBe(balance);
  });

  it('a stored target that is not http(s) is never redirected to: 404 page, no click', async () => {
    const bad = [
      'javascript:alert(1)',
      'data:text/html,hi',
      'file:///etc/passwd',
      'intent://x#Intent;end',
      'https://a:b@shop.example.com/',
    ];
    for (const [i, target] of bad.entries()) {
      const code = `BadTarget${i}`;
      await p.ctx.db.query(
        `insert into short_links(code, sn, cus_id, long_url, short_url, create_time) values ($1, $1, 'SUB001', $2, $3, now())`,
        [code, target, `${origin}/s/${code}`],
      );
      const r = await visit(`${origin}/s/${code}`, IPHONE, 'en');
      expect(r.status, target).toBe(404);
      expect(r.headers.get('location'), target).toBeNull();
      expect(await r.text()).toContain('Link not found');
      expect(await linkRow(code)).toEqual({ click_count: 0, click_status: 2 });
    }
  });

  it('a link with a non-Latin host and path redirects with an ASCII Location', async () => {
    const made = await p.call(
      '/shortChainTool/longToShort',
      { longUrl: 'https://例子.测试/路径?q=值' },
      { token: user },
    );
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const r = await visit(made.body.data.shortUrl, IPHONE);
    expect(r.status).toBe(302);
    expect(r.headers.get('location')).toBe('https://xn--fsqu00a.xn--0zwm56d/%E8%B7%AF%E5%BE%84?q=%E5%80%BC');
    // a row stored with the raw text (by an older platform) redirects the same
    await p.ctx.db.query(
      `insert into short_links(code, sn, cus_id, long_url, short_url, create_time) values ('IdnStored1', 'IdnStored1', 'SUB001', $1, '', now())`,
      ['https://例子.测试/路径'],
    );
    const stored = await visit(`${origin}/s/IdnStored1`, IPHONE);
    expect(stored.status).toBe(302);
    expect(stored.headers.get('location')).toBe('https://xn--fsqu00a.xn--0zwm56d/%E8%B7%AF%E5%BE%84');
  });

  it('clicks count once per visitor and never on HEAD; no address is stored', async () => {
    const made = await p.call(
      '/shortChainTool/longToShort',
      { longUrl: 'https://count.example.com/once' },
      { token: user },
    );
    const { code, shortUrl } = made.body.data as { code: string; shortUrl: string };
    const heads = await Promise.all(Array.from({ length: 5 }, () => visit(shortUrl, IPHONE, 'zh', 'HEAD')));
    expect(heads.map((h) => h.status)).toEqual([302, 302, 302, 302, 302]);
    expect(await linkRow(code)).toEqual({ click_count: 0, click_status: 2 });
    for (let round = 0; round < 10; round++) {
      const hits = await Promise.all(Array.from({ length: 25 }, () => visit(shortUrl, IPHONE)));
      expect(
        hits.every((h) => h.status === 302 && h.headers.get('location') === 'https://count.example.com/once'),
      ).toBe(true);
    }
    expect(await linkRow(code)).toEqual({ click_count: 1, click_status: 1 });
    // the same address with another browser is another visitor
    expect((await visit(shortUrl, WINDOWS_CHROME)).status).toBe(302);
    expect((await visit(shortUrl, WINDOWS_CHROME)).status).toBe(302);
    expect(await linkRow(code)).toEqual({ click_count: 2, click_status: 1 });
    const visitors = await p.ctx.db.query<{ visitor: string }>(
      'select visitor from short_link_visitors where code = $1',
      [code],
    );
    expect(visitors).toHaveLength(2);
    for (const v of visitors) expect(v.visitor).not.toContain('127.0.0.1');
  });

  it("a forged Host header never reaches a link: the configured base, else the server's own address", async () => {
    const own = await postWithHost(
      '/shortChainTool/longToShort',
      { longUrl: 'https://host.example.com/a' },
      'evil.example',
      user,
    );
    expect(own.status).toBe(200);
    expect(own.body.data.shortUrl).toMatch(new RegExp(`^${origin}/s/[0-9A-Za-z]{8}$`));
    p.ctx.config.shortLinkBase = 'https://s.example.com/s';
    try {
      const made = await postWithHost(
        '/shortChainTool/longToShort',
        { longUrl: 'https://host.example.com/b' },
        'evil.example',
        user,
      );
      expect(made.body.data.shortUrl).toMatch(/^https:\/\/s\.example\.com\/s\/[0-9A-Za-z]{8}$/);
      const send = await postWithHost(
        '/shortChainTool/smsLinkGroupSend',
        { cus_id: 'EP0001', content: 'Sale {link}', mobiles: '13700000021', long_link: 'https://host.example.com/c' },
        'evil.example',
        admin,
      );
      expect(send.status, JSON.stringify(send.body)).toBe(200);
      expect(send.body.data.short_link).toMatch(/^https:\/\/s\.example\.com\/s\/[0-9A-Za-z]{8}$/);
    } finally {
      p.ctx.config.shortLinkBase = null;
    }
  });
});
