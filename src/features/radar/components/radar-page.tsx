import { Alert, Badge, Group, Paper, SegmentedControl, Stack, Table, Text, Title } from '@mantine/core';
import { useDocumentTitle, useInterval } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { AnchorLink } from '../../../components/anchor-link';
import { DeclarationLink } from '../../../components/declaration-link';
import { ProblemAlert } from '../../../components/problem-alert';
import type { RadarItem } from '../../../contract/radar';
import { formatDateTime, formatQuantity } from '../../../lib/format';
import { radarQueryOptions } from '../api/radar.queries';
import { dueText, formatMinutes } from '../model/radar-timing';

/** The windows, in minutes, with their entries in the `radar` catalog (window.*). */
const WINDOWS = [
  { value: '0', key: 'lateNow' },
  { value: '60', key: 'hour' },
  { value: '480', key: 'eightHours' },
  { value: '1440', key: 'day' },
] as const;

/** How many declarations the BFF reads at once (the radar says so when there were more). */
const READ_LIMIT = 1000;

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
  const { t } = useTranslation('radar');
  useDocumentTitle(t('page.documentTitle'));
  const now = useNow();
  const [soon, setSoon] = useState('60');
  const radar = useQuery(radarQueryOptions(Number(soon)));
  const items = radar.data?.items ?? [];
  const overdue = items.filter((i) => i.overdue).length;

  return (
    <Stack gap="md">
      <Stack gap={2}>
        <Title order={1}>{t('page.title')}</Title>
        <Text c="dimmed" size="sm">
          {t('page.intro')}
        </Text>
      </Stack>
      <Group>
        <SegmentedControl
          aria-label={t('page.windows')}
          data={WINDOWS.map((w) => ({ value: w.value, label: t(`window.${w.key}`) }))}
          value={soon}
          onChange={setSoon}
        />
        {radar.data && (
          <Text size="sm" data-testid="radar-summary">
            {t('page.summary', { count: items.length, items: formatQuantity(items.length), overdue: formatQuantity(overdue) })}
          </Text>
        )}
      </Group>
      {radar.error && <ProblemAlert error={radar.error} title={t('page.loadFailed')} onRetry={() => void radar.refetch()} />}
      {radar.data?.complete === false && (
        <Alert color="yellow" title={t('page.incompleteTitle')}>
          {t('page.incompleteText', { limit: formatQuantity(READ_LIMIT) })}
        </Alert>
      )}
      <Paper withBorder p="md" radius="md">
        {radar.isPending ? (
          <Text>{t('page.reading')}</Text>
        ) : items.length === 0 ? (
          <Text>{t('page.empty')}</Text>
        ) : (
          <Table.ScrollContainer minWidth={760}>
            <Table striped highlightOnHover captionSide="top" data-testid="radar-table">
              <Table.Caption>{t('table.caption')}</Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('table.what')}</Table.Th>
                  <Table.Th>{t('table.waiting')}</Table.Th>
                  <Table.Th>{t('table.status')}</Table.Th>
                  <Table.Th>{t('table.owner')}</Table.Th>
                  <Table.Th>{t('table.age')}</Table.Th>
                  <Table.Th>{t('table.due')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {items.map((item) => {
                  const due = dueText(item.dueAt, now, t);
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
                      <Table.Td>{t(`kinds.${item.kind}`)}</Table.Td>
                      <Table.Td>{item.status}</Table.Td>
                      <Table.Td>{item.owner?.name ?? t('table.unassigned')}</Table.Td>
                      <Table.Td>
                        {formatMinutes(item.ageMinutes, t)}
                        <Text size="xs" c="dimmed">
                          <time dateTime={item.since}>{t('table.since', { moment: formatDateTime(item.since, { dense: true }) })}</time>
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
                            {t('table.noTarget')}
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
