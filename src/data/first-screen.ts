// On a browser that holds no cache of the account, its local database opens once the first screen is on screen: it
// is empty, the platform's first page stands in for it (src/app/first-list.ts), and opening it takes ~100 ms of
// the main thread in several tasks, which otherwise fell between the login and the first records page.
let shown = false;
const waiting = new Set<() => void>();

/** How long what waits for the first screen waits at most, unless it says otherwise: the shell's closed popups and
 * top-bar widgets (src/app/layout/top-bar.tsx) and the login's toast. */
export const AFTER_FIRST_SCREEN_WAIT_MS = 1000;

/** Called by a screen once its first rows (or its known emptiness) have been painted. */
export function firstScreenShown(): void {
  if (shown) return;
  shown = true;
  waiting.forEach((done) => done());
  waiting.clear();
}

/** Resolves when the first screen has been shown, or after `timeoutMs` (a screen that never says so: the dashboard). */
export function afterFirstScreen(timeoutMs = AFTER_FIRST_SCREEN_WAIT_MS): Promise<void> {
  if (shown) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      waiting.delete(done);
      resolve();
    };
    const timer = setTimeout(done, timeoutMs);
    waiting.add(done);
  });
}
