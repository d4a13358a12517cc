import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto';

// Stored password format: `scrypt$N$r$p$salt$hash`, salt (16 bytes) and hash (32 bytes) in base64, one salt per user.
// The parameters travel with the hash so they can be raised later without invalidating stored passwords.
const N = 16384;
const R = 8;
const P = 1;
const KEY_LEN = 32;

const scrypt = (password: string, salt: Buffer, keyLen: number, opts: ScryptOptions) =>
  new Promise<Buffer>((resolve, reject) =>
    scryptCb(password, salt, keyLen, opts, (err, key) => (err ? reject(err) : resolve(key))),
  );

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const hash = await scrypt(password, salt, KEY_LEN, { N, r: R, p: P });
  return ['scrypt', N, R, P, salt.toString('base64'), hash.toString('base64')].join('$');
}

/** Constant-time check of a password against a stored hash; a malformed hash never matches. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [alg, n, r, p, salt, hash] = stored.split('$');
  if (alg !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const actual = await scrypt(password, Buffer.from(salt, 'base64'), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: 256 * 1024 * 1024,
  });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** A hash of nothing anyone types: checked when the account does not exist, so both paths take the same time. */
export const DUMMY_HASH = 'scrypt$16384$8$1$AAAAAAAAAAAAAAAAAAAAAA==$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=';

/** The login form sends the password Base64-encoded; null when it is not valid Base64 of UTF-8 text. */
export function decodeBase64Password(b64: string): string | null {
  const s = b64.trim();
  if (s.length === 0 || s.length % 4 !== 0 || !/^[A-Za-z0-9+/]+={0,2}$/.test(s)) return null;
  const bytes = Buffer.from(s, 'base64');
  const text = bytes.toString('utf8');
  // Reject bytes that are not UTF-8: they would decode to replacement characters and never round-trip.
  return Buffer.from(text, 'utf8').equals(bytes) && text.length > 0 ? text : null;
}

/** Passwords chosen at registration: at least 6 characters with letters and digits. */
export const isStrongPassword = (pw: string) => pw.length >= 6 && /[A-Za-z]/.test(pw) && /\d/.test(pw);
