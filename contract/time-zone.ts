// Wall-clock arithmetic in a named time zone (IANA, e.g. 'Asia/Shanghai'), with Intl alone: the platform dates a
// record's month and reads a scheduled time in the account's zone, the send form checks the time typed there, and
// the console shows every time in it. Pure functions; the caches only save rebuilding Intl formatters.

const offsetFormats = new Map<string, Intl.DateTimeFormat>();
/** Offsets by zone and quarter hour of UTC: a zone's offset changes only at a transition, and every transition of
 * today's zones falls on a quarter hour (offsets and their changes are whole quarter hours). */
const offsets = new Map<string, number>();
const QUARTER_HOUR = 900_000;

/** ms to add to UTC to get the wall-clock time of `timeZone` at `at` (epoch ms). */
export function zoneOffsetMs(timeZone: string, at: number): number {
  // formatToParts costs ~0.1 ms, and a records page parses two wall-clock times a row
  const key = `${timeZone}|${Math.floor(at / QUARTER_HOUR)}`;
  const known = offsets.get(key);
  if (known !== undefined) return known;
  // building a formatter costs far more than using one
  let f = offsetFormats.get(timeZone);
  if (!f) offsetFormats.set(timeZone, (f = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' })));
  const name = f.formatToParts(at).find((p) => p.type === 'timeZoneName')?.value ?? 'GMT';
  // 'GMT+08:00', 'GMT-03:30', or 'GMT' for UTC itself
  const m = /GMT([+-])(\d{2}):?(\d{2})?/.exec(name);
  const offset = m ? (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3] ?? 0)) * 60_000 : 0;
  if (offsets.size >= 50_000) offsets.clear();
  offsets.set(key, offset);
  return offset;
}

/** The instant a wall-clock time of `timeZone` names (month 0-11; out-of-range parts roll over as in Date.UTC). A time
 * skipped by a daylight-saving change still gets an instant, one that reads back as another time. */
export function wallClockToEpoch(
  timeZone: string,
  y: number,
  month: number,
  day: number,
  h = 0,
  min = 0,
  sec = 0,
): number {
  const asUtc = Date.UTC(y, month, day, h, min, sec);
  // the offset at the guessed instant, corrected once for a change of offset in between
  const guess = asUtc - zoneOffsetMs(timeZone, asUtc);
  return asUtc - zoneOffsetMs(timeZone, guess);
}

/** The calendar day of an instant in `timeZone` (month 0-11). */
export function wallClockDay(timeZone: string, at: number): { y: number; month: number; day: number } {
  const wall = new Date(at + zoneOffsetMs(timeZone, at));
  return { y: wall.getUTCFullYear(), month: wall.getUTCMonth(), day: wall.getUTCDate() };
}

const wallFormats = new Map<string, Intl.DateTimeFormat>();
/** 'YYYY-MM-DD HH:mm:ss' of an instant in `timeZone`. */
export function wallClockIn(timeZone: string, at: number): string {
  let f = wallFormats.get(timeZone);
  if (!f) {
    const opts = {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    } as const;
    wallFormats.set(timeZone, (f = new Intl.DateTimeFormat('en-GB', opts)));
  }
  const parts = Object.fromEntries(f.formatToParts(new Date(at)).map((p) => [p.type, p.value]));
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}:${parts.second}`;
}

/** A wall-clock time by its parts, month 0-11. */
export interface WallClock {
  y: number;
  month: number;
  day: number;
  h: number;
  min: number;
  sec: number;
}
const WALL_CLOCK = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/;
/** The parts of 'YYYY-MM-DD HH:mm[:ss]' (or with 'T'); null when the text is not of that shape. The parts are not
 * checked against the calendar: Feb 30 or 25:00 come back as typed (see epochOfWallClock). */
export function parseWallClock(text: string): WallClock | null {
  const m = WALL_CLOCK.exec(text);
  if (!m) return null;
  return { y: +m[1], month: +m[2] - 1, day: +m[3], h: +m[4], min: +m[5], sec: +(m[6] ?? 0) };
}

/** The instant of a typed wall-clock time in `timeZone`; null when malformed or when no such time exists there:
 * Date.UTC rolls 2026-02-30 over to March 2 and 25:00 to the next day, and a time skipped by a daylight-saving change
 * reads back as another, so the instant must read back as the very time typed. */
export function epochOfWallClock(text: string, timeZone: string): number | null {
  const w = parseWallClock(text.trim());
  if (!w) return null;
  const at = wallClockToEpoch(timeZone, w.y, w.month, w.day, w.h, w.min, w.sec);
  const typed = `${String(w.y).padStart(4, '0')}-${pad(w.month + 1)}-${pad(w.day)} ${pad(w.h)}:${pad(w.min)}:${pad(w.sec)}`;
  return wallClockIn(timeZone, at) === typed ? at : null;
}
const pad = (n: number) => String(n).padStart(2, '0');
