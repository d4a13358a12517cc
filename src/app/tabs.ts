import { FIRST_TAB } from '../../contract/constants';

// Visited pages as tabs: the first tab (/wel/index) is fixed; closing the active tab moves to its neighbour.
export interface Tab {
  path: string;
  /** i18n key of the title. */
  title: string;
}

export const HOME_TAB: Tab = { path: FIRST_TAB, title: 'page.home' };

export const openTab = (tabs: Tab[], tab: Tab): Tab[] => {
  const base = tabs[0]?.path === FIRST_TAB ? tabs : [HOME_TAB, ...tabs.filter((t) => t.path !== FIRST_TAB)];
  return base.some((t) => t.path === tab.path) ? base : [...base, tab];
};

/** the tabs left and where to go when the closed tab was the active one. */
export function closeTab(tabs: Tab[], path: string, active: string): { tabs: Tab[]; goTo: string | null } {
  if (path === FIRST_TAB) return { tabs, goTo: null };
  const i = tabs.findIndex((t) => t.path === path);
  if (i < 0) return { tabs, goTo: null };
  const left = tabs.filter((t) => t.path !== path);
  return { tabs: left, goTo: path === active ? (left[i] ?? left[i - 1] ?? HOME_TAB).path : null };
}

export const closeOtherTabs = (tabs: Tab[], keep: string): Tab[] =>
  tabs.filter((t) => t.path === FIRST_TAB || t.path === keep);

export const closeAllTabs = (): Tab[] => [HOME_TAB];
