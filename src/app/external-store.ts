import { useSyncExternalStore } from 'react';

// A tiny observable value for shell state that lives outside React (tabs, menus, error log), optionally persisted.
export interface Store<T> {
  get(): T;
  set(next: T | ((prev: T) => T)): void;
  subscribe(listener: () => void): () => void;
}

export function createStore<T>(initial: T, persistKey?: string): Store<T> {
  let value = initial;
  if (persistKey && typeof localStorage !== 'undefined') {
    try {
      const raw = localStorage.getItem(persistKey);
      if (raw) value = JSON.parse(raw) as T;
    } catch {}
  }
  const listeners = new Set<() => void>();
  return {
    get: () => value,
    set(next) {
      value = typeof next === 'function' ? (next as (p: T) => T)(value) : next;
      if (persistKey) localStorage.setItem(persistKey, JSON.stringify(value));
      listeners.forEach((l) => l());
    },
    subscribe(l) {
      listeners.add(l);
      return () => listeners.delete(l);
    },
  };
}

export const useStore = <T>(store: Store<T>): T => useSyncExternalStore(store.subscribe, store.get, store.get);
