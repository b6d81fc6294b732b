import { Badge, Tooltip } from '@mantine/core';

/**
 * A declaration status as a badge: colour AND text (colour alone fails people who cannot tell
 * red from green), with a plain-language meaning for newcomers (ux-anchors 6.2). Statuses are an
 * open list at the service: an unknown one gets a neutral badge and a generic explanation.
 */

interface StatusLook {
  color: string;
  meaning: string;
}

const LOOKS: Record<string, StatusLook> = {
  Validated: { color: 'blue', meaning: 'Passed validation and waits for someone to submit it to customs.' },
  Invalid: { color: 'orange', meaning: 'Failed the service’s validation. Fix the errors; the service validates again after each change.' },
  Submitted: { color: 'indigo', meaning: 'Sent to customs; waiting for their response.' },
  CustomsError: { color: 'red', meaning: 'Customs rejected it. Correct the errors they returned and submit again.' },
  Accepted: { color: 'teal', meaning: 'Accepted by customs (it has an MRN or ARC); release, arrival or receipt may still follow.' },
  Released: { color: 'green', meaning: 'Customs released the goods. Nothing more to do.' },
  ExitConfirmed: { color: 'green', meaning: 'Customs confirmed the goods left the customs territory.' },
  InvalidationRequested: { color: 'grape', meaning: 'Invalidation was asked of customs; waiting for their decision.' },
  Invalidated: { color: 'gray', meaning: 'Customs invalidated the declaration. It no longer counts.' },
  // Excise (EMCS) movements
  Delivered: { color: 'green', meaning: 'The consignee reported receipt; the movement is closed (a shortage or excess may have been noted).' },
  Refused: { color: 'red', meaning: 'The consignee refused the goods in the receipt report.' },
  PartiallyRefused: { color: 'orange', meaning: 'The consignee refused part of the goods in the receipt report.' },
  Rejected: { color: 'red', meaning: 'The consignee rejected the e-AD before the goods arrived.' },
  Alerted: { color: 'yellow', meaning: 'The consignee raised an alert on the e-AD; a receipt report or rejection still follows.' },
  Cancelled: { color: 'gray', meaning: 'The consignor cancelled the e-AD before the movement began.' },
  ChangingDestination: { color: 'indigo', meaning: 'A change of destination was sent; waiting for EMCS to accept it.' },
  Diverted: { color: 'gray', meaning: 'The destination was changed: the movement continues in a new declaration with the same ARC.' },
};

/** What a status means, in a sentence a new clerk understands. */
export function statusExplanation(status: string): string {
  return LOOKS[status]?.meaning ?? `“${status}” is reported by the customs service; the console has no explanation for it yet.`;
}

export function statusColor(status: string): string {
  return LOOKS[status]?.color ?? 'gray';
}

/** Light background, text of the darkest shade darkened further: Mantine's orange.9 alone is 4.0:1, below WCAG AA. */
/** `withTooltip={false}` in long lists (a native title instead): a hundred tooltips cost noticeable render time. */
export function StatusBadge({ status, withTooltip = true }: { status: string; withTooltip?: boolean }) {
  const color = statusColor(status);
  const badge = (
    <Badge color={color} variant="light" radius="sm" tt="none" title={withTooltip ? undefined : statusExplanation(status)} style={{ whiteSpace: 'nowrap', minWidth: 'max-content', color: `color-mix(in srgb, var(--mantine-color-${color}-9) 70%, black)` }}>
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
