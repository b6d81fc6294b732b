import { Indicator } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { ButtonLink } from '../../../components/button-link';
import { formatQuantity } from '../../../lib/format';
import { subscribeLiveEvents } from '../../../lib/live-events';
import { notificationKeys, unreadCountQueryOptions } from '../api/unread-count.queries';

/** The header's bell: the unread count of the user's notifications, a link to /notifications. */
export function NotificationBell() {
  // The header is on every page: it does not wait (suspend) for this catalog, the bell appears when it is there.
  const { t, ready } = useTranslation('notifications', { useSuspense: false });
  const queryClient = useQueryClient();
  const unread = useQuery(unreadCountQueryOptions()).data?.unread ?? 0;
  // An event may have made an alert: ask now rather than at the next poll.
  useEffect(() => subscribeLiveEvents(() => void queryClient.invalidateQueries({ queryKey: notificationKeys.unread() })), [queryClient]);
  if (!ready) return null;
  const label = t('bell.label', { count: unread, shown: formatQuantity(unread) });
  return (
    <Indicator label={unread > 99 ? '99+' : unread} size={18} disabled={unread === 0} color="red" offset={4} aria-hidden={false}>
      <ButtonLink to="/notifications" variant="subtle" px={8} aria-label={label} data-testid="notification-bell">
        <IconBell size={22} aria-hidden="true" />
      </ButtonLink>
    </Indicator>
  );
}
