import { localDbName } from '../../sync/store/local-db';

// Whether this browser has opened an account's local database, answered synchronously: the login chain decides on
// its first list in the task that brings the user info, before the shell's first render holds the main thread for a
// few hundred ms (IndexedDB's databases() answers only after that render, which delayed the list by as much).
// Site data is cleared as a whole, so the mark and the database go together; a database opened by an older console
// has no mark, which costs one platform page at the next login, not a wrong answer.

const markOf = (cusId: string) => `sms-cloud.localDb.${localDbName(cusId)}`;
// the same, by the name typed at login: the first list leaves with the login answer, before the user info says whose
const loginMarkOf = (loginName: string) => `sms-cloud.localDbOfLogin.${loginName.trim().toLowerCase()}`;

export function markLocalDb(cusId: string, loginName?: string): void {
  try {
    localStorage.setItem(markOf(cusId), '1');
    if (loginName) localStorage.setItem(loginMarkOf(loginName), cusId);
  } catch {
    // storage refused (private mode quota): the next login asks the platform for its first page, as on a new browser
  }
}

export function hasLocalDb(cusId: string): boolean {
  try {
    return localStorage.getItem(markOf(cusId)) === '1';
  } catch {
    return true;
  }
}

/** Whether the account last opened under this login name has its cache here (false for a name never seen). */
export function hasLocalDbOfLogin(loginName: string): boolean {
  try {
    const cusId = localStorage.getItem(loginMarkOf(loginName));
    return cusId !== null && hasLocalDb(cusId);
  } catch {
    return true;
  }
}

/** Forgets that this browser holds the account's cache, and every login name that led to it. */
export function unmarkLocalDb(cusId: string): void {
  try {
    localStorage.removeItem(markOf(cusId));
    for (let i = localStorage.length - 1; i >= 0; i--) {
      const key = localStorage.key(i);
      if (key?.startsWith(loginMarkOf('')) && localStorage.getItem(key) === cusId) localStorage.removeItem(key);
    }
  } catch {
    // storage unreadable: nothing was marked either
  }
}
