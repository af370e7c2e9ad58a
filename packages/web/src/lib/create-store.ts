import { useSyncExternalStore } from 'react';

/** A tiny observable value: the shell's shared UI state (notifications, modals, shortcuts) lives in these. */
export interface Store<T> {
  get(): T;
  set(next: T | ((current: T) => T)): void;
  subscribe(listener: () => void): () => void;
}

/** Creates a store holding `initial`; listeners run after every change. */
export function createStore<T>(initial: T): Store<T> {
  let value = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => value,
    set(next) {
      const resolved = typeof next === 'function' ? (next as (current: T) => T)(value) : next;
      if (Object.is(resolved, value)) return;
      value = resolved;
      for (const listener of [...listeners]) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** Reads a store (or a slice of it) in a component and re-renders when it changes. */
export function useStore<T, S = T>(store: Store<T>, select?: (value: T) => S): S {
  const read = () => (select ? select(store.get()) : (store.get() as unknown as S));
  return useSyncExternalStore(store.subscribe, read, read);
}
