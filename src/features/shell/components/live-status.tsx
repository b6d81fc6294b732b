import { Badge, Tooltip } from '@mantine/core';
import { useSyncExternalStore } from 'react';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { getLiveStatus, subscribeLiveStatus, type LiveStatus as Status } from '../../../lib/live-events';

const COLOR: Record<Status, string> = { live: 'teal', connecting: 'yellow', offline: 'gray' };

/** Whether live updates are flowing, so a user knows if a page can be trusted to move by itself. */
export function LiveStatus() {
  const { t } = useTranslation('shell');
  const status = useSyncExternalStore(subscribeLiveStatus, getLiveStatus);
  const label = t(`live.${status}.label`);
  return (
    <Tooltip label={t(`live.${status}.hint`)}>
      <Badge color={COLOR[status]} variant="dot" size="sm" role="status" aria-label={t('live.label', { status: label })}>
        {label}
      </Badge>
    </Tooltip>
  );
}
