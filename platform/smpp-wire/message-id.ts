import { randomBytes } from 'node:crypto';

const POOL_BYTES = 4096;
let pool = Buffer.alloc(0);
let used = 0;

/** 16 ASCII characters (some clients keep message ids in short columns): milliseconds in base 36, then randomness.
 * The random bytes come from a pool filled 4 KiB at a time: a call to the system's generator for every id cost more
 * than the rest of a submit's handling. */
export function newMessageId(): string {
  if (used + 4 > pool.length) {
    pool = randomBytes(POOL_BYTES);
    used = 0;
  }
  used += 4;
  return Date.now().toString(36).padStart(8, '0').slice(-8) + pool.toString('hex', used - 4, used);
}
