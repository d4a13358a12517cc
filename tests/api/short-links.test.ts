import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createShortLinks } from '../../platform/short-links/short-link.service';
import { DB_KINDS, startPlatform, type TestPlatform } from '../helpers/platform';
import { FAST_SIMULATOR, tokenFor } from './send-fixture';

// Short links over HTTP on both storages: the public /s/ redirect with click recording, the conversion tools, the
// click-record list, download, batch summary and pull feed, scoped per caller.

const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const WINDOWS_CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';

describe.each(DB_KINDS)('short links on %s', (kind) => {
  let p: TestPlatform;
  let admin: string;
  let user: string;
  let origin: string;
  beforeAll(async () => {
    p = await startPlatform(kind, { simulator: FAST_SIMULATOR });
    admin = await tokenFor(p, 'admin');
    user = await tokenFor(p, 'user');
    origin = new URL(p.base).origin;
  });
  afterAll(async () => p?.close());

  /** Visits a short URL through the platform's own /s/ route, without following the redirect. */
  const visit = (shortUrl: string, ua: string, lang = 'zh') =>
    fetch(`${origin}${new URL(shortUrl).pathname}`, { redirect: 'manual', headers: { 'User-Agent': ua, 'Accept-Language': lang } });
  const clicks = async (batch_id: string) =>
    (await p.call('/shortChainTool/list', { batch_id, pageSize: 100 }, { token: admin })).body.data.data as Array<Record<string, unknown>>;

  it('a link send to 3 numbers where 2 are visited: 2 click records with number, system and browser, 1 not clicked', async () => {
    const mobiles = ['13700000001', '13700000002', '13700000003'];
    const send = await p.call(
      '/shortChainTool/smsLinkGroupSend',
      { cus_id: 'EP0001', content: 'Spring sale {link} 回T退订', mobiles: mobiles.join('\n'), long_link: 'https://shop.example.com/sale?id=7' },
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
    expect(after.get(mobiles[0])).toMatchObject({ click_status: 1, osystem: 'iOS 17.0', browser: 'Mobile Safari 17', click_count: 1 });
    expect(after.get(mobiles[1])).toMatchObject({ click_status: 1, osystem: 'Windows 10', browser: 'Chrome 120' });
    expect(after.get(mobiles[0])!.click_time).toEqual(expect.any(Number));
    expect(after.get(mobiles[2])).toMatchObject({ click_status: 2, click_time: null, osystem: null, browser: null });
    const clicked = await p.call('/shortChainTool/list', { batch_id: batch, click_status: 1 }, { token: admin });
    expect(clicked.body.data.total).toBe(2);
    const summary = await p.call('/shortChainTool/batchSummary', { batch_id: batch }, { token: admin });
    expect(summary.body.data.data).toEqual([expect.objectContaining({ batch_id: batch, sent_count: 3, clicked_count: 2, clickRatio: 66.67 })]);
    // the message each recipient got carries its own link
    const mt = await p.ctx.db.query<{ mobile: string; content: string }>('select mobile, content from mt_records where batch_id = $1', [batch]);
    for (const m of mt) expect(m.content).toContain(byMobile.get(m.mobile)!.shortLink as string);
  });

  it('createShortLinks makes one unguessable code per number, stored with it', async () => {
    const links = await createShortLinks(p.ctx, { cusId: 'SUB001', longUrl: 'https://a.example.com/x', mobiles: ['13800000001', '13800000002'], batchId: 'B-SVC' });
    expect(links.map((l) => l.mobile)).toEqual(['13800000001', '13800000002']);
    for (const l of links) {
      expect(l.code).toMatch(/^[0-9A-Za-z]{8}$/);
      expect(l.shortUrl.endsWith(`/s/${l.code}`)).toBe(true);
    }
    expect(links[0].code).not.toBe(links[1].code);
    const stored = await p.ctx.db.query<{ mobile: string }>('select mobile from short_links where code = $1', [links[1].code]);
    expect(stored[0].mobile).toBe('13800000002');
    // the sub-account sees its own links; it never sees the enterprise's
    const own = await p.call('/shortChainTool/list', { batch_id: 'B-SVC' }, { token: user });
    expect(own.body.data.total).toBe(2);
    const other = await p.call('/shortChainTool/list', { cus_id: 'EP0001' }, { token: user });
    expect(other.body.data.data.every((r: { cus_id: string }) => r.cus_id === 'SUB001')).toBe(true);
  });

  it('longToShort makes (and reuses) a link that redirects and counts; shortToLong resolves it', async () => {
    const a = await p.call('/shortChainTool/longToShort', { longUrl: 'https://docs.example.com/guide' }, { token: user });
    expect(a.status).toBe(200);
    expect(a.body.data.shortUrl).toMatch(new RegExp(`^${origin}/s/[0-9A-Za-z]{8}$`));
    const again = await p.call('/shortChainTool/longToShort', { longUrl: 'https://docs.example.com/guide' }, { token: user });
    expect(again.body.data.shortUrl).toBe(a.body.data.shortUrl);
    const back = await p.call('/shortChainTool/shortToLong', { shortUrl: a.body.data.shortUrl }, { token: user });
    expect(back.body.data).toMatchObject({ longUrl: 'https://docs.example.com/guide', expiresAt: null });
    const hit = await visit(a.body.data.shortUrl, WINDOWS_CHROME);
    expect(hit.status).toBe(302);
    const row = await p.call('/shortChainTool/list', { click_status: 1 }, { token: user });
    expect(row.body.data.data).toEqual([expect.objectContaining({ decodeMobile: '', mtLonglink: 'https://docs.example.com/guide', click_status: 1 })]);
    // another enterprise's caller cannot resolve it (admin sees SUB001, so use a fresh unknown)
    const unknown = await p.call('/shortChainTool/shortToLong', { shortUrl: `${origin}/s/ZZZZZZZZ` }, { token: user, lang: 'en' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe('No such short link');
    const bad = await p.call('/shortChainTool/longToShort', { longUrl: 'javascript:alert(1)' }, { token: user });
    expect(bad.status).toBe(400);
    const past = await p.call('/shortChainTool/longToShort', { longUrl: 'https://docs.example.com/x', expiresAt: Date.now() - 1000 }, { token: user });
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
    const soon = await p.call('/shortChainTool/longToShort', { longUrl: 'https://soon.example.com/', expiresAt: Date.now() + 60_000 }, { token: admin });
    expect(soon.status).toBe(200);
    await p.ctx.db.query(`update short_links set expires_at = now() - interval '1 second' where code = $1`, [soon.body.data.code]);
    const expired = await visit(soon.body.data.shortUrl, IPHONE);
    expect(expired.status).toBe(404);
    const [row] = await p.ctx.db.query<{ click_status: number }>('select click_status from short_links where code = $1', [soon.body.data.code]);
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
    expect(Buffer.from(await file.arrayBuffer()).subarray(0, 2).toString()).toBe('PK');
    const pull = await p.call('/shortChainTool/pull', { direction: 'backfill', limit: 1000, checkpoint: null }, { token: user });
    expect(pull.status).toBe(200);
    expect(pull.body.data.documents.length).toBeGreaterThan(0);
    expect(pull.body.data.documents.every((d: { cus_id: string }) => d.cus_id === 'SUB001')).toBe(true);
    for (const body of [{ click_status: 9 }, { click_status: 'x' }, { decodeMobile: 'a\u0000' }]) {
      const r = await p.call('/shortChainTool/list', body, { token: admin });
      expect(r.status, JSON.stringify(body)).toBeLessThan(500);
    }
    expect((await p.call('/shortChainTool/list', { click_status: 9 }, { token: admin })).status).toBe(400);
    expect((await p.call('/shortChainTool/longToShort', { longUrl: `https://x.example.com/${'\u0000'}` }, { token: admin })).status).toBe(400);
    expect((await p.call('/shortChainTool/list', {})).status).toBe(401);
  });
});
