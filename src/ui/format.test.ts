import { describe, expect, it } from 'vitest';
import { displayTimeZone, formatDate, offsetMs, formatDateTime, formatMoney, formatNumber, formatPercent, parseTime, setDisplayTimeZone, zoneLabel } from './format';

describe('formatting per language', () => {
  it('numbers and money', () => {
    expect(formatNumber(1234567, 'zh')).toBe('1,234,567');
    expect(formatNumber(1234567, 'en')).toBe('1,234,567');
    expect(formatMoney(5, 'zh')).toBe('5.00');
    expect(formatMoney(1234.5, 'en')).toBe('1,234.50');
  });

  it('ratios given as 0-100 become percentages', () => {
    expect(formatPercent(97.5, 'en')).toBe('97.5%');
    expect(formatPercent(0, 'zh')).toBe('0%');
  });

  it('chart days in each language', () => {
    expect(formatDate('2026-11-21', 'zh')).toBe('11月21日');
    expect(formatDate('2026-11-21', 'en')).toBe('Nov 21');
  });

  it('date-times differ by language and unparseable values pass through', () => {
    const t = Date.UTC(2026, 10, 21, 6, 5, 4);
    expect(formatDateTime(t, 'zh')).toMatch(/^2026年11月21日 \d{2}:05:04$/);
    expect(formatDateTime(t, 'en')).toMatch(/^Nov 21, 2026, \d{2}:05:04$/);
    expect(formatDateTime('not a date', 'en')).toBe('not a date');
  });

  it('every time shows in the account zone, whatever the browser zone; wall-clock strings are read there too', () => {
    setDisplayTimeZone(undefined);
    expect(displayTimeZone()).toBe('Asia/Shanghai');
    const t = Date.UTC(2026, 10, 21, 23, 5, 4);
    // 23:05 UTC is 07:05 the next morning in Shanghai
    expect(formatDateTime(t, 'en')).toBe('Nov 22, 2026, 07:05:04');
    // the platform's last login string, written in the account zone, names the same instant
    expect(parseTime('2026-11-22 07:05:04')).toBe(t);
    expect(formatDateTime('2026-11-22 07:05:04', 'en')).toBe(formatDateTime(t, 'en'));
    expect(zoneLabel(t)).toBe('UTC+8');
    setDisplayTimeZone('America/St_Johns');
    expect(zoneLabel(t)).toBe('UTC-3:30');
    expect(parseTime('2026-11-21 19:35:04')).toBe(t);
    setDisplayTimeZone('Not/AZone');
    expect(displayTimeZone()).toBe('Asia/Shanghai');
  });
});

describe('zone offsets, remembered by quarter hour', () => {
  const reference = (timeZone: string, at: number) => {
    const name = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' }).formatToParts(at).find((p) => p.type === 'timeZoneName')!.value;
    const m = /GMT([+-])(\d{2}):(\d{2})/.exec(name);
    return m ? (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3])) * 60_000 : 0;
  };
  it('equal the zone data at every minute around each of 2026 transitions, whatever minute asked first', () => {
    const HOUR = 3_600_000;
    const start = Date.UTC(2026, 0, 1);
    // daylight saving by an hour, by half an hour (Lord Howe), at a half-hour offset, and a zone of quarter hours
    for (const zone of ['America/New_York', 'Europe/London', 'Australia/Lord_Howe', 'America/St_Johns', 'Asia/Kathmandu']) {
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
        for (const at of minutes) expect(offsetMs(zone, at), `${zone} ${new Date(at).toISOString()}`).toBe(reference(zone, at));
      }
    }
  });
});
