import { randomBytes } from 'node:crypto';

/** 16 ASCII characters (some clients keep message ids in short columns): milliseconds in base 36, then randomness. */
export function newMessageId(): string {
  return Date.now().toString(36).padStart(8, '0').slice(-8) + randomBytes(4).toString('hex');
}
