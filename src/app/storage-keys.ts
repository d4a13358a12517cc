// localStorage keys of the session; logout and 401 clear all but the language and the error log.
export const STORAGE = {
  userInfo: 'session.userInfo',
  menus: 'session.menus',
  tabs: 'session.tabs',
  lock: 'session.lock',
  dashboard: 'session.dashboard',
} as const;
