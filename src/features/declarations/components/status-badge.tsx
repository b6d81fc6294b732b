import { Badge, Tooltip } from '@mantine/core';
import { statusInfo } from '../../../contract/declaration-statuses';

/**
 * A declaration status as a badge: colour AND text (colour alone fails people who cannot tell
 * red from green), with a plain-language meaning for newcomers (ux-anchors 6.2). Tone and meaning
 * come from the status table (contract/declaration-statuses.ts). Statuses are an open list at the
 * service: an unknown one gets a neutral badge and a generic explanation.
 */

/** What a status means, in a sentence a new clerk understands. */
export function statusExplanation(status: string): string {
  return statusInfo(status)?.meaning ?? `“${status}” is reported by the customs service; the console has no explanation for it yet.`;
}

export function statusColor(status: string): string {
  return statusInfo(status)?.tone ?? 'gray';
}

/** Light background, text of the darkest shade darkened further: Mantine's orange.9 alone is 4.0:1, below WCAG AA. */
/** `withTooltip={false}` in long lists (a native title instead): a hundred tooltips cost noticeable render time. */
export function StatusBadge({ status, withTooltip = true }: { status: string; withTooltip?: boolean }) {
  const color = statusColor(status);
  const badge = (
    <Badge
      color={color}
      variant="light"
      radius="sm"
      tt="none"
      title={withTooltip ? undefined : statusExplanation(status)}
      style={{ whiteSpace: 'nowrap', minWidth: 'max-content', color: `color-mix(in srgb, var(--mantine-color-${color}-9) 70%, black)` }}
    >
      {status}
    </Badge>
  );
  return withTooltip ? (
    <Tooltip label={statusExplanation(status)} multiline w={260} openDelay={300}>
      {badge}
    </Tooltip>
  ) : (
    badge
  );
}
