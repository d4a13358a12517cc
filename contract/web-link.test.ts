import { describe, expect, it } from 'vitest';
import { smsLinkGroupSendEndpoint, taokeGroupSendEndpoint } from './endpoints/send.endpoints';
import { longToShortEndpoint } from './endpoints/short-link.endpoints';
import { translate } from './messages';
import { redirectTarget, webLinkProblem } from './web-link';

// Only absolute http(s) addresses with a host and no credentials may become a short link's target, on every call that
// stores one; and the redirect sends a valid (ASCII) Location for any stored link.

const BAD_SCHEMES = [
  'javascript:alert(document.cookie)',
  'JavaScript://%0aalert(1)',
  'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
  'file:///etc/passwd',
  'intent://scan/#Intent;scheme=zxing;package=com.google.zxing.client.android;end',
  'vbscript:msgbox(1)',
  'ftp://files.example.com/a',
  'https:shop.example.com/p',
  'https:///p',
  'http://',
  ' java\nscript:alert(1)',
  'https://shop.example.com/a b',
  'https:\\\\evil.example/',
  'https://shop.example.com\\@evil.example/',
];

const base = { cus_id: 'EP0001', content: 'hi {link}', mobiles: '13700000001' };
const sends = [
  ['smsLinkGroupSend', (link: string) => smsLinkGroupSendEndpoint.request.safeParse({ ...base, long_link: link })],
  ['taokeGroupSend', (link: string) => taokeGroupSendEndpoint.request.safeParse({ ...base, product_link: link })],
  ['longToShort', (link: string) => longToShortEndpoint.request.safeParse({ longUrl: link })],
] as const;

describe('web links', () => {
  it.each(sends)('%s refuses every scheme but http(s), saying so in zh and en', (_, parse) => {
    for (const link of BAD_SCHEMES) {
      const issues = parse(link).error?.issues ?? [];
      expect(
        issues.map((i) => i.message),
        link,
      ).toEqual(['v.url.invalid']);
    }
    expect(translate('zh', 'v.url.invalid')).toContain('http://');
    expect(translate('en', 'v.url.invalid')).toContain('http://');
  });

  it.each(sends)('%s refuses credentials in the link', (_, parse) => {
    for (const link of [
      'https://user:pass@shop.example.com/',
      'https://bank.example.com@evil.example/',
      'http://:x@a.example/',
    ]) {
      expect(
        parse(link).error?.issues.map((i) => i.message),
        link,
      ).toEqual(['v.url.credentials']);
    }
    expect(translate('zh', 'v.url.credentials')).toMatch(/用户名|密码/);
    expect(translate('en', 'v.url.credentials')).toMatch(/user name or password/);
  });

  it.each(sends)('%s takes http(s) links, trimmed, including non-Latin hosts and paths', (_, parse) => {
    for (const link of [
      'https://shop.example.com/sale?id=7#top',
      'HTTP://A.EXAMPLE:8080/x',
      'https://例子.测试/路径?q=值',
      'http://127.0.0.1:8181/p',
    ]) {
      expect(parse(` ${link} `).success, link).toBe(true);
    }
    expect(parse('').error?.issues.map((i) => i.message)).toEqual(['v.shortLink.urlRequired']);
    expect(parse(`https://x.co/${'a'.repeat(2000)}`).error?.issues.map((i) => i.message)).toEqual([
      'v.shortLink.urlTooLong',
    ]);
  });

  it('the redirect target is ASCII: host punycoded, path and query percent-encoded; anything else has none', () => {
    expect(redirectTarget('https://例子.测试/路径?q=值')).toBe(
      'https://xn--fsqu00a.xn--0zwm56d/%E8%B7%AF%E5%BE%84?q=%E5%80%BC',
    );
    expect(redirectTarget('https://shop.example.com/sale?id=7')).toBe('https://shop.example.com/sale?id=7');
    for (const link of [...BAD_SCHEMES, 'https://user:pass@shop.example.com/'])
      expect(redirectTarget(link), link).toBeNull();
    expect(webLinkProblem('https://shop.example.com/')).toBeNull();
  });
});
