// The user's own logout asks that the account's local copy leave this browser (forget-local.ts does it once the
// session's database has closed). Kept apart from that module so the login page's chunk, which logs out, does not
// load the local database's code.

let forgetNext = false;

/** Asks that the next local database to close be deleted with everything beside it. */
export function forgetOnClose(): void {
  forgetNext = true;
}

/** Whether the closing database should go; answers once per request. */
export function takeForget(): boolean {
  const was = forgetNext;
  forgetNext = false;
  return was;
}
