import type { UserInfo } from '../../contract/endpoints/user.endpoints';
import { hasLocalDb, hasLocalDbOfLogin } from '../data/cache-mark';
import { getLanguage } from '../ui/language';
import { domesticRecords } from '../records/mt-record-screens';
import { prefetchFirstPage } from '../table/first-sync-pages';
import { viewerOf } from '../table/viewer';

// The login chain's first list: on a browser that holds no cache of the account, the domestic records' first page is
// asked with the login answer, beside the user info and the menus, and before the shell renders (which keeps the main
// thread busy for ~100 ms), so it is here when the operator opens the records. A browser with a cache answers from
// it, so nothing is asked there. The first page's query does not depend on the user info (no filter is set), so the
// request is the one the screen makes and the screen joins it. It is asked before the top menu says whether the
// product is granted (waiting for that would hold it back ~40 ms, behind the platform's other login answers): the list
// is scoped to what the caller may see, so an account without the product gets an empty page it never shows.

/** Called with the login answer (the token stored), by the name typed at login; and with the user info, before the
 * session opens the console (a login by another name than the account's, or a cache marked by an older console),
 * which joins the request asked at login if there was one. */
export function prefetchFirstList(who: { loginName: string } | { userInfo: UserInfo }): void {
  if (typeof navigator !== 'undefined' && !navigator.onLine) return;
  const userInfo = 'userInfo' in who ? who.userInfo : null;
  const cached = userInfo
    ? hasLocalDb(userInfo.authUser.cus_id)
    : hasLocalDbOfLogin((who as { loginName: string }).loginName);
  if (!cached) prefetchFirstPage(domesticRecords, viewerOf(userInfo, getLanguage()));
}
