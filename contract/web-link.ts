import { z } from 'zod';
import { isStorableText } from './bounds';

// A link a short link may send a visitor to. The platform answers /s/<code> with a redirect to it, so anything a
// browser would run or open locally (javascript:, data:, file:, intent:, vbscript:) would become a one-click attack
// under the platform's own domain; only absolute http(s) addresses with a host qualify. Credentials (user:pass@) are
// refused too: they would hide the real host behind a familiar-looking name (https://bank.example@evil.example/).

/** Why a text is not a web link (a message key of the catalogue), or null when it is one. */
export function webLinkProblem(s: string): 'v.url.invalid' | 'v.url.credentials' | null {
  // whitespace, control characters and backslashes are refused before parsing, and the host must follow the two
  // slashes: the URL parser drops or rewrites those silently (https:///evil.example is evil.example), so the stored
  // text would not read as the address it leads to
  // eslint-disable-next-line no-control-regex -- refusing control characters is the point
  if (!/^https?:\/\/(?![/?#])[^\s\u0000-\u001f\u007f\\]+$/i.test(s)) return 'v.url.invalid';
  let u: URL;
  try {
    u = new URL(s);
  } catch {
    return 'v.url.invalid';
  }
  if ((u.protocol !== 'http:' && u.protocol !== 'https:') || u.hostname === '') return 'v.url.invalid';
  if (u.username !== '' || u.password !== '') return 'v.url.credentials';
  return null;
}

export const isWebLink = (s: string) => webLinkProblem(s) === null;

/** The address a browser is sent to for a stored link (host punycoded, path percent-encoded, so it is a valid
 * Location header), or null when it is not a web link (rows stored before links were checked included). */
export function redirectTarget(s: string): string | null {
  return isWebLink(s) ? new URL(s).href : null;
}

/** A request field holding a web link of at most `max` characters (trimmed); blank answers `keys.required`. */
export const webLinkField = (max: number, keys: { required: string; tooLong: string }) =>
  z
    .string({ error: keys.required })
    .trim()
    .min(1, { error: keys.required, abort: true })
    .max(max, { error: keys.tooLong, abort: true })
    .refine(isStorableText, { error: 'v.badText', abort: true })
    .refine((s) => webLinkProblem(s) !== 'v.url.invalid', { error: 'v.url.invalid', abort: true })
    .refine((s) => webLinkProblem(s) !== 'v.url.credentials', { error: 'v.url.credentials' });
