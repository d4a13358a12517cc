import { parseWallClock, wallClockDay, wallClockToEpoch } from '../../contract/time-zone';
import { badRequest } from '../http/api-error';

// Times of a send read and dated in the account's time zone.

/** YYYYMM of an instant in a time zone (mt_records.month). */
export function monthIn(timeZone: string, at: Date): string {
  const { y, month } = wallClockDay(timeZone, at.getTime());
  return `${y}${String(month + 1).padStart(2, '0')}`;
}

/** ISO 8601 with an offset, or 'YYYY-MM-DD HH:mm[:ss]' in the account's time zone. */
export function parseTimingTime(text: string, timeZone: string): Date {
  const iso = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:?\d{2})$/;
  if (iso.test(text)) {
    const d = new Date(text);
    if (!Number.isNaN(d.getTime())) return d;
  }
  const w = parseWallClock(text);
  if (!w) throw badRequest('send.badTimingTime', {}, 'timing_time');
  // Date.UTC rolls a day or time past its end over into the next: such a time was not a real one
  const probe = new Date(Date.UTC(w.y, w.month, w.day, w.h, w.min, w.sec));
  if (probe.getUTCMonth() !== w.month || probe.getUTCDate() !== w.day || w.h > 23 || w.min > 59 || w.sec > 59)
    throw badRequest('send.badTimingTime', {}, 'timing_time');
  return new Date(wallClockToEpoch(timeZone, w.y, w.month, w.day, w.h, w.min, w.sec));
}
