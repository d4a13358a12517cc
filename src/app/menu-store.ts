import { getMenuEndpoint, getTopMenuEndpoint, type MenuItem, type PermCode, type TopMenuItem } from '../../contract/endpoints/user.endpoints';
import { api } from './api';
import { createStore } from './external-store';
import { STORAGE } from './storage-keys';

// The top menu and the runtime menu per product, cached for an offline start; cleared with the session.
export interface MenuState {
  top: TopMenuItem[];
  active: PermCode;
  menus: Partial<Record<PermCode, MenuItem[]>>;
  loaded: boolean;
}

const EMPTY: MenuState = { top: [], active: 'userCenter', menus: {}, loaded: false };
export const menuStore = createStore<MenuState>(EMPTY, STORAGE.menus);

async function loadMenu(code: PermCode): Promise<void> {
  const items = await api.call(getMenuEndpoint, { permCode: code }, { silent: true });
  menuStore.set((s) => ({ ...s, menus: { ...s.menus, [code]: items } }));
}

/** after login or at start: the top menu and the chosen product's menu (the cache stands in when offline). */
export async function loadMenus(): Promise<void> {
  try {
    const top = await api.call(getTopMenuEndpoint, {}, { silent: true });
    const active = top.find((t) => t.permCode === menuStore.get().active && t.prodAccess) ? menuStore.get().active : 'userCenter';
    menuStore.set((s) => ({ ...s, top, active }));
    await loadMenu(active);
  } catch {
    // offline: keep whatever the cache holds
  }
  menuStore.set((s) => ({ ...s, loaded: true }));
}

/** false when the product is not granted (the caller shows the not-enabled warning) and nothing switches. */
export function chooseProduct(code: PermCode): boolean {
  const item = menuStore.get().top.find((t) => t.permCode === code);
  if (!item?.prodAccess) return false;
  menuStore.set((s) => ({ ...s, active: code }));
  void loadMenu(code).catch(() => {});
  return true;
}

export function resetMenus(): void {
  menuStore.set(EMPTY);
  localStorage.removeItem(STORAGE.menus);
}
