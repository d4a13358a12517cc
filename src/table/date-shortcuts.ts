import { displayTimeZone, wallClockDay, wallClockToEpoch } from '../ui/format';

// The ten date-range shortcuts of the list filters, as [start, end] epoch ms (end inclusive: the end of today, or of the period).

export const DATE_SHORTCUTS = [
  'lastWeek',
  'lastMonth',
  'currentMonth',
  'previousMonth',
  'thisYear',
  'last3Months',
  'halfYear',
  'lastYear',
  'last3Years',
  'last5Years',
] as const;
export type DateShortcut = (typeof DATE_SHORTCUTS)[number];

/** The range of a shortcut in the zone times are shown in (the account's, not the browser's: a list's days are the account's days). */
export function shortcutRange(s: DateShortcut, nowMs: number, timeZone: string = displayTimeZone()): [number, number] {
  const { y, month, day } = wallClockDay(nowMs, timeZone);
  const at = (yy: number, mm: number, dd: number) => wallClockToEpoch(yy, mm, dd, 0, 0, 0, timeZone);
  const endOfToday = at(y, month, day + 1) - 1;
  const daysBack = (n: number): [number, number] => [at(y, month, day - (n - 1)), endOfToday];
  const monthsBack = (n: number): [number, number] => [at(y, month - n, day), endOfToday];
  const yearsBack = (n: number): [number, number] => [at(y - n, month, day), endOfToday];
  switch (s) {
    case 'lastWeek':
      return daysBack(7);
    case 'lastMonth':
      return daysBack(30);
    case 'currentMonth':
      return [at(y, month, 1), endOfToday];
    case 'previousMonth':
      return [at(y, month - 1, 1), at(y, month, 1) - 1];
    case 'thisYear':
      return [at(y, 0, 1), endOfToday];
    case 'last3Months':
      return monthsBack(3);
    case 'halfYear':
      return monthsBack(6);
    case 'lastYear':
      return yearsBack(1);
    case 'last3Years':
      return yearsBack(3);
    case 'last5Years':
      return yearsBack(5);
  }
}
