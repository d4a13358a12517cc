import { FIRST_TAB } from '../../contract/constants';

// Routes and guards: no token -> only no-auth routes; logged in at /login -> /; locked -> only /lock.
export const NO_AUTH_ROUTES = ['/login', '/lock', '/404', '/403', '/500'];

export type GuardDecision = { redirect: string } | { render: 'wait' | 'public' | 'console' };

/** Where unlocking returns: the console page that was locked, else the first tab. */
export function afterUnlock(lockedFrom: string | null | undefined): string {
  const path = lockedFrom?.split('?')[0] ?? '';
  const ok =
    !!lockedFrom && path.startsWith('/') && !path.startsWith('//') && path !== '/' && !NO_AUTH_ROUTES.includes(path);
  return ok ? lockedFrom : FIRST_TAB;
}

/** `lockedFrom`: the page (path and query) the lock was entered from. */
export function guard(
  path: string,
  s: { loggedIn: boolean; pending: boolean; locked: boolean; lockedFrom?: string | null },
): GuardDecision {
  if (s.pending && !NO_AUTH_ROUTES.includes(path)) return { render: 'wait' };
  if (!s.loggedIn)
    return path === '/lock' || !NO_AUTH_ROUTES.includes(path) ? { redirect: '/login' } : { render: 'public' };
  if (s.locked) return path === '/lock' ? { render: 'public' } : { redirect: '/lock' };
  if (path === '/lock') return { redirect: afterUnlock(s.lockedFrom) };
  if (path === '/login' || path === '/') return { redirect: FIRST_TAB };
  return NO_AUTH_ROUTES.includes(path) ? { render: 'public' } : { render: 'console' };
}
