// The margins' days are the platform's (China time), written YYYY-MM-DD as the request takes them. The range calendar
// shows them as the browser's local dates of the same calendar day, whatever the browser's zone.

const shanghai = new Intl.DateTimeFormat('sv-SE', {
  timeZone: 'Asia/Shanghai',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The platform's day of an instant. */
export const platformDay = (ms: number) => shanghai.format(new Date(ms));

/** A calendar date as the day it shows. */
export const dayOfDate = (d: Date) =>
  `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

/** The day as a calendar date of the browser's zone. */
export function dateOfDay(day: string): Date {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(y, m - 1, d);
}

/** The `days` days up to today, both included. */
export function lastDays(now: number, days: number): { from: string; to: string } {
  return { from: platformDay(now - (days - 1) * 86_400_000), to: platformDay(now) };
}
