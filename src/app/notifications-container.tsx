import '@mantine/notifications/styles.css';
import { Notifications } from '@mantine/notifications';

/** Mantine's notification stack with its styles: a chunk of its own (see lazy-notifications.tsx). */
export default function NotificationsContainer() {
  return <Notifications position="top-right" />;
}
