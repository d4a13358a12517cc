import { describe, expect, it } from 'vitest';
import {
  epochOfWallClock,
  parseWallClock,
  wallClockDay,
  wallClockIn,
  wallClockToEpoch,
  zoneOffsetMs,
} from './time-zone';

const NOW = Date.UTC(2026, 10, 22, 8, 0);

describe('wall clocks in a time zone', () => {
  it('reads and writes wall-clock times of a zone', () => {
    expect(wallClockIn('Asia/Shanghai', NOW)).toBe('2026-11-22 16:00:00');
    expect(epochOfWallClock('2026-11-22 16:00', 'Asia/Shanghai')).toBe(NOW);
    expect(epochOfWallClock('2026-07-01T12:00', 'Europe/Berlin')).toBe(Date.UTC(2026, 6, 1, 10, 0));
    expect(epochOfWallClock(' 2026-11-22 16:00:00 ', 'Asia/Shanghai')).toBe(NOW);
    expect(epochOfWallClock('soon', 'Asia/Shanghai')).toBeNull();
  });

  it('has no instant for a day or time that does not exist there', () => {
    for (const text of [
      '2026-02-30 10:00',
      '2026-12-01 25:00',
      '2026-13-01 10:00',
      '2026-12-01 10:60',
      '2026-04-31 10:00',
    ])
      expect(epochOfWallClock(text, 'Asia/Shanghai'), text).toBeNull();
    expect(epochOfWallClock('2028-02-29 10:00', 'Asia/Shanghai')).toBe(Date.UTC(2028, 1, 29, 2, 0));
    // a time skipped by the spring change does not exist there
    expect(epochOfWallClock('2026-03-08 02:30', 'America/New_York')).toBeNull();
    expect(epochOfWallClock('2026-03-08 03:30', 'America/New_York')).toBe(Date.UTC(2026, 2, 8, 7, 30));
  });

  it('splits a typed time into its parts, unchecked against the calendar', () => {
    expect(parseWallClock('2026-02-30 10:00')).toEqual({ y: 2026, month: 1, day: 30, h: 10, min: 0, sec: 0 });
    expect(parseWallClock('2026-11-22T16:00:59')).toEqual({ y: 2026, month: 10, day: 22, h: 16, min: 0, sec: 59 });
    expect(parseWallClock(' 2026-11-22 16:00')).toBeNull();
    expect(parseWallClock('2026-11-22T16:00:00Z')).toBeNull();
  });

  it('names the instant of a wall-clock time, rolling parts over as Date.UTC does', () => {
    const t = Date.UTC(2026, 10, 21, 23, 5, 4);
    expect(wallClockToEpoch('Asia/Shanghai', 2026, 10, 22, 7, 5, 4)).toBe(t);
    expect(wallClockToEpoch('America/St_Johns', 2026, 10, 21, 19, 35, 4)).toBe(t);
    expect(wallClockToEpoch('Asia/Shanghai', 2026, 10, 22)).toBe(Date.UTC(2026, 10, 21, 16));
    // the day after the last of the month: midnight of the next month's first
    expect(wallClockToEpoch('Asia/Shanghai', 2026, 10, 31)).toBe(Date.UTC(2026, 10, 30, 16));
    // a time skipped by the spring change still gets an instant, one that reads back as another time
    const skipped = wallClockToEpoch('America/New_York', 2026, 2, 8, 2, 30);
    expect(skipped).toBe(Date.UTC(2026, 2, 8, 6, 30));
    expect(wallClockIn('America/New_York', skipped)).toBe('2026-03-08 01:30:00');
  });

  it('gives the calendar day of an instant in the zone', () => {
    expect(wallClockDay('Asia/Shanghai', Date.UTC(2026, 10, 30, 17))).toEqual({ y: 2026, month: 11, day: 1 });
    expect(wallClockDay('America/New_York', Date.UTC(2026, 0, 1, 3))).toEqual({ y: 2025, month: 11, day: 31 });
    expect(wallClockDay('UTC', Date.UTC(2026, 0, 1, 3))).toEqual({ y: 2026, month: 0, day: 1 });
  });
});

describe('zone offsets, remembered by quarter hour', () => {
  const reference = (timeZone: string, at: number) => {
    const name = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' })
      .formatToParts(at)
      .find((p) => p.type === 'timeZoneName')!.value;
    const m = /GMT([+-])(\d{2}):(\d{2})/.exec(name);
    return m ? (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3])) * 60_000 : 0;
  };

  it('are 0 for UTC and signed for zones east and west of it', () => {
    expect(zoneOffsetMs('UTC', NOW)).toBe(0);
    expect(zoneOffsetMs('Asia/Shanghai', NOW)).toBe(8 * 3_600_000);
    expect(zoneOffsetMs('America/St_Johns', NOW)).toBe(-3.5 * 3_600_000);
  });

  it('equal the zone data at every minute around each of 2026 transitions, whatever minute asked first', () => {
    const HOUR = 3_600_000;
    const start = Date.UTC(2026, 0, 1);
    // daylight saving by an hour, by half an hour (Lord Howe), at a half-hour offset, and a zone of quarter hours
    for (const zone of [
      'America/New_York',
      'Europe/London',
      'Australia/Lord_Howe',
      'America/St_Johns',
      'Asia/Kathmandu',
    ]) {
      const changes: number[] = [];
      let before = reference(zone, start);
      for (let at = start + HOUR; at < start + 365 * 24 * HOUR; at += HOUR) {
        const now = reference(zone, at);
        if (now !== before) changes.push(at);
        before = now;
      }
      expect(changes.length, zone).toBe(zone === 'Asia/Kathmandu' ? 0 : 2);
      for (const change of [...changes, start + 100 * 24 * HOUR]) {
        // the two hours before the hour that found the change, minute by minute, asked in a shuffled order
        const minutes = Array.from({ length: 120 }, (_, i) => change - 2 * HOUR + i * 60_000 + 17_000);
        minutes.sort(() => Math.random() - 0.5);
        for (const at of minutes)
          expect(zoneOffsetMs(zone, at), `${zone} ${new Date(at).toISOString()}`).toBe(reference(zone, at));
      }
    }
  });
});
