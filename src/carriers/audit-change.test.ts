import { describe, expect, it } from 'vitest';
import { changeLines, changeText, setsOnly } from './audit-change';

describe('audit changes as text', () => {
  it('lists only the keys that changed between two objects', () => {
    const lines = changeLines(
      { port: 2775, host: 'a', weights: [1, 2] },
      { port: 2776, host: 'a', weights: [1, 3], enabled: true },
    );
    expect(lines.map((l) => changeText(l, '-'))).toEqual([
      'port: 2775 → 2776',
      'weights: [1,2] → [1,3]',
      'enabled: - → true',
    ]);
  });

  it('shows a side that is no object whole, an absent one as nothing', () => {
    expect(changeLines(null, { name: 'x' }).map((l) => changeText(l, 'none'))).toEqual(['none → {"name":"x"}']);
    expect(changeLines({ enabled: true }, null).map((l) => changeText(l, 'none'))).toEqual(['{"enabled":true} → none']);
  });

  it('compares only what a carrier action set, and gives a reconnect no line', () => {
    expect(setsOnly('carrier.disable') && setsOnly('carrier.reconnect')).toBe(true);
    expect(setsOnly('carrier.change') || setsOnly('route.change')).toBe(false);
    expect(changeLines({ enabled: true, weight: 1 }, { enabled: false }, true).map((l) => changeText(l, '-'))).toEqual([
      'enabled: true → false',
    ]);
    expect(changeLines({ enabled: true, weight: 1 }, null, true)).toEqual([]);
  });

  it('keeps markup as text: a value is JSON, never HTML', () => {
    expect(changeText(changeLines({ s: '<b>x</b>' }, { s: '<i>' })[0], '-')).toBe('s: "<b>x</b>" → "<i>"');
  });
});
