import { describe, expect, it } from 'vitest';
import { escapeIsTheOverlays, keepEscapeInOverlay, type KeyTarget } from './escape-key';

/** A key target in a control whose list is open or closed, or inside an open panel, or in a plain input. */
const target = (where: 'open list' | 'closed list' | 'open panel' | 'plain input'): KeyTarget => ({
  closest: (selector) => {
    if (selector.includes('p-connected-overlay')) return where === 'open panel' ? { querySelector: () => null } : null;
    if (selector === '.p-inputwrapper' && where.endsWith('list'))
      return { querySelector: (s: string) => (where === 'open list' && s === '[aria-expanded="true"]' ? {} : null) };
    return null;
  },
});

const stopped = (key: string, t: unknown) => {
  let stop = false;
  keepEscapeInOverlay({ key, target: t, stopPropagation: () => void (stop = true) });
  return stop;
};

describe('Escape in a form dialog', () => {
  it('belongs to an open list or panel, so the dialog stays open', () => {
    expect(escapeIsTheOverlays(target('open list'))).toBe(true);
    expect(escapeIsTheOverlays(target('open panel'))).toBe(true);
    expect(stopped('Escape', target('open list'))).toBe(true);
  });

  it('goes on to the dialog from a closed list, a plain input or no element; other keys always go on', () => {
    expect(stopped('Escape', target('closed list'))).toBe(false);
    expect(stopped('Escape', target('plain input'))).toBe(false);
    expect(stopped('Escape', null)).toBe(false);
    expect(stopped('Escape', {})).toBe(false);
    expect(stopped('Enter', target('open list'))).toBe(false);
  });
});
