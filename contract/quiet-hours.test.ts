import { describe, expect, it } from 'vitest';
import { quietUntil } from './quiet-hours';

const SH = 'Asia/Shanghai';
// 2026-11-28 in Shanghai (UTC+8) at a wall-clock time
const at = (h: number, m = 0, day = 28) => Date.UTC(2026, 10, day, h - 8, m);
const night = { enabled: true, from: '21:00', to: '08:00' };

describe('quiet hours', () => {
  it('hold a time inside a window crossing midnight until the next morning, or this morning after midnight', () => {
    expect(quietUntil(night, SH, at(21, 0))).toBe(at(8, 0, 29));
    expect(quietUntil(night, SH, at(23, 59))).toBe(at(8, 0, 29));
    expect(quietUntil(night, SH, at(0, 30))).toBe(at(8, 0));
    expect(quietUntil(night, SH, at(7, 59))).toBe(at(8, 0));
  });

  it('leave a time outside the window, its end included', () => {
    expect(quietUntil(night, SH, at(8, 0))).toBeNull();
    expect(quietUntil(night, SH, at(12, 0))).toBeNull();
    expect(quietUntil(night, SH, at(20, 59))).toBeNull();
  });

  it('hold within a window on one day', () => {
    const lunch = { enabled: true, from: '12:00', to: '13:30' };
    expect(quietUntil(lunch, SH, at(12, 10))).toBe(at(13, 30));
    expect(quietUntil(lunch, SH, at(13, 30))).toBeNull();
    expect(quietUntil(lunch, SH, at(11, 59))).toBeNull();
  });

  it('hold nothing when off or empty', () => {
    expect(quietUntil({ ...night, enabled: false }, SH, at(23))).toBeNull();
    expect(quietUntil({ enabled: true, from: '09:00', to: '09:00' }, SH, at(9))).toBeNull();
  });

  it("read the enterprise's own zone, across a daylight-saving change", () => {
    // New York leaves daylight saving on 2026-11-01 at 02:00: the night of Oct 31 lasts an hour longer
    const ny = (d: number, h: number, offset: number) => Date.UTC(2026, 9, d, h + offset);
    expect(quietUntil(night, 'America/New_York', ny(31, 22, 4))).toBe(Date.UTC(2026, 10, 1, 8 + 5));
    expect(quietUntil(night, 'America/New_York', ny(31, 20, 4))).toBeNull();
  });
});
