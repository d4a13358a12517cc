import { describe, expect, it } from 'vitest';
import type { MenuItem } from '../../contract/endpoints/user.endpoints';
import { EN } from '../i18n/en';
import { ZH } from '../i18n/zh';
import { guard } from './guards';
import { grantedProduct } from './menu-store';
import { badgeText, menuLeaves, searchMenu } from './menu';
import { closeAllTabs, closeOtherTabs, closeTab, HOME_TAB, openTab, type Tab } from './tabs';

const tab = (path: string): Tab => ({ path, title: `t${path}` });

describe('tabs', () => {
  it('opening adds a tab once, behind the fixed first tab', () => {
    let tabs = openTab([], tab('/a'));
    tabs = openTab(tabs, tab('/b'));
    tabs = openTab(tabs, tab('/a'));
    expect(tabs.map((t) => t.path)).toEqual(['/wel/index', '/a', '/b']);
  });

  it('the first tab cannot be closed', () => {
    const tabs = [HOME_TAB, tab('/a')];
    expect(closeTab(tabs, '/wel/index', '/wel/index')).toEqual({ tabs, goTo: null });
  });

  it('closing the active tab moves to its right neighbour, else the left one', () => {
    const tabs = [HOME_TAB, tab('/a'), tab('/b'), tab('/c')];
    expect(closeTab(tabs, '/b', '/b').goTo).toBe('/c');
    expect(closeTab(tabs, '/c', '/c').goTo).toBe('/b');
    expect(closeTab(tabs, '/a', '/c')).toEqual({ tabs: [HOME_TAB, tab('/b'), tab('/c')], goTo: null });
  });

  it('close others keeps the first tab and the chosen one; close all keeps only the first tab', () => {
    const tabs = [HOME_TAB, tab('/a'), tab('/b'), tab('/c')];
    expect(closeOtherTabs(tabs, '/b').map((t) => t.path)).toEqual(['/wel/index', '/b']);
    expect(closeAllTabs()).toEqual([HOME_TAB]);
  });
});

describe('menu search', () => {
  const menu: MenuItem[] = [
    {
      id: 'g',
      label: 'group',
      path: '',
      icon: '',
      children: [
        { id: 'a', label: 'menu.mt', path: '/mt', icon: '' },
        { id: 'b', label: 'menu.mo', path: '/mo', icon: '' },
      ],
    },
    { id: 'c', label: 'menu.send', path: '/send', icon: '' },
  ];
  const labels: Record<string, string> = {
    'menu.mt': 'Send records',
    'menu.mo': 'Reply records',
    'menu.send': 'send SMS',
  };
  const leaves = menuLeaves(menu);

  it('collects the pages, not the groups', () => {
    expect(leaves.map((l) => l.path)).toEqual(['/mt', '/mo', '/send']);
  });

  it('matches labels by prefix, case-insensitive', () => {
    expect(searchMenu(leaves, 'SEND', (k) => labels[k]).map((l) => l.path)).toEqual(['/mt', '/send']);
    expect(searchMenu(leaves, 'records', (k) => labels[k])).toEqual([]);
    expect(searchMenu(leaves, '  ', (k) => labels[k])).toEqual([]);
  });
});

describe('log badge', () => {
  it('caps at 99', () => {
    expect([0, 1, 99, 100, 5000].map((n) => badgeText(n, 99))).toEqual([null, '1', '99', '99+', '99+']);
  });
});

describe('route guards', () => {
  const out = { loggedIn: false, pending: false, locked: false };
  const inn = { loggedIn: true, pending: false, locked: false };
  it('without a session only no-auth routes open; the rest and /lock go to /login', () => {
    expect(guard('/wel/index', out)).toEqual({ redirect: '/login' });
    expect(guard('/nowhere', out)).toEqual({ redirect: '/login' });
    expect(guard('/lock', out)).toEqual({ redirect: '/login' });
    expect(guard('/login', out)).toEqual({ render: 'public' });
    expect(guard('/404', out)).toEqual({ render: 'public' });
  });
  it('logged in: /login and / go to the first tab, pages render in the console', () => {
    expect(guard('/login', inn)).toEqual({ redirect: '/wel/index' });
    expect(guard('/', inn)).toEqual({ redirect: '/wel/index' });
    expect(guard('/mtRecordList', inn)).toEqual({ render: 'console' });
    expect(guard('/404', inn)).toEqual({ render: 'public' });
  });
  it('locked: only /lock', () => {
    const locked = { ...inn, locked: true };
    expect(guard('/wel/index', locked)).toEqual({ redirect: '/lock' });
    expect(guard('/login', locked)).toEqual({ redirect: '/lock' });
    expect(guard('/lock', locked)).toEqual({ render: 'public' });
    expect(guard('/lock', inn)).toEqual({ redirect: '/wel/index' });
  });
  it('waits while the session is being restored', () => {
    expect(guard('/wel/index', { ...out, pending: true })).toEqual({ render: 'wait' });
    expect(guard('/login', { ...out, pending: true })).toEqual({ render: 'public' });
  });
});

describe('i18n', () => {
  const keys = (o: object, p = ''): string[] =>
    Object.entries(o).flatMap(([k, v]) => (typeof v === 'object' ? keys(v, `${p}${k}.`) : [`${p}${k}`]));
  it('zh and en have the same keys and no empty labels', () => {
    expect(keys(EN).sort()).toEqual(keys(ZH).sort());
    const leaves = (o: object): string[] => Object.values(o).flatMap((v) => (typeof v === 'object' ? leaves(v) : [v]));
    expect([...leaves(ZH), ...leaves(EN)].filter((s) => !String(s).trim())).toEqual([]);
  });
});

describe('menus', () => {
  const top = [
    { permCode: 'userCenter', label: 'menu.userCenter', icon: 'pi', prodType: null, prodAccess: true },
    { permCode: 'homeSms', label: 'menu.homeSms', icon: 'pi', prodType: 0, prodAccess: true },
    { permCode: 'videoSms', label: 'menu.videoSms', icon: 'pi', prodType: 2, prodAccess: false },
  ] as Parameters<typeof grantedProduct>[0];

  it('keeps the chosen product when the top menu grants it, else falls back to the user centre', () => {
    expect(grantedProduct(top, 'homeSms')).toBe('homeSms');
    expect(grantedProduct(top, 'videoSms')).toBe('userCenter');
    expect(grantedProduct([], 'homeSms')).toBe('userCenter');
  });
});
