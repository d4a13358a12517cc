import { describe, expect, it } from 'vitest';
import { parseAgent } from './short-link.public';
import { CODE_PATTERN, newCode } from './short-link.service';

describe('short-link codes and agents', () => {
  it('codes are 8 base62 characters, spread over the whole alphabet, and do not repeat', () => {
    const codes = Array.from({ length: 20_000 }, () => newCode());
    for (const c of codes.slice(0, 100)) expect(c).toMatch(CODE_PATTERN);
    expect(new Set(codes).size).toBe(codes.length);
    const seen = new Set(codes.join(''));
    expect(seen.size).toBe(62);
  });

  it('names the system and browser of common agents, and nothing for none', () => {
    expect(
      parseAgent(
        'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/121.0.0.0 Mobile Safari/537.36',
      ),
    ).toEqual({
      osystem: 'Android 14',
      browser: 'Mobile Chrome 121',
    });
    expect(
      parseAgent(
        'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Safari/605.1.15',
      ),
    ).toEqual({
      osystem: 'macOS 10.15.7',
      browser: 'Safari 17',
    });
    expect(parseAgent(undefined)).toEqual({ osystem: null, browser: null });
  });
});
