import type { TopMenuItem, UserInfo } from '../../contract/endpoints/user.endpoints';
import { hasLocalDb, hasLocalDbOfLogin } from '../data/cache-mark';
import { readToken } from '../app/token-store';
import { getLanguage } from '../app/language';
import { menuStore } from '../app/menu-store';
import { domesticRecords } from './mt-record-screens';
import { prefetchFirstPage, viewerOf } from './table-screen';

// The login chain's first list (issue 15): on a browser that holds no cache of the account, the domestic records'
// first page is asked with the login answer, beside the user info and the menus (as soon as the top menu says the
// product is granted), and before the shell renders (which keeps the main thread busy for a few hundred ms), so it is
// here when the operator opens the records. A browser with a cache answers from it, so nothing is asked there.
// The first page's query does not depend on the user info (no filter is set), so the request is the one the screen
// makes and the screen joins it.

/** Calls `then` with the session's top menu once asked (login asks it beside the user info): in the store's update,
 * so the first list leaves before the product menus that the same answer sends for. */
function withTopMenu(then: (top: TopMenuItem[]) => void): void {
  const check = () => {
    const { top } = menuStore.get();
    if (top.length === 0) return false;
    then(top);
    return true;
  };
  if (check()) return;
  const stop = menuStore.subscribe(() => check() && stop());
}

function prefetchWhenGranted(userInfo: UserInfo | null): void {
  // a session that ends before the top menu comes asks nothing for the next one
  const token = readToken()?.token;
  const ask = (top: TopMenuItem[]) => {
    if (readToken()?.token !== token) return;
    if (top.some((p) => p.prodType === 0 && p.prodAccess)) prefetchFirstPage(domesticRecords, viewerOf(userInfo, getLanguage()));
  };
  withTopMenu(ask);
}

/** Called with the login answer (the token stored), by the name typed at login; and with the user info, before the
 * session opens the console (a login by another name than the account's, or a cache marked by an older console),
 * which joins the request asked at login if there was one. */
export function prefetchFirstList(who: { loginName: string } | { userInfo: UserInfo }): void {
  if (typeof navigator !== 'undefined' && !navigator.onLine) return;
  const cached = 'userInfo' in who ? hasLocalDb(who.userInfo.authUser.cus_id) : hasLocalDbOfLogin(who.loginName);
  if (!cached) prefetchWhenGranted('userInfo' in who ? who.userInfo : null);
}
