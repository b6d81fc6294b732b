import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconSparkles } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { addSessionRun, readSessionRuns, type SessionRun } from './session-runs';
import { RunCard } from './run-card';
import { StartRunModal } from './start-run-modal';

/** Runs started from this tab (the API has no run list); keyed by item by the caller. */
export function RunsPanel({ itemId }: { itemId: string }) {
  const [runs, setRuns] = useState<SessionRun[]>(() => readSessionRuns(sessionStorage, itemId));
  const [opened, { open, close }] = useDisclosure(false);
  const listRef = useRef<HTMLDivElement>(null);

  const started = (run: SessionRun) => {
    setRuns(addSessionRun(sessionStorage, itemId, run));
    // The dialog closes; move focus to the runs so keyboard users land on the new one.
    requestAnimationFrame(() => listRef.current?.focus());
  };

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="runs-heading">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h3" id="runs-heading">
            Classification runs
          </Title>
          <Button leftSection={<IconSparkles size={16} aria-hidden="true" />} onClick={open}>
            Classify
          </Button>
        </Group>
        <Text size="sm" c="dimmed">
          The service keeps no list of runs: the runs started in this browser tab are listed here, newest first.
        </Text>
        <Stack gap="sm" ref={listRef} tabIndex={-1} role="group" aria-label="Runs of this session">
          {runs.length === 0 && <Text c="dimmed">No runs started in this session.</Text>}
          {runs.map((run) => (
            <RunCard key={run.runId} itemId={itemId} run={run} />
          ))}
        </Stack>
      </Stack>
      <StartRunModal itemId={itemId} opened={opened} onClose={close} onStarted={started} />
    </Paper>
  );
}
