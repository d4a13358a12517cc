import { CONSOLE_BASE_PATH, TOKEN_COOKIE } from '../../contract/constants';

// The token lives in a cookie named Authorization, its issue time in a sibling cookie.
const DATETIME_COOKIE = `${TOKEN_COOKIE}-datetime`;

function readCookie(name: string): string | null {
  if (typeof document === 'undefined') return null;
  const hit = document.cookie.split('; ').find((c) => c.startsWith(name + '='));
  return hit ? decodeURIComponent(hit.slice(name.length + 1)) : null;
}

function writeCookie(name: string, value: string | null): void {
  const tail = `; path=${CONSOLE_BASE_PATH}; SameSite=Strict`;
  document.cookie = value === null ? `${name}=; max-age=0${tail}` : `${name}=${encodeURIComponent(value)}${tail}`;
}

export interface StoredToken {
  token: string;
  datetime: number;
}

export function readToken(): StoredToken | null {
  const token = readCookie(TOKEN_COOKIE);
  if (!token) return null;
  return { token, datetime: Number(readCookie(DATETIME_COOKIE)) || 0 };
}

export function writeToken(t: StoredToken | null): void {
  writeCookie(TOKEN_COOKIE, t?.token ?? null);
  writeCookie(DATETIME_COOKIE, t ? String(t.datetime) : null);
}
