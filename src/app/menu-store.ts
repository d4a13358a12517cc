import {
  getMenuEndpoint,
  getTopMenuEndpoint,
  type MenuItem,
  type PermCode,
  type TopMenuItem,
} from '../../contract/endpoints/user.endpoints';
import { earlyApi } from '../session/api';
import { afterFirstScreen } from '../data/first-screen';
import { createStore } from './external-store';
import { STORAGE } from './storage-keys';
import { readToken } from '../session/token-store';

// The top menu and the runtime menu per product, cached for an offline start; cleared with the session.
export interface MenuState {
  top: TopMenuItem[];
  active: PermCode;
  menus: Partial<Record<PermCode, MenuItem[]>>;
  loaded: boolean;
  /** the menus of every granted product have been asked for (to tell whether a typed URL is granted). */
  allLoaded?: boolean;
}

const EMPTY: MenuState = { top: [], active: 'userCenter', menus: {}, loaded: false };
export const menuStore = createStore<MenuState>(EMPTY, STORAGE.menus);

const fetchMenu = (code: PermCode) => earlyApi().call(getMenuEndpoint, { permCode: code }, { silent: true });

async function loadMenu(code: PermCode): Promise<void> {
  const items = await fetchMenu(code);
  menuStore.set((s) => ({ ...s, menus: { ...s.menus, [code]: items } }));
}

/** The product to show: the one wanted when the top menu grants it, else the user centre. */
export const grantedProduct = (top: TopMenuItem[], wanted: PermCode): PermCode =>
  top.some((t) => t.permCode === wanted && t.prodAccess) ? wanted : 'userCenter';

let current: { token: string | null; done: Promise<void> } | null = null;
/** the menus of every granted product being asked for (at login, or by loadGrantedMenus). */
let loadingAll: Promise<void> | null = null;

/** The menus a login answered (contract loginResponse.session): the top menu and the user centre's. */
export interface LoginMenus {
  topMenu: TopMenuItem[];
  menu: MenuItem[];
}

/**
 * After login or at start: the top menu and the chosen product's menu (the cache stands in when offline). One load
 * per session token: login starts it, with what the login answered of them, and the layout's call joins it.
 */
export function loadMenus(given?: LoginMenus): Promise<void> {
  const token = readToken()?.token ?? null;
  if (current?.token !== token) current = { token, done: fetchMenus(token, given) };
  return current.done;
}

async function fetchMenus(token: string | null, given: LoginMenus | undefined): Promise<void> {
  // answers of a session that ended meanwhile are dropped: logout has cleared the store
  const live = () => (readToken()?.token ?? null) === token;
  if (given) {
    // stored at once, in one change, before the session change renders the shell, which then renders with its side
    // menu: nothing is asked before the first screen but the first list
    const active = grantedProduct(given.topMenu, menuStore.get().active);
    menuStore.set((s) => ({
      ...s,
      top: given.topMenu,
      active,
      menus: { ...s.menus, userCenter: given.menu },
      loaded: active === 'userCenter',
    }));
  }
  const menuOf = (code: PermCode) => (given && code === 'userCenter' ? Promise.resolve(given.menu) : fetchMenu(code));
  // the product menu is asked beside the top menu: the product rarely changes, and a wrong guess is asked again
  const guess = menuStore.get().active;
  const guessed = menuOf(guess);
  guessed.catch(() => {});
  try {
    const top = given?.topMenu ?? (await earlyApi().call(getTopMenuEndpoint, {}, { silent: true }));
    if (!live()) return;
    const active = grantedProduct(top, menuStore.get().active);
    if (!given) menuStore.set((s) => ({ ...s, top, active }));
    // the other granted products' menus beside the active one: a records URL opened right after
    // login, or a product switch, then finds its menu instead of waiting for them one round trip later
    const others = top.filter((t) => t.prodAccess && t.permCode !== active);
    // (loadGrantedMenus joins these instead of asking again)
    // they are asked once the first screen is on screen (at most a second later), and stored together: each store
    // change renders the whole shell again, and landing between the shell's paint and the first records (at 1M, 110 ms
    // after the login) it held them back ~50 ms; asked with the top menu, their answers were parsed and checked on the
    // main thread, and served by the platform, on the two cores the first page needs. Until then a screen of those
    // products opens on the top menu's grant (ScreenDefinition.grantedBy), and a typed URL they do not grant waits for
    // them before it says 403.
    const all = afterFirstScreen()
      .then(() =>
        live()
          ? Promise.all(
              others.map((t) =>
                (t.permCode === guess ? guessed : menuOf(t.permCode)).then(
                  (items) => [t.permCode, items] as const,
                  () => null,
                ),
              ),
            )
          : [],
      )
      .then((got) => {
        if (!live()) return;
        const menus = Object.fromEntries(got.filter((g) => g !== null));
        menuStore.set((s) => ({ ...s, menus: { ...s.menus, ...menus } }));
        markAllLoaded();
      })
      .finally(() => loadingAll === all && (loadingAll = null));
    loadingAll = all;
    const items = await (active === guess ? guessed : menuOf(active));
    if (!live()) return;
    // (the same menu as stored: no change, so the shell does not render again)
    menuStore.set((s) => (s.menus[active] === items ? s : { ...s, menus: { ...s.menus, [active]: items } }));
  } catch {
    // offline: keep whatever the cache holds
  }
  if (live()) menuStore.set((s) => (s.loaded ? s : { ...s, loaded: true }));
}

/** false when the product is not granted (the caller shows the not-enabled warning) and nothing switches. */
export function chooseProduct(code: PermCode): boolean {
  const item = menuStore.get().top.find((t) => t.permCode === code);
  if (!item?.prodAccess) return false;
  menuStore.set((s) => ({ ...s, active: code }));
  void loadMenu(code).catch(() => {});
  return true;
}

let missedRounds = 0;
/** Every granted product's menu is here, so a screen missing from them is truly not granted (the layout then says
 * 403). A menu that failed to load (a timeout on a busy network) is asked again a few times first, so a slow answer
 * never shows as "no access". */
function markAllLoaded(): void {
  const { top, menus } = menuStore.get();
  const missing = top.some((t) => t.prodAccess && !menus[t.permCode]);
  if (missing && ++missedRounds <= 3) {
    setTimeout(() => void loadGrantedMenus(), 1000 * missedRounds);
    return;
  }
  missedRounds = 0;
  menuStore.set((s) => ({ ...s, allLoaded: true }));
}

/** The user's "try again" after the menus failed to load. */
export function retryMenus(): Promise<void> {
  missedRounds = 0;
  menuStore.set((s) => ({ ...s, allLoaded: false }));
  return loadGrantedMenus();
}

/** Loads the menus of every granted product not loaded yet; a product that is not granted is never asked for. */
export function loadGrantedMenus(): Promise<void> {
  loadingAll ??= (async () => {
    const { top, menus } = menuStore.get();
    await Promise.all(
      top.filter((t) => t.prodAccess && !menus[t.permCode]).map((t) => loadMenu(t.permCode).catch(() => {})),
    );
    markAllLoaded();
  })().finally(() => (loadingAll = null));
  return loadingAll;
}

export function resetMenus(): void {
  current = null;
  missedRounds = 0;
  menuStore.set(EMPTY);
  localStorage.removeItem(STORAGE.menus);
}
