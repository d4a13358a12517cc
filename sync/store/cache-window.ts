import type { RecordStore } from './record-store';

// How much history the local database keeps: the user's window over the default, kept in the record store's state.

export interface CacheWindow {
  /** days of history kept locally. */
  days: number;
  /** most records kept per resource. */
  recordCap: number;
}
export const DEFAULT_CACHE_WINDOW: CacheWindow = { days: 90, recordCap: 1_000_000 };
/** What a user may set: a day up to three years; a thousand records up to two million per resource. */
export const CACHE_WINDOW_LIMITS = { days: { min: 1, max: 1095 }, recordCap: { min: 1000, max: 2_000_000 } } as const;
export function withinLimits(field: keyof CacheWindow, v: number): boolean {
  const l = CACHE_WINDOW_LIMITS[field];
  return Number.isInteger(v) && v >= l.min && v <= l.max;
}
export const validWindow = (w: CacheWindow) => withinLimits('days', w.days) && withinLimits('recordCap', w.recordCap);

const SETTINGS_ID = 'settings';

/** The cache window in force: the user's setting over the default. */
export async function readWindow(store: Pick<RecordStore, 'readState'>): Promise<CacheWindow> {
  return { ...DEFAULT_CACHE_WINDOW, ...((await store.readState<CacheWindow>(SETTINGS_ID)) ?? {}) };
}

/** Keeps the user's cache window. */
export const writeWindow = (store: Pick<RecordStore, 'writeState'>, w: CacheWindow) => store.writeState(SETTINGS_ID, w);
