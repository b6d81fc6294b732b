import { Alert, Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useDocumentTitle, useInterval } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { isAllowed } from '../../../../contract/operations';
import type { Role } from '../../../../contract/user-claims';
import type { WorkQueue } from '../../../../contract/work-queue';
import { ProblemAlert } from '../../../../components/problem-alert';
import { formatDateTime } from '../../../../lib/format';
import { myWorkQueryOptions, teamWorkQueryOptions } from '../../api/assignments.queries';
import { summariseQueues, UNASSIGNED } from '../../model/my-work/work-age';
import { TeamQueue } from './team-queue';
import { WorkTable } from './work-table';

interface Props {
  roles: readonly Role[];
  /** Supervisors: the queue shown below the summary ('unassigned' or an owner's sub), from the address. */
  queue: string | undefined;
  onQueue: (queue: string) => void;
}

/** Ages and due times move on by themselves: the page reads the clock once a minute. */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useInterval(() => setNow(Date.now()), 60_000, { autoInvoke: true });
  return now;
}

const Incomplete = ({ data }: { data: WorkQueue | undefined }) =>
  data?.complete === false ? (
    <Alert color="yellow" title="Not every declaration is listed">
      More declarations need action than the console reads at once (1,000): the oldest are listed; work through them or filter the
      declarations search.
    </Alert>
  ) : null;

/** My work: the signed-in user's declarations needing action, oldest first; for supervisors every queue and the unassigned pile. */
export function MyWorkPage({ roles, queue, onQueue }: Props) {
  useDocumentTitle('My work · Customs Console');
  const now = useNow();
  const mine = useQuery({ ...myWorkQueryOptions(), enabled: isAllowed(roles, 'GET /api/my-work') });
  const supervisor = isAllowed(roles, 'GET /api/work-queue');
  const team = useQuery({ ...teamWorkQueryOptions(), enabled: supervisor });
  const summaries = team.data ? summariseQueues(team.data.items, now) : [];
  const shown = queue ?? UNASSIGNED;

  return (
    <Stack gap="md">
      <Stack gap={2}>
        <Title order={1}>My work</Title>
        <Text c="dimmed" size="sm">
          Declarations that need action (errors to fix, Submit, goods to arrive, a report of receipt), oldest in their status first, with
          the due time from the team’s service-level targets.
        </Text>
      </Stack>

      <Paper component="section" aria-labelledby="mine-heading" withBorder p="md" radius="md">
        <Title order={2} size="h4" id="mine-heading" mb="sm">
          Assigned to me
        </Title>
        {mine.isError ? (
          <ProblemAlert error={mine.error} title="Your work could not be loaded" onRetry={() => void mine.refetch()} />
        ) : mine.isPending ? (
          <Text size="sm">Loading your work…</Text>
        ) : mine.data.items.length === 0 ? (
          <Text size="sm">
            Nothing assigned to you needs action. Take declarations with “Assign to me” on a declaration or in the declarations search.
          </Text>
        ) : (
          <Stack gap="xs">
            <Incomplete data={mine.data} />
            <WorkTable
              items={mine.data.items}
              now={now}
              caption={`${mine.data.items.length} declarations assigned to you need action, oldest first.`}
            />
          </Stack>
        )}
      </Paper>

      {supervisor && (
        <Paper component="section" aria-labelledby="team-heading" withBorder p="md" radius="md">
          <Title order={2} size="h4" id="team-heading" mb="sm">
            The team’s queues
          </Title>
          {team.isError ? (
            <ProblemAlert error={team.error} title="The team’s queues could not be loaded" onRetry={() => void team.refetch()} />
          ) : team.isPending ? (
            <Text size="sm">Loading the queues…</Text>
          ) : (
            <Stack gap="sm">
              <Incomplete data={team.data} />
              <Table captionSide="top" data-testid="queue-summary">
                <Table.Caption>Declarations needing action per person, and the unassigned pile.</Table.Caption>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Queue</Table.Th>
                    <Table.Th>Declarations</Table.Th>
                    <Table.Th>Overdue</Table.Th>
                    <Table.Th>Oldest since</Table.Th>
                    <Table.Th>
                      <Text span size="sm" fw={700}>
                        Show
                      </Text>
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {summaries.map((q) => (
                    <Table.Tr key={q.key} data-testid="queue-row">
                      <Table.Td>{q.name}</Table.Td>
                      <Table.Td>{q.count}</Table.Td>
                      <Table.Td>{q.overdue}</Table.Td>
                      <Table.Td>{q.oldestSince ? formatDateTime(q.oldestSince, { dense: true }) : '—'}</Table.Td>
                      <Table.Td>
                        <Button
                          size="xs"
                          variant={q.key === shown ? 'filled' : 'default'}
                          aria-pressed={q.key === shown}
                          onClick={() => onQueue(q.key)}
                        >
                          Show {q.name}
                        </Button>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
              <Group>
                <TeamQueue
                  key={shown}
                  queue={shown}
                  name={summaries.find((q) => q.key === shown)?.name ?? 'This person'}
                  items={team.data.items}
                  now={now}
                />
              </Group>
            </Stack>
          )}
        </Paper>
      )}
    </Stack>
  );
}
