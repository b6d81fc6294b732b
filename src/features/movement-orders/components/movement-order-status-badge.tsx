import { Badge } from '@mantine/core';
import type { MovementOrderStatus } from '../../../contract/movement-orders';
import { MOVEMENT_ORDER_STATUS_LOOKS } from '../model/status-meanings';

/** Colour and text (colour alone is not enough), darkened to reach WCAG AA contrast like the declaration badge. */
export function MovementOrderStatusBadge({ status }: { status: MovementOrderStatus }) {
  const { color } = MOVEMENT_ORDER_STATUS_LOOKS[status];
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
