import type { ComponentType } from 'react';
import type { UserInfo } from '../../contract/endpoints/user.endpoints';
import type { LoggedInConsoleProps } from './logged-in-console';
import { warmOffThreadApi } from '../session/api';
import { warmConsoleFonts } from './font-warmup';
import { whenIdle } from './when-idle';

// The logged-in console's chunk. Asked for once: at the login click (beside the login request) or when a cached
// session opens, and by the lazy route; every caller shares the one download.
let loading: Promise<typeof import('./logged-in-console')> | null = null;
/** the chunk once evaluated: the console and the first list are then called without waiting for a promise */
let loadedModule: typeof import('./logged-in-console') | null = null;

export function loadConsole() {
  loading ??= import('./logged-in-console');
  loading.then((m) => void (loadedModule = m)).catch(() => (loading = null));
  return loading.then((m) => ({ default: m.LoggedInConsole }));
}

let preloadAsked = false;
/** The login page's first keystroke (or autofill): the console's chunk is fetched and evaluated, between keystrokes,
 * while the operator types, so the login answer does not wait for ~1 MB of code to run (30-70 ms that fell right on
 * the answer, before the user info was even asked). The login page alone still loads only the entry chunk. The
 * console's fonts are looked up then too (font-warmup.ts), and the worker the login chain's first list is fetched in
 * is started (src/app/api.ts): started at the click, its script came 40-80 ms later on a busy machine, at times after
 * the login answer, and the list then left only once the shell had rendered (72 ms after the answer in one 1M run). */
export function preloadConsole(): void {
  if (preloadAsked || loading) return;
  preloadAsked = true;
  warmConsoleFonts();
  whenIdle(() => {
    warmOffThreadApi();
    void loadConsole().catch(() => {});
  }, 1000);
}

/** The console once its chunk is here: rendered directly, without a suspended frame that would drop early keystrokes. */
export const loadedConsole = (): ComponentType<LoggedInConsoleProps> | null => loadedModule?.LoggedInConsole ?? null;

/** The login chain's first list (src/app/first-list.ts), asked with the login answer or the user info once the
 * chunk is here: at once when it is (usually: it loads while the operator types), so the request leaves before the
 * session change renders the shell (~40 ms at 1M), not in a promise callback after it. */
export function prefetchFirstList(who: { userInfo: UserInfo } | { loginName: string }): void {
  if (loadedModule) return loadedModule.prefetchFirstList(who);
  void (loading ??= import('./logged-in-console')).then((m) => m.prefetchFirstList(who)).catch(() => {});
}
