import { Badge, Tooltip } from '@mantine/core';
import { useSyncExternalStore } from 'react';
import { getLiveStatus, subscribeLiveStatus, type LiveStatus as Status } from '../../../lib/live-events';

const LOOK: Record<Status, { color: string; label: string; hint: string }> = {
  live: { color: 'teal', label: 'Live', hint: 'Status changes appear as they happen.' },
  connecting: { color: 'yellow', label: 'Connecting…', hint: 'Reconnecting to live updates; pages refresh when you open them.' },
  offline: { color: 'gray', label: 'Offline', hint: 'No live updates: pages show what was current when loaded.' },
};

/** Whether live updates are flowing, so a user knows if a page can be trusted to move by itself. */
export function LiveStatus() {
  const status = useSyncExternalStore(subscribeLiveStatus, getLiveStatus);
  const look = LOOK[status];
  return (
    <Tooltip label={look.hint}>
      <Badge color={look.color} variant="dot" size="sm" role="status" aria-label={`Live updates: ${look.label}`}>
        {look.label}
      </Badge>
    </Tooltip>
  );
}
