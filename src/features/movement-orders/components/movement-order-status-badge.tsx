import { Badge } from '@mantine/core';
import type { MovementOrderStatus } from '../../../contract/movement-orders';
import { MOVEMENT_ORDER_STATUS_COLORS } from '../model/status-meanings';

/**
 * Colour and text (colour alone is not enough), darkened to reach WCAG AA contrast like the declaration badge.
 * The status is the service's identifier: every language shows it as the service writes it.
 */
export function MovementOrderStatusBadge({ status }: { status: MovementOrderStatus }) {
  const color = MOVEMENT_ORDER_STATUS_COLORS[status];
  return (
    <Badge
      color={color}
      variant="light"
      radius="sm"
      tt="none"
      style={{ color: `color-mix(in srgb, var(--mantine-color-${color}-9) 70%, black)` }}
    >
      {status}
    </Badge>
  );
}
