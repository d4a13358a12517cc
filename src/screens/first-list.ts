import type { TopMenuItem, UserInfo } from '../../contract/endpoints/user.endpoints';
import { hasLocalDb } from '../data/cache-mark';
import { getLanguage } from '../app/language';
import { menuStore } from '../app/menu-store';
import { domesticRecords } from './mt-record-screens';
import { prefetchFirstPage, viewerOf } from './table-screen';

// The login chain's first list (issue 15): on a browser that holds no cache of the account, the domestic records'
// first page is asked as soon as the user info is here, beside the menus and before the shell renders (which keeps
// the main thread busy for a few hundred ms), so it is here when the operator opens the records. A browser with a
// cache answers from it, so nothing is asked there.

/** The session's top menu once asked (login asks it beside the user info). */
function topMenu(): Promise<TopMenuItem[]> {
  return new Promise((resolve) => {
    const check = () => {
      const { top } = menuStore.get();
      if (top.length === 0) return false;
      resolve(top);
      return true;
    };
    if (check()) return;
    const stop = menuStore.subscribe(() => check() && stop());
  });
}

/** Called with the user info, before the session opens the console: asked in this task when the top menu is here
 * (login asks both together), so the request leaves before the shell renders. */
export function prefetchFirstList(userInfo: UserInfo): void {
  if ((typeof navigator !== 'undefined' && !navigator.onLine) || hasLocalDb(userInfo.authUser.cus_id)) return;
  const ask = (top: TopMenuItem[]) => {
    if (top.some((p) => p.prodType === 0 && p.prodAccess)) prefetchFirstPage(domesticRecords, viewerOf(userInfo, getLanguage()));
  };
  const { top } = menuStore.get();
  if (top.length > 0) ask(top);
  else void topMenu().then(ask);
}
