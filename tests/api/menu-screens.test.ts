import { describe, expect, it } from 'vitest';
import type { MenuItem } from '../../contract/endpoints/user.endpoints';
import { MENUS } from '../../platform/auth/menu-tree';
import { SCREENS } from '../../src/app/screen-registry';

// No menu entry of any product area opens a placeholder: every leaf the platform's menu offers has a screen.
describe('menu entries', () => {
  it('each open a real screen', () => {
    const leaves = new Set<string>();
    const walk = (items: MenuItem[]) => items.forEach((i) => (i.children ? walk(i.children) : leaves.add(i.path)));
    Object.values(MENUS).forEach(walk);
    expect(leaves.size).toBeGreaterThan(30);
    expect([...leaves].filter((p) => !SCREENS[p])).toEqual([]);
  });
});
