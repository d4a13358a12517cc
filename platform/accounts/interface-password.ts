import { hashPassword, verifyPassword } from '../auth/password';

/** Kannel sends at most this many characters of a bind password. */
export const CUT_PASSWORD_LENGTH = 8;

/** The stored hashes of an interface password: the whole, and its first 8 characters when it is longer. */
export async function interfacePasswordHashes(password: string): Promise<{ full: string; prefix: string | null }> {
  const [full, prefix] = await Promise.all([
    hashPassword(password),
    password.length > CUT_PASSWORD_LENGTH
      ? hashPassword(password.slice(0, CUT_PASSWORD_LENGTH))
      : Promise.resolve(null),
  ]);
  return { full, prefix };
}

/** A bind password matches the whole stored password, or, when exactly 8 characters came, its first 8. */
export async function bindPasswordMatches(given: string, full: string | null, prefix: string | null): Promise<boolean> {
  if (full && (await verifyPassword(given, full))) return true;
  return given.length === CUT_PASSWORD_LENGTH && prefix !== null && verifyPassword(given, prefix);
}
