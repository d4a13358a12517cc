import { wallClockDay, wallClockToEpoch, zoneOffsetMs } from './time-zone';

// Marketing's quiet hours: a daily window of the enterprise's wall clock ('21:00'–'08:00' crosses midnight) inside
// which a marketing send is held until the window ends, or refused. The platform decides with it at every door, and
// the settings screen says with it when a held send would go out.

export interface QuietHours {
  enabled: boolean;
  from: string;
  to: string;
}

const DAY_MINUTES = 1440;
const minutesOf = (clock: string) => Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3, 5));

/** When the quiet window holding `at` ends (epoch ms), or null when `at` is outside every window, quiet hours are off,
 * or the window is empty (from equal to to). */
export function quietUntil(q: QuietHours, timeZone: string, at: number): number | null {
  if (!q.enabled) return null;
  const from = minutesOf(q.from);
  const to = minutesOf(q.to);
  if (from === to) return null;
  const minute = Math.floor((at + zoneOffsetMs(timeZone, at)) / 60_000) % DAY_MINUTES;
  const crosses = from > to;
  const inside = crosses ? minute >= from || minute < to : minute >= from && minute < to;
  if (!inside) return null;
  // a window crossing midnight, entered this evening, ends tomorrow morning
  const { y, month, day } = wallClockDay(timeZone, at);
  const endDay = crosses && minute >= from ? day + 1 : day;
  return wallClockToEpoch(timeZone, y, month, endDay, Math.floor(to / 60), to % 60);
}
