import { useTranslation } from '../../../../lib/i18n/use-translation';
import { Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { IconSparkles } from '@tabler/icons-react';
import { useRef } from 'react';
import { recordedRunsQueryOptions } from '../../api/workbench.queries';
import { ClassificationError } from '../analyst-only';
import { JurisdictionComparison } from './jurisdiction-comparison';
import { RunCard } from './run-card';
import { StartRunModal } from './start-run-modal';

/** Every run started through the console for this item, by anyone on the team (the BFF keeps them; the service has no run list). */
export function RunsPanel({ itemId }: { itemId: string }) {
  const { t } = useTranslation('classification');
  const runs = useQuery(recordedRunsQueryOptions(itemId));
  const [opened, { open, close }] = useDisclosure(false);
  const listRef = useRef<HTMLDivElement>(null);

  const started = () => {
    // The dialog closes; move focus to the runs so keyboard users land on the new one.
    requestAnimationFrame(() => listRef.current?.focus());
  };

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="runs-heading">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h3" id="runs-heading">
            {t('runs.title')}
          </Title>
          <Button leftSection={<IconSparkles size={16} aria-hidden="true" />} onClick={open}>
            {t('runs.classify')}
          </Button>
        </Group>
        <Text size="sm" c="dimmed">
          {t('runs.intro')}
        </Text>
        {runs.isError && <ClassificationError error={runs.error} title={t('runs.loadFailed')} onRetry={() => void runs.refetch()} />}
        {runs.isPending && <Skeleton height={80} />}
        {runs.data && <JurisdictionComparison runs={runs.data} />}
        <Stack gap="sm" ref={listRef} tabIndex={-1} role="group" aria-label={t('runs.group')}>
          {runs.data?.length === 0 && <Text c="dimmed">{t('runs.none')}</Text>}
          {runs.data?.map((run) => (
            <RunCard key={run.runId} itemId={itemId} run={run} />
          ))}
        </Stack>
      </Stack>
      <StartRunModal itemId={itemId} opened={opened} onClose={close} onStarted={started} />
    </Paper>
  );
}
