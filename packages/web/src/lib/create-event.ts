/** A typed fire-and-forget event: for signals between parts that must not import each other. */
export interface AppEvent<T> {
  emit(payload: T): void;
  subscribe(listener: (payload: T) => void): () => void;
}

/** Creates an event; listeners are called synchronously in subscription order. */
export function createEvent<T = void>(): AppEvent<T> {
  const listeners = new Set<(payload: T) => void>();
  return {
    emit(payload) {
      for (const listener of [...listeners]) listener(payload);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
