import { NOTIFICATION_MS } from '@coffer/core';
import { createStore } from './create-store.js';

/** The three banner kinds. */
export type NotificationType = 'success' | 'error' | 'info';

/** What notify() takes. */
export interface NotificationInput {
  type: NotificationType;
  message: string;
}

/** A banner on screen. */
export interface Notification extends NotificationInput {
  id: number;
}

/** The banners on screen, oldest first. */
export const notificationStore = createStore<readonly Notification[]>([]);

const timers = new Map<number, ReturnType<typeof setTimeout>>();
let nextId = 1;

/**
 * Shows a banner that clears itself after 8 s (spec section 9) or on click; answers its id.
 * The same message of the same type shown again restarts its timer instead of stacking.
 */
export function notify(input: NotificationInput): number {
  const existing = notificationStore.get().find((n) => n.type === input.type && n.message === input.message);
  const id = existing?.id ?? nextId++;
  if (!existing) notificationStore.set((list) => [...list, { id, type: input.type, message: input.message }]);
  clearTimeout(timers.get(id));
  timers.set(
    id,
    setTimeout(() => dismissNotification(id), NOTIFICATION_MS),
  );
  return id;
}

/** Removes one banner now. */
export function dismissNotification(id: number): void {
  clearTimeout(timers.get(id));
  timers.delete(id);
  notificationStore.set((list) => list.filter((n) => n.id !== id));
}

/** Removes every banner (tests, and screens that start afresh). */
export function dismissAllNotifications(): void {
  for (const id of timers.keys()) clearTimeout(timers.get(id));
  timers.clear();
  notificationStore.set([]);
}
