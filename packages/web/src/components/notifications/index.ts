// Notification banners: call notify() from anywhere; the app shell renders them.
export type { NotificationPlacement } from './notification-host.js';
export { NotificationHost } from './notification-host.js';
export type { Notification, NotificationInput, NotificationType } from './notification-store.js';
export {
  dismissAllNotifications,
  dismissNotification,
  notificationStore,
  notify,
} from './notification-store.js';
