import { localDbName } from '../../sync/local-db';

// Whether this browser has opened an account's local database, answered synchronously: the login chain decides on
// its first list in the task that brings the user info, before the shell's first render holds the main thread for a
// few hundred ms (IndexedDB's databases() answers only after that render, which delayed the list by as much).
// Site data is cleared as a whole, so the mark and the database go together; a database opened by an older console
// has no mark, which costs one platform page at the next login, not a wrong answer.

const markOf = (cusId: string) => `sms-cloud.localDb.${localDbName(cusId)}`;

export function markLocalDb(cusId: string): void {
  try {
    localStorage.setItem(markOf(cusId), '1');
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
