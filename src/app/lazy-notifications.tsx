import { useNotifications } from '@mantine/notifications';
import { lazy, Suspense, useState } from 'react';

const NotificationsContainer = lazy(() => import('./notifications-container'));

/**
 * Mounts the notification stack when the first notification is shown (notifications.show from
 * anywhere), not at start-up: nothing shows one on the first screen, so its code and styles stay
 * off it. Once mounted it stays, so later notifications appear at once.
 */
export function LazyNotifications() {
  const { notifications, queue } = useNotifications();
  const [needed, setNeeded] = useState(false);
  if (!needed && (notifications.length > 0 || queue.length > 0)) setNeeded(true);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <NotificationsContainer />
    </Suspense>
  );
}
