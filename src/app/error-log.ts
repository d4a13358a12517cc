import { createStore } from './external-store';

// Runtime errors captured locally for the log viewer: window.onerror, unhandled rejections and the React
// error boundary, kept in localStorage so they survive a reload until uploaded or cleared.
export interface LogEntry {
  type: string;
  url: string;
  message: string;
  /** epoch ms. */
  time: number;
  stack: string;
}

const MAX_KEPT = 500;
export const errorLogStore = createStore<LogEntry[]>([], 'errorLog');

export function logError(type: string, error: unknown, extraStack = ''): void {
  const e = error instanceof Error ? error : null;
  const entry: LogEntry = {
    type,
    url: typeof location === 'undefined' ? '' : location.href,
    message: e?.message ?? String(error),
    time: Date.now(),
    stack: (e?.stack ?? '') + extraStack,
  };
  errorLogStore.set((list) => [entry, ...list].slice(0, MAX_KEPT));
}

export function clearErrorLog(): void {
  errorLogStore.set([]);
}

export function installErrorCapture(): void {
  window.addEventListener('error', (ev) => logError('error', ev.error ?? ev.message));
  window.addEventListener('unhandledrejection', (ev) => logError('unhandledrejection', ev.reason));
}
