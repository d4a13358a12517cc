import { describe, expect, it } from 'vitest';
import type { MenuItem } from '../../contract/endpoints/user.endpoints';
import { hasArea, menuFor, MENUS, topMenuFor } from './menu-tree';

const paths = (items: MenuItem[]): string[] => items.flatMap((i) => (i.children ? paths(i.children) : [i.path]));

describe('menu tree', () => {
  it('drops items whose roles exclude the user, and groups left empty', () => {
    const tree: MenuItem[] = [
      {
        id: 'g1',
        label: 'a',
        path: '',
        icon: '',
        children: [{ id: 'x', label: 'x', path: '/x', icon: '', roles: ['admin'] }],
      },
      {
        id: 'g2',
        label: 'b',
        path: '',
        icon: '',
        children: [
          { id: 'y', label: 'y', path: '/y', icon: '' },
          { id: 'z', label: 'z', path: '/z', icon: '', roles: ['agent', 'admin'] },
        ],
      },
    ];
    expect(paths(menuFor(tree, ['admin']))).toEqual(['/x', '/y', '/z']);
    expect(menuFor(tree, ['user'])).toEqual([
      { id: 'g2', label: 'b', path: '', icon: '', children: [{ id: 'y', label: 'y', path: '/y', icon: '' }] },
    ]);
    expect(paths(menuFor(tree, ['agent']))).toEqual(['/y', '/z']);
  });

  it('gives every screen a unique id and a menu.* label', () => {
    for (const items of Object.values(MENUS)) {
      const leaves = items.flatMap((g) => g.children ?? []);
      expect(new Set(leaves.map((l) => l.id)).size).toBe(leaves.length);
      for (const l of leaves) expect(l.label).toBe(`menu.${l.id}`);
    }
    expect(paths(MENUS.userCenter)).toContain('/info/setting');
  });

  it('opens areas by granted products; video also with CSP alone; the user centre always', () => {
    expect(hasArea('userCenter', [])).toBe(true);
    expect(hasArea('videoSms', [6])).toBe(true);
    expect(hasArea('videoSms', [0, 1])).toBe(false);
    expect(topMenuFor([0, 2]).map((t) => [t.permCode, t.prodAccess])).toEqual([
      ['userCenter', true],
      ['homeSms', true],
      ['videoSms', true],
      ['internationalSms', false],
    ]);
  });
});
