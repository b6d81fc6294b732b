import { Badge, Tooltip } from '@mantine/core';
import type { TFunction } from '../../../lib/i18n/message-keys';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { statusInfo } from '../../../contract/declaration-statuses';
import { i18n } from '../../../lib/i18n/i18n';

/**
 * A declaration status as a badge: colour AND text (colour alone fails people who cannot tell
 * red from green), with a plain-language meaning for newcomers (ux-anchors 6.2). Tone and meaning
 * come from the status table (contract/declaration-statuses.ts). Statuses are an open list at the
 * service: an unknown one gets a neutral badge and a generic explanation.
 */

/**
 * What a status means, in a sentence a new clerk understands, in the console's language (the
 * `declarations` catalog). The status name itself stays as the service writes it. Without a `t`,
 * the active language; the status table's English meaning until the catalog has loaded.
 */
export function statusExplanation(status: string, t: TFunction<'declarations'> = i18n.getFixedT(null, 'declarations')): string {
  const info = statusInfo(status);
  return info ? t(`status.meaning.${info.status}`, { defaultValue: info.meaning }) : t('status.unknown', { status });
}

export function statusColor(status: string): string {
  return statusInfo(status)?.tone ?? 'gray';
}

/** Light background, text of the darkest shade darkened further: Mantine's orange.9 alone is 4.0:1, below WCAG AA. */
/** `withTooltip={false}` in long lists (a native title instead): a hundred tooltips cost noticeable render time. */
export function StatusBadge({ status, withTooltip = true }: { status: string; withTooltip?: boolean }) {
  const { t } = useTranslation('declarations');
  const explanation = statusExplanation(status, t);
  const color = statusColor(status);
  const badge = (
    <Badge
      color={color}
      variant="light"
      radius="sm"
      tt="none"
      title={withTooltip ? undefined : explanation}
      style={{ whiteSpace: 'nowrap', minWidth: 'max-content', color: `color-mix(in srgb, var(--mantine-color-${color}-9) 70%, black)` }}
    >
      {status}
    </Badge>
  );
  return withTooltip ? (
    <Tooltip label={explanation} multiline w={260} openDelay={300}>
      {badge}
    </Tooltip>
  ) : (
    badge
  );
}
