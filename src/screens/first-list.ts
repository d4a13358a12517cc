import type { TopMenuItem, UserInfo } from '../../contract/endpoints/user.endpoints';
import { localDbName } from '../../sync/local-db';
import { getLanguage } from '../app/language';
import { menuStore } from '../app/menu-store';
import { domesticRecords } from './mt-record-screens';
import { prefetchFirstPage, viewerOf } from './table-screen';

// The login chain's first list (issue 15): on a browser that holds no cache of the account, the domestic records'
// first page is asked as soon as the user info is here, beside the menus and before the shell renders (which keeps
// the main thread busy for a few hundred ms), so it is here when the operator opens the records. A browser with a
// cache answers from it, so nothing is asked there.

/** Whether this browser holds a local database of the account's send records (RxDB's Dexie storage names its
 * IndexedDB databases `rxdb-dexie-<database>--<schema version>--<collection>`); unknown counts as held. */
export async function hasRecordCache(cusId: string): Promise<boolean> {
  if (typeof indexedDB === 'undefined' || typeof indexedDB.databases !== 'function') return true;
  const prefix = `rxdb-dexie-${localDbName(cusId)}--`;
  const names = await indexedDB.databases().catch(() => null);
  return names === null || names.some((d) => d.name?.startsWith(prefix) && d.name.endsWith('--mt_records'));
}

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

/** Called with the user info, before the session opens the console: the cache is looked for now, before the console
 * opens its database (which creates it). */
export function prefetchFirstList(userInfo: UserInfo): void {
  if (typeof navigator !== 'undefined' && !navigator.onLine) return;
  void Promise.all([hasRecordCache(userInfo.authUser.cus_id), topMenu()]).then(([cached, top]) => {
    if (!cached && top.some((p) => p.prodType === 0 && p.prodAccess)) prefetchFirstPage(domesticRecords, viewerOf(userInfo, getLanguage()));
  });
}
