import { FIRST_TAB } from '../../contract/constants';

// Routes and guards of spec §2: no token -> only no-auth routes; logged in at /login -> /; locked -> only /lock.
export const NO_AUTH_ROUTES = ['/login', '/lock', '/404', '/403', '/500'];

export type GuardDecision = { redirect: string } | { render: 'wait' | 'public' | 'console' };

export function guard(path: string, s: { loggedIn: boolean; pending: boolean; locked: boolean }): GuardDecision {
  if (s.pending && !NO_AUTH_ROUTES.includes(path)) return { render: 'wait' };
  if (!s.loggedIn) return path === '/lock' || !NO_AUTH_ROUTES.includes(path) ? { redirect: '/login' } : { render: 'public' };
  if (s.locked) return path === '/lock' ? { render: 'public' } : { redirect: '/lock' };
  if (path === '/login' || path === '/lock' || path === '/') return { redirect: FIRST_TAB };
  return NO_AUTH_ROUTES.includes(path) ? { render: 'public' } : { render: 'console' };
}
