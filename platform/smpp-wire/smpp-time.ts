import { STATUS } from './command-status';

// The two SMPP 3.4 time formats (section 7.1.1) of schedule_delivery_time and validity_period: absolute
// `YYMMDDhhmmsstnnp` (local time, t tenths, nn quarter hours from UTC, p '+' ahead of UTC or '-' behind) and relative
// `YYMMDDhhmmss000R` (from now).

const FORM = /^(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})(\d)(\d{2})([+\-R])$/;

/** The instant a field names, null for an empty field (none given), or 'invalid'. */
export function parseSmppTime(value: string, now: number): Date | null | 'invalid' {
  if (value === '') return null;
  const m = FORM.exec(value);
  if (!m) return 'invalid';
  const [yy, mo, dd, hh, mi, ss, tenths, nn] = m.slice(1, 9).map(Number);
  const sign = m[9];
  if (sign === 'R') {
    if (tenths !== 0 || nn !== 0) return 'invalid';
    const at = new Date(now);
    at.setUTCFullYear(at.getUTCFullYear() + yy, at.getUTCMonth() + mo, at.getUTCDate() + dd);
    return new Date(at.getTime() + ((hh * 60 + mi) * 60 + ss) * 1000);
  }
  if (mo < 1 || mo > 12 || dd < 1 || dd > 31 || hh > 23 || mi > 59 || ss > 59 || nn > 48) return 'invalid';
  const local = Date.UTC(2000 + yy, mo - 1, dd, hh, mi, ss, tenths * 100);
  // a day past the month's end (31 February) does not name a time
  if (new Date(local).getUTCDate() !== dd) return 'invalid';
  const offsetMs = nn * 15 * 60_000;
  return new Date(sign === '+' ? local - offsetMs : local + offsetMs);
}

/** How far ahead a schedule_delivery_time may be and still count as "now": clocks of client and server differ. */
const SCHEDULE_SLACK_MS = 60_000;

/** The longest validity the platform keeps a message for: a later validity_period is cut to this. */
export const MAX_VALIDITY_MS = 72 * 3_600_000;

const pad = (n: number) => String(n).padStart(2, '0');

/** An instant in the absolute form, in UTC (to the tenth of a second). */
export function absoluteSmppTime(d: Date): string {
  const ymd = `${pad(d.getUTCFullYear() % 100)}${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())}`;
  return `${ymd}${pad(d.getUTCHours())}${pad(d.getUTCMinutes())}${pad(d.getUTCSeconds())}${Math.floor(d.getUTCMilliseconds() / 100)}00+`;
}

/** A submit_sm's validity_period as an absolute time: a relative one counts from the part's arrival, not from when
 * its message is complete and stored. Anything else is left as it came (timesRefusal has checked it). */
export function fixedValidity(validityPeriod: string, now: number): string {
  if (!validityPeriod.endsWith('R')) return validityPeriod;
  const at = parseSmppTime(validityPeriod, now);
  return at instanceof Date ? absoluteSmppTime(at) : validityPeriod;
}

/** When a message stops being worth sending: its validity_period, at most MAX_VALIDITY_MS from now; null for none. */
export function expiryOf(validityPeriod: string, now: number): Date | null {
  const at = parseSmppTime(validityPeriod, now);
  if (!(at instanceof Date)) return null;
  return new Date(Math.min(at.getTime(), now + MAX_VALIDITY_MS));
}

/**
 * Checks a submit_sm's times: a malformed one is refused (ESME_RINVSCHED, ESME_RINVEXPIRY), as is a
 * schedule_delivery_time in the future, since timed sends are not taken over SMPP, and a validity_period already over.
 * A later validity_period is accepted: the message goes out at once, and a carrier that has not taken it by then
 * never gets it (the carrier dispatcher ends it expired).
 */
export function timesRefusal(
  pdu: { scheduleDeliveryTime: string; validityPeriod: string },
  now: number,
): { status: number; reason: string } | null {
  const schedule = parseSmppTime(pdu.scheduleDeliveryTime, now);
  if (schedule === 'invalid')
    return {
      status: STATUS.RINVSCHED,
      reason: `schedule_delivery_time "${pdu.scheduleDeliveryTime}" is not an SMPP time`,
    };
  if (schedule && schedule.getTime() > now + SCHEDULE_SLACK_MS)
    return { status: STATUS.RINVSCHED, reason: 'scheduled delivery is not taken over SMPP' };
  const validity = parseSmppTime(pdu.validityPeriod, now);
  if (validity === 'invalid')
    return { status: STATUS.RINVEXPIRY, reason: `validity_period "${pdu.validityPeriod}" is not an SMPP time` };
  if (validity && validity.getTime() <= now)
    return { status: STATUS.RINVEXPIRY, reason: 'validity_period is already over' };
  return null;
}
