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

/**
 * Checks a submit_sm's times: a malformed one is refused (ESME_RINVSCHED, ESME_RINVEXPIRY), as is a
 * schedule_delivery_time in the future, since timed sends are not taken over SMPP, and a validity_period already over.
 * A later validity_period is accepted: the message is sent at once.
 */
export function timesRefusal(pdu: { scheduleDeliveryTime: string; validityPeriod: string }, now: number): { status: number; reason: string } | null {
  const schedule = parseSmppTime(pdu.scheduleDeliveryTime, now);
  if (schedule === 'invalid') return { status: STATUS.RINVSCHED, reason: `schedule_delivery_time "${pdu.scheduleDeliveryTime}" is not an SMPP time` };
  if (schedule && schedule.getTime() > now + SCHEDULE_SLACK_MS) return { status: STATUS.RINVSCHED, reason: 'scheduled delivery is not taken over SMPP' };
  const validity = parseSmppTime(pdu.validityPeriod, now);
  if (validity === 'invalid') return { status: STATUS.RINVEXPIRY, reason: `validity_period "${pdu.validityPeriod}" is not an SMPP time` };
  if (validity && validity.getTime() <= now) return { status: STATUS.RINVEXPIRY, reason: 'validity_period is already over' };
  return null;
}
