import { Badge } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n/use-translation';
import type { HealthStatus } from '../model/health-status';

/** Dark text on the light tint: green and yellow text of any shade falls short of 4.5:1 on its own tint. */
const COLOURS: Record<HealthStatus, string> = { ok: 'green', warning: 'yellow', failing: 'red' };

/** A status in words (ok / warning / failing) with its colour as a second cue. */
export function HealthBadge({ status }: { status: HealthStatus }) {
  const { t } = useTranslation('health');
  return (
    <Badge variant="light" tt="none" color={COLOURS[status]} c="dark.9" data-status={status}>
      {t(`status.${status}`)}
    </Badge>
  );
}
