import { Alert, Badge, Group, Paper, SegmentedControl, Stack, Table, Text, Title } from '@mantine/core';
import { useDocumentTitle, useInterval } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { AnchorLink } from '../../../components/anchor-link';
import { DeclarationLink } from '../../../components/declaration-link';
import { ProblemAlert } from '../../../components/problem-alert';
import { RADAR_KIND_INFO, type RadarItem } from '../../../contract/radar';
import { formatDateTime } from '../../../lib/format';
import { radarQueryOptions } from '../api/radar.queries';
import { dueText, formatMinutes } from '../model/radar-timing';

const WINDOWS = [
  { value: '0', label: 'Late now' },
  { value: '60', label: 'Within an hour' },
  { value: '480', label: 'Within 8 hours' },
  { value: '1440', label: 'Within a day' },
];

/** Due times move on by themselves: the page reads the clock once a minute. */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useInterval(() => setNow(Date.now()), 60_000, { autoInvoke: true });
  return now;
}

function Subject({ item }: { item: RadarItem }) {
  if (item.declarationId) return <DeclarationLink declarationId={item.declarationId} lrn={item.lrn} size="sm" />;
  return (
    <AnchorLink to="/classification/worklist" size="sm">
      {item.subject}
    </AnchorLink>
  );
}

/** The deadline radar: what is late or about to be, from the team's service-level targets, overdue first. */
export function RadarPage() {
  useDocumentTitle('Radar · Customs Console');
  const now = useNow();
  const [soon, setSoon] = useState('60');
  const radar = useQuery(radarQueryOptions(Number(soon)));
  const items = radar.data?.items ?? [];
  const overdue = items.filter((i) => i.overdue).length;

  return (
    <Stack gap="md">
      <Stack gap={2}>
        <Title order={1}>Radar</Title>
        <Text c="dimmed" size="sm">
          What is late or about to be: declarations in a status longer than its target (not fixed, not submitted, not released), pre-lodged
          goods that have not arrived, excise movements without a report of receipt, and classification decisions pending. Targets are the
          team’s service-level targets.
        </Text>
      </Stack>
      <Group>
        <SegmentedControl aria-label="Show items due" data={WINDOWS} value={soon} onChange={setSoon} />
        {radar.data && (
          <Text size="sm" data-testid="radar-summary">
            {items.length} items, {overdue} overdue
          </Text>
        )}
      </Group>
      {radar.error && <ProblemAlert error={radar.error} title="The radar could not be read" onRetry={() => void radar.refetch()} />}
      {radar.data?.complete === false && (
        <Alert color="yellow" title="Not every declaration is listed">
          More declarations wait than the console reads at once (1,000); the search filters show the rest.
        </Alert>
      )}
      <Paper withBorder p="md" radius="md">
        {radar.isPending ? (
          <Text>Reading the radar…</Text>
        ) : items.length === 0 ? (
          <Text>Nothing is late or due in this window.</Text>
        ) : (
          <Table.ScrollContainer minWidth={760}>
            <Table striped highlightOnHover captionSide="top" data-testid="radar-table">
              <Table.Caption>Overdue first, the longest overdue first; then by due time.</Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>What</Table.Th>
                  <Table.Th>Waiting</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th>Owner</Table.Th>
                  <Table.Th>Age</Table.Th>
                  <Table.Th>Due</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {items.map((item) => {
                  const due = dueText(item.dueAt, now);
                  return (
                    <Table.Tr key={item.key} data-testid="radar-row" data-kind={item.kind}>
                      <Table.Td>
                        <Subject item={item} />
                        {item.jurisdiction && (
                          <Text size="xs" c="dimmed">
                            {item.jurisdiction}
                          </Text>
                        )}
                      </Table.Td>
                      <Table.Td>{RADAR_KIND_INFO[item.kind].label}</Table.Td>
                      <Table.Td>{item.status}</Table.Td>
                      <Table.Td>{item.owner?.name ?? 'Unassigned'}</Table.Td>
                      <Table.Td>
                        {formatMinutes(item.ageMinutes)}
                        <Text size="xs" c="dimmed">
                          since <time dateTime={item.since}>{formatDateTime(item.since, { dense: true })}</time>
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        {item.dueAt ? (
                          <>
                            <time dateTime={item.dueAt}>{formatDateTime(item.dueAt, { dense: true })}</time>
                            <Text size="xs">
                              {item.overdue ? (
                                <Badge color="red" variant="light" c="red.9" tt="none" size="sm">
                                  {due}
                                </Badge>
                              ) : (
                                due
                              )}
                            </Text>
                          </>
                        ) : (
                          <Text size="sm" c="dimmed">
                            No target
                          </Text>
                        )}
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Paper>
    </Stack>
  );
}
