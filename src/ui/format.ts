import type { Language } from '../../contract/constants';

// Numbers, money and times per language: dates and numbers follow the chosen language.
const LOCALES: Record<Language, string> = { zh: 'zh-CN', en: 'en-US' };

/** One formatter per language and style: building an Intl formatter costs ~1 ms, and a table formats every cell. */
function cached<F>(make: (locale: string) => F): (lang: Language) => F {
  const made = new Map<Language, F>();
  return (lang) => {
    let f = made.get(lang);
    if (!f) made.set(lang, (f = make(LOCALES[lang])));
    return f;
  };
}
const numberFormat = cached((l) => new Intl.NumberFormat(l));
const moneyFormat = cached((l) => new Intl.NumberFormat(l, { minimumFractionDigits: 2, maximumFractionDigits: 2 }));
const percentFormat = cached((l) => new Intl.NumberFormat(l, { style: 'percent', maximumFractionDigits: 2 }));
const dayFormat = cached((l) => new Intl.DateTimeFormat(l, { month: 'short', day: 'numeric', timeZone: 'UTC' }));

/** The platform's zone: accounts that state none keep their times here (the platform's TENANT_TZ). */
export const PLATFORM_TIME_ZONE = 'Asia/Shanghai';
// Every time on screen is shown in one zone, the account's, whatever the browser's, so the same record reads the same time everywhere.
let zone = PLATFORM_TIME_ZONE;
const zoned = new Map<string, Intl.DateTimeFormat>();
function dateTimeFormat(lang: Language): Intl.DateTimeFormat {
  const key = `${lang}|${zone}`;
  let f = zoned.get(key);
  if (!f) zoned.set(key, (f = new Intl.DateTimeFormat(LOCALES[lang], { dateStyle: 'medium', timeStyle: 'medium', hour12: false, timeZone: zone })));
  return f;
}

/** Sets the zone every time is shown in; an unknown zone name keeps the platform's. */
export function setDisplayTimeZone(timeZone: string | null | undefined): void {
  const next = timeZone || PLATFORM_TIME_ZONE;
  if (next === zone) return;
  try {
    new Intl.DateTimeFormat('en', { timeZone: next });
    zone = next;
  } catch {
    zone = PLATFORM_TIME_ZONE;
  }
}

export const displayTimeZone = (): string => zone;

const offsetFormats = new Map<string, Intl.DateTimeFormat>();
/** Offsets by zone and quarter hour of UTC: a zone's offset changes only at a transition, and every transition of
 * today's zones falls on a quarter hour (offsets and their changes are whole quarter hours). */
const offsets = new Map<string, number>();
const QUARTER_HOUR = 900_000;
/** ms to add to UTC to get the wall-clock time of `timeZone` at `at`. */
export function offsetMs(timeZone: string, at: number): number {
  // formatToParts costs ~0.1 ms, and a records page parses two wall-clock times a row (24 ms of a cold first page)
  const key = `${timeZone}|${Math.floor(at / QUARTER_HOUR)}`;
  const known = offsets.get(key);
  if (known !== undefined) return known;
  // building a formatter costs far more than using one
  let f = offsetFormats.get(timeZone);
  if (!f) offsetFormats.set(timeZone, (f = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' })));
  const name = f.formatToParts(at).find((p) => p.type === 'timeZoneName')?.value ?? 'GMT';
  const m = /GMT([+-])(\d{2}):(\d{2})/.exec(name);
  const offset = m ? (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3])) * 60_000 : 0;
  if (offsets.size >= 50_000) offsets.clear();
  offsets.set(key, offset);
  return offset;
}

/** Builds the zone's formatters while the login request is out and the main thread idles: the first Intl formatter
 * with a time zone loads ICU's zone data (20-40 ms in Chromium), which otherwise lands on the first render of the
 * console (the top bar's zone label, then the records' times), between the login answer and the first page. */
export function warmTimeFormats(lang: Language): void {
  offsetMs(zone, Date.now());
  dateTimeFormat(lang).format(Date.now());
}

/** "UTC+8", "UTC-3:30", "UTC" for the display zone at `at`. */
export function zoneLabel(at: number = Date.now(), timeZone: string = zone): string {
  const off = offsetMs(timeZone, at) / 60_000;
  if (off === 0) return 'UTC';
  const a = Math.abs(off);
  return `UTC${off < 0 ? '-' : '+'}${Math.floor(a / 60)}${a % 60 ? `:${String(a % 60).padStart(2, '0')}` : ''}`;
}

const WALL_CLOCK = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/;
/** The platform writes some times as 'YYYY-MM-DD HH:mm:ss' in the account's zone (last login): read them there,
 * not in the browser's zone. Other strings (ISO with a zone) parse as they say. */
export function parseTime(value: string, timeZone: string = zone): number {
  const m = WALL_CLOCK.exec(value.trim());
  if (!m) return new Date(value).getTime();
  return wallClockToEpoch(+m[1], +m[2] - 1, +m[3], +m[4], +m[5], +(m[6] ?? 0), timeZone);
}

/** The instant a wall-clock time of `timeZone` names (month 0-11; out-of-range parts roll over as in Date.UTC). */
export function wallClockToEpoch(y: number, month: number, day: number, h = 0, min = 0, sec = 0, timeZone: string = zone): number {
  const asUtc = Date.UTC(y, month, day, h, min, sec);
  // the offset at the guessed instant, corrected once for a change of offset in between
  const guess = asUtc - offsetMs(timeZone, asUtc);
  return asUtc - offsetMs(timeZone, guess);
}

/** The calendar day of an instant in `timeZone` (month 0-11). */
export function wallClockDay(at: number, timeZone: string = zone): { y: number; month: number; day: number } {
  const wall = new Date(at + offsetMs(timeZone, at));
  return { y: wall.getUTCFullYear(), month: wall.getUTCMonth(), day: wall.getUTCDate() };
}

export const formatNumber = (n: number, lang: Language): string => numberFormat(lang).format(n);

export const formatMoney = (n: number, lang: Language): string => moneyFormat(lang).format(n);

export const formatPercent = (ratio0to100: number, lang: Language): string => percentFormat(lang).format(ratio0to100 / 100);

export function formatDateTime(value: number | string | Date, lang: Language): string {
  const d = value instanceof Date ? value : new Date(typeof value === 'string' ? parseTime(value) : value);
  if (Number.isNaN(d.getTime())) return String(value);
  return dateTimeFormat(lang).format(d);
}

export const formatDate = (isoDay: string, lang: Language): string => dayFormat(lang).format(new Date(isoDay + 'T00:00:00Z'));
