// The ten date-range shortcuts of spec §2, as [start, end] epoch ms (end inclusive: the end of today, or of the period).

export const DATE_SHORTCUTS = [
  'lastWeek', 'lastMonth', 'currentMonth', 'previousMonth', 'thisYear', 'last3Months', 'halfYear', 'lastYear', 'last3Years', 'last5Years',
] as const;
export type DateShortcut = (typeof DATE_SHORTCUTS)[number];

const DAY = 86_400_000;

export function shortcutRange(s: DateShortcut, nowMs: number): [number, number] {
  const now = new Date(nowMs);
  const endOfToday = new Date(now.getFullYear(), now.getMonth(), now.getDate(), 23, 59, 59, 999).getTime();
  const startOfToday = new Date(now.getFullYear(), now.getMonth(), now.getDate()).getTime();
  const daysBack = (n: number): [number, number] => [startOfToday - (n - 1) * DAY, endOfToday];
  const monthsBack = (n: number): [number, number] => [new Date(now.getFullYear(), now.getMonth() - n, now.getDate()).getTime(), endOfToday];
  const yearsBack = (n: number): [number, number] => [new Date(now.getFullYear() - n, now.getMonth(), now.getDate()).getTime(), endOfToday];
  switch (s) {
    case 'lastWeek':
      return daysBack(7);
    case 'lastMonth':
      return daysBack(30);
    case 'currentMonth':
      return [new Date(now.getFullYear(), now.getMonth(), 1).getTime(), endOfToday];
    case 'previousMonth':
      return [new Date(now.getFullYear(), now.getMonth() - 1, 1).getTime(), new Date(now.getFullYear(), now.getMonth(), 1).getTime() - 1];
    case 'thisYear':
      return [new Date(now.getFullYear(), 0, 1).getTime(), endOfToday];
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
