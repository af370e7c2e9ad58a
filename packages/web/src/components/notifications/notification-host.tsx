import { useStore } from '../../lib/create-store.js';
import { dismissNotification, notificationStore } from '../../lib/notification-store.js';
import type { NotificationPlacement } from '../../navigation/route-handle.js';
import './notifications.css';

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
