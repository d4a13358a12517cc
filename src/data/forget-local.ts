import { LOCAL_DB_GENERATION, localDbName } from '../../sync/store/local-db';
import { sideStoreName } from '../../sync/search/side-store';
import { unmarkLocalDb } from './cache-mark';

// A logout takes the account's copy off this browser: its replicated records (phone numbers and texts among them),
// the search columns beside them and the mark that says they are here. The lock screen keeps them, as does a session
// the platform ended (an expired token): only the user's own "log out" says the copy should go. The databases are
// deleted once the session's database has closed (an open connection would hold the deletion until it did); the
// logout asks for it through forget-flag.ts.

/** Whether an IndexedDB database belongs to the account's local copy, of this generation or an older one. */
export function isLocalCopyOf(cusId: string, name: string): boolean {
  for (let g = 1; g <= LOCAL_DB_GENERATION; g++) {
    const db = localDbName(cusId, '', g);
    // RxDB's Dexie storage names each collection's database `rxdb-dexie-<db>--<version>--<collection>`
    if (name.startsWith(`rxdb-dexie-${db}--`) || name === sideStoreName(db)) return true;
  }
  return false;
}

/** Deletes the account's local copy from this browser: answers how many databases went. */
export async function forgetLocalCopy(cusId: string): Promise<number> {
  unmarkLocalDb(cusId);
  const all = await indexedDB.databases();
  const names = all.flatMap((d) => (d.name && isLocalCopyOf(cusId, d.name) ? [d.name] : []));
  await Promise.all(
    names.map(
      (name) =>
        new Promise<void>((resolve) => {
          const req = indexedDB.deleteDatabase(name);
          // blocked: another tab of the account still has it open; the deletion completes when that tab lets go
          req.onsuccess = req.onerror = () => resolve();
        }),
    ),
  );
  return names.length;
}
