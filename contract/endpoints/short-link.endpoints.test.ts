import { describe, expect, it } from 'vitest';
import { longToShortEndpoint, shortLinkDownloadEndpoint, shortLinkListEndpoint } from './short-link.endpoints';

describe('short-link endpoints', () => {
  it('longToShort takes an http(s) URL', () => {
    expect(longToShortEndpoint.request.safeParse({ longUrl: ' https://shop.example.com/p?id=1 ' }).data).toEqual({
      longUrl: 'https://shop.example.com/p?id=1',
    });
    expect(longToShortEndpoint.request.safeParse({ longUrl: '' }).error?.issues.map((i) => i.message)).toEqual([
      'v.shortLink.urlRequired',
    ]);
    expect(longToShortEndpoint.request.safeParse({ longUrl: 'javascript:alert(1)' }).error?.issues[0].message).toBe(
      'v.url.invalid',
    );
    expect(
      longToShortEndpoint.request.safeParse({ longUrl: 'https://x.co/' + 'a'.repeat(2000) }).error?.issues[0].message,
    ).toBe('v.shortLink.urlTooLong');
  });
  it('list filters by click status; download is a file', () => {
    expect(shortLinkListEndpoint.request.parse({ click_status: '1' }).click_status).toBe(1);
    expect(shortLinkDownloadEndpoint.kind).toBe('file');
  });
});
