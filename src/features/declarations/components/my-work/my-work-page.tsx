import { Alert, Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useDocumentTitle, useInterval } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../../../lib/i18n/use-translation';
import { isAllowed } from '../../../../contract/operations';
import type { Role } from '../../../../contract/user-claims';
import type { WorkQueue } from '../../../../contract/work-queue';
import { ProblemAlert } from '../../../../components/problem-alert';
import { formatDateTime, formatQuantity } from '../../../../lib/format';
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

/** How many declarations needing action the BFF reads at once. */
const READ_LIMIT = 1000;

function Incomplete({ data }: { data: WorkQueue | undefined }) {
  const { t } = useTranslation('myWork');
  return data?.complete === false ? (
    <Alert color="yellow" title={t('page.incompleteTitle')}>
      {t('page.incompleteText', { limit: formatQuantity(READ_LIMIT) })}
    </Alert>
  ) : null;
}

/** My work: the signed-in user's declarations needing action, oldest first; for supervisors every queue and the unassigned pile. */
export function MyWorkPage({ roles, queue, onQueue }: Props) {
  const { t } = useTranslation('myWork');
  useDocumentTitle(t('page.documentTitle'));
  const now = useNow();
  const mine = useQuery({ ...myWorkQueryOptions(), enabled: isAllowed(roles, 'GET /api/my-work') });
  const supervisor = isAllowed(roles, 'GET /api/work-queue');
  const team = useQuery({ ...teamWorkQueryOptions(), enabled: supervisor });
  const summaries = team.data ? summariseQueues(team.data.items, now) : [];
  const shown = queue ?? UNASSIGNED;
  const queueName = (q: { key: string; name: string }) => (q.key === UNASSIGNED ? t('queue.unassigned') : q.name);

  return (
    <Stack gap="md">
      <Stack gap={2}>
        <Title order={1}>{t('page.title')}</Title>
        <Text c="dimmed" size="sm">
          {t('page.intro')}
        </Text>
      </Stack>

      <Paper component="section" aria-labelledby="mine-heading" withBorder p="md" radius="md">
        <Title order={2} size="h4" id="mine-heading" mb="sm">
          {t('page.mine')}
        </Title>
        {mine.isError ? (
          <ProblemAlert error={mine.error} title={t('page.mineFailed')} onRetry={() => void mine.refetch()} />
        ) : mine.isPending ? (
          <Text size="sm">{t('page.mineLoading')}</Text>
        ) : mine.data.items.length === 0 ? (
          <Text size="sm">{t('page.mineEmpty')}</Text>
        ) : (
          <Stack gap="xs">
            <Incomplete data={mine.data} />
            <WorkTable items={mine.data.items} now={now} caption={t('page.mineCaption', { count: mine.data.items.length })} />
          </Stack>
        )}
      </Paper>

      {supervisor && (
        <Paper component="section" aria-labelledby="team-heading" withBorder p="md" radius="md">
          <Title order={2} size="h4" id="team-heading" mb="sm">
            {t('page.team')}
          </Title>
          {team.isError ? (
            <ProblemAlert error={team.error} title={t('page.teamFailed')} onRetry={() => void team.refetch()} />
          ) : team.isPending ? (
            <Text size="sm">{t('page.teamLoading')}</Text>
          ) : (
            <Stack gap="sm">
              <Incomplete data={team.data} />
              <Table captionSide="top" data-testid="queue-summary">
                <Table.Caption>{t('page.summaryCaption')}</Table.Caption>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('page.queue')}</Table.Th>
                    <Table.Th>{t('page.declarations')}</Table.Th>
                    <Table.Th>{t('page.overdue')}</Table.Th>
                    <Table.Th>{t('page.oldestSince')}</Table.Th>
                    <Table.Th>
                      <Text span size="sm" fw={700}>
                        {t('page.show')}
                      </Text>
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {summaries.map((q) => (
                    <Table.Tr key={q.key} data-testid="queue-row">
                      <Table.Td>{queueName(q)}</Table.Td>
                      <Table.Td>{formatQuantity(q.count)}</Table.Td>
                      <Table.Td>{formatQuantity(q.overdue)}</Table.Td>
                      <Table.Td>{q.oldestSince ? formatDateTime(q.oldestSince, { dense: true }) : '—'}</Table.Td>
                      <Table.Td>
                        <Button
                          size="xs"
                          variant={q.key === shown ? 'filled' : 'default'}
                          aria-pressed={q.key === shown}
                          onClick={() => onQueue(q.key)}
                        >
                          {t('page.showQueue', { name: queueName(q) })}
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
                  name={summaries.find((q) => q.key === shown)?.name ?? t('page.thisPerson')}
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
