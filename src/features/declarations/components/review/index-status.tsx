import { Alert, Button, Group, Progress, Stack, Text } from '@mantine/core';
import type { TFunction } from '../../../../lib/i18n/message-keys';
import { useTranslation } from '../../../../lib/i18n/use-translation';
import type { RebuildJob } from '../../../../contract/review';
import { ProblemAlert } from '../../../../components/problem-alert';
import { useRebuildIndex } from '../../api/review.queries';
import { formatDateTime, formatQuantity } from '../../../../lib/format';

interface Props {
  declarations: number;
  rebuild: RebuildJob | null;
  /** The index holds every declaration (built since the console last missed events). */
  complete: boolean;
  canRebuild: boolean;
}

/** What a running build has done so far, in words. */
function buildProgressText(rebuild: RebuildJob, t: TFunction<'review'>): string {
  if (rebuild.found === 0 && rebuild.indexed === 0) return t('index.progressListing', { pages: formatQuantity(rebuild.pages) });
  return t('index.progressReading', { indexed: formatQuantity(rebuild.indexed), found: formatQuantity(rebuild.found) });
}

/**
 * Where the desk's numbers come from: the index the BFF keeps from the service's events, which it
 * builds by itself from the search pages when it has not followed the tenant from the start.
 */
export function IndexStatus({ declarations, rebuild, complete, canRebuild }: Props) {
  const { t } = useTranslation('review');
  const start = useRebuildIndex();
  const running = rebuild?.status === 'running';
  return (
    <Stack gap="xs">
      <Group justify="space-between" align="flex-end">
        {complete ? (
          <Text size="sm">
            {t('index.current', { count: declarations })}
            {rebuild?.status === 'done' &&
              rebuild.finishedAt &&
              ` ${t('index.lastBuilt', { when: formatDateTime(rebuild.finishedAt), who: rebuild.startedBy })}`}
          </Text>
        ) : (
          <Text size="sm">{t('index.building')}</Text>
        )}
        {canRebuild && (
          <Button variant="default" onClick={() => start.mutate()} loading={start.isPending} disabled={running}>
            {t('index.rebuild')}
          </Button>
        )}
      </Group>
      {running && (
        <Stack gap={4} role="status" aria-live="polite">
          <Text size="sm" fw={600}>
            {buildProgressText(rebuild, t)}
          </Text>
          <Progress
            value={rebuild.found ? (100 * rebuild.indexed) / rebuild.found : 0}
            aria-label={t('index.progressLabel')}
            striped
            animated
          />
        </Stack>
      )}
      {!running && !complete && (
        <Text size="sm" role="status">
          {rebuild?.status === 'failed' ? t('index.startsWhenFailed') : t('index.startsWhen')}
        </Text>
      )}
      {rebuild?.status === 'failed' && (
        <Alert color="orange" title={t('index.lastFailed')}>
          {rebuild.error}
        </Alert>
      )}
      {start.isError && <ProblemAlert error={start.error} title={t('index.rebuildFailed')} />}
    </Stack>
  );
}
