import { Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n/use-translation';
import type { HealthIncident } from '../../../contract/console-health';
import { formatDateTime } from '../../../lib/format';
import { incidentStatus } from '../model/health-status';
import { HealthBadge } from './health-badge';

/** What the console alerted its supervisors of: the incidents still open, and those that ended within a day. */
export function HealthIncidents({ incidents, silenceMinutes }: { incidents: readonly HealthIncident[]; silenceMinutes: number }) {
  const { t } = useTranslation('health');
  return (
    <Stack gap="xs" component="section" aria-labelledby="health-incidents">
      <Title order={2} size="h4" id="health-incidents">
        {t('incidents.heading')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('incidents.rules', { minutes: silenceMinutes })}
      </Text>
      {incidents.length === 0 ? (
        <Text data-testid="health-no-incidents">{t('incidents.none')}</Text>
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table striped aria-labelledby="health-incidents" data-testid="health-incident-list">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('incidents.what')}</Table.Th>
                <Table.Th>{t('incidents.since')}</Table.Th>
                <Table.Th>{t('incidents.ended')}</Table.Th>
                <Table.Th>{t('incidents.status')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {incidents.map((incident) => (
                <Table.Tr key={incident.id} data-testid="health-incident">
                  <Table.Td>
                    {incident.kind === 'events-silent'
                      ? t('incidents.eventsSilent', { minutes: silenceMinutes })
                      : t('incidents.serviceFailing', { error: incident.lastError ?? '' })}
                  </Table.Td>
                  <Table.Td>{formatDateTime(incident.since)}</Table.Td>
                  <Table.Td>{incident.closedAt ? formatDateTime(incident.closedAt) : t('incidents.ongoing')}</Table.Td>
                  <Table.Td>
                    <HealthBadge status={incidentStatus(incident)} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
