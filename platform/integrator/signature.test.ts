import { describe, expect, it } from 'vitest';
import { canonicalQuery, canonicalString, rfc3986, sha256Hex, signatureMatches, signatureOf } from './signature';

describe('integrator request signing', () => {
  it('sorts the query by key then value, encoded as RFC 3986 whatever the client sent', () => {
    expect(canonicalQuery('')).toBe('');
    expect(canonicalQuery('b=2&a=x+y&a=%21')).toBe('a=%21&a=x%20y&b=2');
    expect(canonicalQuery("k=it's*(ok)~&flag")).toBe('flag=&k=it%27s%2A%28ok%29~');
    expect(canonicalQuery('n=%2B8613800138000&z=%E4%B8%AD')).toBe('n=%2B8613800138000&z=%E4%B8%AD');
    expect(canonicalQuery('bad=%E0%A4%A')).toBeNull();
    expect(rfc3986('a b/c')).toBe('a%20b%2Fc');
  });

  it('signs the six lines and compares in constant time, case-insensitively', () => {
    const s = canonicalString({
      method: 'post',
      path: '/p',
      query: '',
      body: Buffer.from(''),
      timestamp: '1',
      nonce: 'abcdefgh',
    });
    expect(s).toBe(`POST\n/p\n\n${sha256Hex('')}\n1\nabcdefgh`);
    const sig = signatureOf('secret', s);
    expect(sig).toMatch(/^[0-9a-f]{64}$/);
    expect(signatureMatches(sig, sig.toUpperCase())).toBe(true);
    expect(signatureMatches(sig, sig.slice(1))).toBe(false);
    expect(
      signatureMatches(sig, `${sig.slice(0, -1)}0` === sig ? `${sig.slice(0, -1)}1` : `${sig.slice(0, -1)}0`),
    ).toBe(false);
  });
});
