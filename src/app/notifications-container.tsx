import '@mantine/notifications/styles.css';
import { Notifications } from '@mantine/notifications';

/**
 * Mantine's notification stack with its styles: a chunk of its own (see lazy-notifications.tsx).
 * Bottom right, clear of the page's header actions (Actions, Rebuild, filters); at most three at
 * once; hovering one pauses only that one.
 */
export default function NotificationsContainer() {
  return <Notifications position="bottom-right" limit={3} pauseResetOnHover="notification" />;
}
