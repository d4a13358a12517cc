import { describe, expect, it } from 'vitest';
import { escapeClosesOnlyTheList } from './escape-key';

const press = (key: string, listOpen: boolean) => {
  let stopped = false;
  escapeClosesOnlyTheList({
    key,
    currentTarget: { querySelector: (sel: string) => (listOpen && sel === '[aria-expanded="true"]' ? ({} as Element) : null) },
    stopPropagation: () => void (stopped = true),
  });
  return stopped;
};

describe('Escape around a dropdown', () => {
  it('stops at an open list, so the dialog stays; passes on when the list is closed, or for other keys', () => {
    expect(press('Escape', true)).toBe(true);
    expect(press('Escape', false)).toBe(false);
    expect(press('Enter', true)).toBe(false);
  });
});
