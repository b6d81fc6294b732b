import { Group, Loader, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { ProblemAlert } from '../../../components/problem-alert';
import type { ConsoleHealth } from '../../../contract/console-health';
import { formatDateTime, formatQuantity } from '../../../lib/format';
import { healthQueryOptions } from '../api/health.queries';
import { minutesSince, subscriptionStatus, tokenStatus, upstreamStatus } from '../model/health-status';
import { HealthIncidents } from './health-incidents';
import { HealthBadge } from './health-badge';

/** The console's own health, for supervisors: token, subscriptions, live streams, the service's answers of the last hour. */
export function HealthPage() {
  const { t } = useTranslation('health');
  useDocumentTitle(t('page.documentTitle'));
  const health = useQuery(healthQueryOptions());
  return (
    <Stack gap="lg" maw={1100}>
      <Stack gap={4}>
        <Title order={1}>{t('page.title')}</Title>
        <Text c="dimmed">{t('page.intro')}</Text>
      </Stack>
      {health.isPending && (
        <Group gap="xs" role="status">
          <Loader size="sm" aria-hidden="true" />
          <Text>{t('page.reading')}</Text>
        </Group>
      )}
      {health.isError && <ProblemAlert title={t('page.loadFailed')} error={health.error} onRetry={() => void health.refetch()} />}
      {health.data && <HealthDetails health={health.data} />}
    </Stack>
  );
}

function HealthDetails({ health }: { health: ConsoleHealth }) {
  const { t } = useTranslation('health');
  const { token, upstream } = health;
  return (
    <>
      <HealthIncidents incidents={health.incidents} silenceMinutes={health.eventSilenceMinutes} />
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Paper withBorder p="md" radius="md" component="section" aria-labelledby="health-environment" data-testid="health-environment">
          <Title order={2} size="h4" id="health-environment">
            {t('environment.heading')}
          </Title>
          <Text>{t(health.sandbox ? 'environment.sandbox' : 'environment.service', { environment: health.environment })}</Text>
          <Text size="sm" c="dimmed">
            {t('environment.liveStreams', { count: health.liveStreams })}
          </Text>
          <Text size="sm" c="dimmed">
            {t('page.generatedAt', { time: formatDateTime(health.generatedAt) })}
          </Text>
        </Paper>
        <Paper withBorder p="md" radius="md" component="section" aria-labelledby="health-token" data-testid="health-token">
          <Group justify="space-between">
            <Title order={2} size="h4" id="health-token">
              {t('token.heading')}
            </Title>
            <HealthBadge status={tokenStatus(token)} />
          </Group>
          <Text>
            {token.lastObtainedAt ? t('token.lastObtained', { time: formatDateTime(token.lastObtainedAt) }) : t('token.neverObtained')}
          </Text>
          {token.lastFailureAt && (
            <Text size="sm">{t('token.lastFailure', { time: formatDateTime(token.lastFailureAt), error: token.lastError ?? '' })}</Text>
          )}
          <Text size="sm" c="dimmed">
            {t('token.failuresInARow', { count: token.failuresInARow })}
          </Text>
        </Paper>
      </SimpleGrid>
      <Paper withBorder p="md" radius="md" component="section" aria-labelledby="health-upstream" data-testid="health-upstream">
        <Group justify="space-between">
          <Title order={2} size="h4" id="health-upstream">
            {t('upstream.heading')}
          </Title>
          <HealthBadge status={upstreamStatus(upstream)} />
        </Group>
        <Text>{t('upstream.calls', { calls: upstream.calls, errors: upstream.errors, rate: upstream.errorRate })}</Text>
        <Text size="sm" c="dimmed">
          {upstream.p50Ms === null || upstream.p95Ms === null
            ? t('upstream.noLatency')
            : t('upstream.latency', { p50: formatQuantity(Math.round(upstream.p50Ms)), p95: formatQuantity(Math.round(upstream.p95Ms)) })}
        </Text>
      </Paper>
      <Stack gap="xs" component="section" aria-labelledby="health-subscriptions">
        <Title order={2} size="h4" id="health-subscriptions">
          {t('subscriptions.heading')}
        </Title>
        {health.subscriptions.length === 0 ? (
          <Text data-testid="health-no-subscriptions">{t('subscriptions.none')}</Text>
        ) : (
          <Table.ScrollContainer minWidth={560}>
            <Table striped aria-labelledby="health-subscriptions" data-testid="health-subscriptions">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('subscriptions.eventType')}</Table.Th>
                  <Table.Th>{t('subscriptions.lastEvent')}</Table.Th>
                  <Table.Th>{t('subscriptions.status')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {health.subscriptions.map((s) => (
                  <Table.Tr key={s.id} data-testid="health-subscription">
                    <Table.Td>{s.eventType}</Table.Td>
                    <Table.Td>
                      {s.secondsSinceLastEvent === null
                        ? t('subscriptions.noEventYet')
                        : t('subscriptions.minutesAgo', { minutes: minutesSince(s.secondsSinceLastEvent) })}
                    </Table.Td>
                    <Table.Td>
                      <HealthBadge status={subscriptionStatus(s.secondsSinceLastEvent, health.eventSilenceMinutes)} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </>
  );
}
