import type { ReactNode } from 'react';
import { createStore } from './create-store.js';

/** A modal on the stack: its id and what to render. */
export interface ModalEntry {
  id: number;
  node: ReactNode;
}

/** The open modals, the top one last. */
export const modalStore = createStore<readonly ModalEntry[]>([]);

// Cancels by id, so closeAllModals() can settle every pending promise.
const resolvers = new Map<number, () => void>();
let nextId = 1;

/**
 * Opens a modal and answers when it closes. `render` receives `close(result)`; Esc, a click
 * outside or closeAllModals() close with `undefined`. Each modal kind wraps this in an opener
 * (see openConfirm), so callers write `if (await openConfirm({...})) ...`.
 */
export function openModal<R>(render: (close: (result?: R) => void) => ReactNode): Promise<R | undefined> {
  const id = nextId++;
  return new Promise((resolve) => {
    const close = (result?: R) => {
      if (!modalStore.get().some((entry) => entry.id === id)) return;
      modalStore.set((stack) => stack.filter((entry) => entry.id !== id));
      resolvers.delete(id);
      resolve(result);
    };
    resolvers.set(id, () => close());
    modalStore.set((stack) => [...stack, { id, node: render(close) }]);
  });
}

/** Closes every open modal as cancelled (used when the session ends). */
export function closeAllModals(): void {
  for (const cancel of [...resolvers.values()]) cancel();
}

/** Whether any modal is open; the shortcut dispatcher stays quiet while one is. */
export function isModalOpen(): boolean {
  return modalStore.get().length > 0;
}
