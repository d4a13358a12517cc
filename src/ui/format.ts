import type { Language } from '../../contract/constants';
import {
  parseWallClock,
  wallClockDay as zoneWallClockDay,
  wallClockToEpoch as zoneWallClockToEpoch,
  zoneOffsetMs,
} from '../../contract/time-zone';

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
  if (!f)
    zoned.set(
      key,
      (f = new Intl.DateTimeFormat(LOCALES[lang], {
        dateStyle: 'medium',
        timeStyle: 'medium',
        hour12: false,
        timeZone: zone,
      })),
    );
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

/** Builds the zone's formatters while the login request is out and the main thread idles: the first Intl formatter
 * with a time zone loads ICU's zone data (20-40 ms in Chromium), which otherwise lands on the first render of the
 * console (the top bar's zone label, then the records' times), between the login answer and the first page. */
export function warmTimeFormats(lang: Language): void {
  zoneOffsetMs(zone, Date.now());
  dateTimeFormat(lang).format(Date.now());
}

/** "UTC+8", "UTC-3:30", "UTC" for the display zone at `at`. */
export function zoneLabel(at: number = Date.now(), timeZone: string = zone): string {
  const off = zoneOffsetMs(timeZone, at) / 60_000;
  if (off === 0) return 'UTC';
  const a = Math.abs(off);
  return `UTC${off < 0 ? '-' : '+'}${Math.floor(a / 60)}${a % 60 ? `:${String(a % 60).padStart(2, '0')}` : ''}`;
}

/** The platform writes some times as 'YYYY-MM-DD HH:mm:ss' in the account's zone (last login): read them there,
 * not in the browser's zone. Other strings (ISO with a zone) parse as they say. */
export function parseTime(value: string, timeZone: string = zone): number {
  const w = parseWallClock(value.trim());
  if (!w) return new Date(value).getTime();
  return zoneWallClockToEpoch(timeZone, w.y, w.month, w.day, w.h, w.min, w.sec);
}

/** The instant a wall-clock time names in the display zone, or in `timeZone` (month 0-11). */
export const wallClockToEpoch = (
  y: number,
  month: number,
  day: number,
  h = 0,
  min = 0,
  sec = 0,
  timeZone: string = zone,
): number => zoneWallClockToEpoch(timeZone, y, month, day, h, min, sec);

/** The calendar day of an instant in the display zone, or in `timeZone` (month 0-11). */
export const wallClockDay = (at: number, timeZone: string = zone): { y: number; month: number; day: number } =>
  zoneWallClockDay(timeZone, at);

export const formatNumber = (n: number, lang: Language): string => numberFormat(lang).format(n);

export const formatMoney = (n: number, lang: Language): string => moneyFormat(lang).format(n);

export const formatPercent = (ratio0to100: number, lang: Language): string =>
  percentFormat(lang).format(ratio0to100 / 100);

export function formatDateTime(value: number | string | Date, lang: Language): string {
  const d = value instanceof Date ? value : new Date(typeof value === 'string' ? parseTime(value) : value);
  if (Number.isNaN(d.getTime())) return String(value);
  return dateTimeFormat(lang).format(d);
}

export const formatDate = (isoDay: string, lang: Language): string =>
  dayFormat(lang).format(new Date(isoDay + 'T00:00:00Z'));
