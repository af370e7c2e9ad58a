import { useStore } from '../../lib/create-store.js';
import { dismissNotification, notificationStore } from './notification-store.js';
import './notifications.css';

/** Where banners show: floating over the page, or as a full-width banner under a header (register pages). */
export type NotificationPlacement = 'floating' | 'header';

/** Renders the banners; one host is on screen at a time, placed by the route's handle. */
export function NotificationHost({ variant }: { variant: NotificationPlacement }) {
  const notifications = useStore(notificationStore);
  return (
    <section
      className={`notifications notifications--${variant}`}
      aria-label="Notifications"
      aria-live="polite"
    >
      {notifications.map((notification) => (
        <button
          key={notification.id}
          type="button"
          className={`notification notification--${notification.type}`}
          onClick={() => dismissNotification(notification.id)}
        >
          <span className="notification__message">{notification.message}</span>
          <span className="visually-hidden"> (dismiss)</span>
        </button>
      ))}
    </section>
  );
}
