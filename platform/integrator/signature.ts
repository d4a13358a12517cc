import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

// The canonical string a request is signed over, one field a line: METHOD, path, the sorted query, the hex SHA-256 of
// the raw body, the timestamp and the nonce. Keys and values are percent-encoded as RFC 3986 says, so a client in any
// language builds the same bytes from the same parameters.

/** RFC 3986 percent-encoding: everything but A-Z a-z 0-9 - . _ ~ (encodeURIComponent also leaves !'()*). */
export const rfc3986 = (s: string) =>
  encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** The query as signed: each pair decoded from the request line ('+' is a space, as forms send it), encoded again and
 * sorted by key then value. null when a pair does not decode. */
export function canonicalQuery(rawQuery: string): string | null {
  const pairs: Array<[string, string]> = [];
  for (const part of rawQuery.split('&')) {
    if (part === '') continue;
    const eq = part.indexOf('=');
    const [k, v] = eq < 0 ? [part, ''] : [part.slice(0, eq), part.slice(eq + 1)];
    try {
      pairs.push([
        rfc3986(decodeURIComponent(k.replace(/\+/g, ' '))),
        rfc3986(decodeURIComponent(v.replace(/\+/g, ' '))),
      ]);
    } catch {
      return null;
    }
  }
  pairs.sort(([ak, av], [bk, bv]) => (ak < bk ? -1 : ak > bk ? 1 : av < bv ? -1 : av > bv ? 1 : 0));
  return pairs.map(([k, v]) => `${k}=${v}`).join('&');
}

export const sha256Hex = (body: Buffer | string) => createHash('sha256').update(body).digest('hex');

export interface SignedParts {
  method: string;
  path: string;
  query: string;
  body: Buffer;
  timestamp: string;
  nonce: string;
}

export const canonicalString = (p: SignedParts) =>
  [p.method.toUpperCase(), p.path, p.query, sha256Hex(p.body), p.timestamp, p.nonce].join('\n');

export const signatureOf = (secret: string, canonical: string) =>
  createHmac('sha256', secret).update(canonical).digest('hex');

/** Compares in constant time: a hex signature of the wrong length compares against itself and still fails. */
export function signatureMatches(expected: string, given: string): boolean {
  const a = Buffer.from(expected, 'utf8');
  const b = Buffer.from(given.toLowerCase(), 'utf8');
  if (a.length !== b.length) {
    timingSafeEqual(a, a);
    return false;
  }
  return timingSafeEqual(a, b);
}
