import { Badge, Code, Table, Text } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n/use-translation';
import type { EventEnvelope } from '../../../contract/events';
import { declarationIdOf, declarationLrnOf, referencesOf } from '../model/event-filters';
import { DeclarationLink } from '../../../components/declaration-link';
import { formatDateTime } from '../../../lib/format';

export interface EventRow {
  event: EventEnvelope;
  /** Arrived live while the page was open. */
  fresh: boolean;
}

export function EventsTable({ rows }: { rows: readonly EventRow[] }) {
  const { t } = useTranslation('events');
  return (
    <Table.ScrollContainer minWidth={800}>
      <Table striped withTableBorder verticalSpacing="xs">
        <Table.Caption>{t('table.caption')}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('table.eventTime')}</Table.Th>
            <Table.Th scope="col">{t('table.type')}</Table.Th>
            <Table.Th scope="col">{t('table.subtype')}</Table.Th>
            <Table.Th scope="col">{t('table.declaration')}</Table.Th>
            <Table.Th scope="col">{t('table.references')}</Table.Th>
            <Table.Th scope="col">{t('table.eventId')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map(({ event, fresh }) => {
            const declarationId = declarationIdOf(event);
            return (
              <Table.Tr key={event.id} data-testid="event-row">
                <Table.Td>
                  <Text size="sm" title={event.eventTime}>
                    {formatDateTime(event.eventTime)}
                  </Text>
                  {fresh && (
                    <Badge size="xs" color="dark" ml={4}>
                      {t('table.new')}
                    </Badge>
                  )}
                </Table.Td>
                <Table.Td>{event.eventType}</Table.Td>
                <Table.Td>{event.eventSubType ?? ''}</Table.Td>
                <Table.Td>
                  {declarationId ? (
                    <DeclarationLink declarationId={declarationId} lrn={declarationLrnOf(event)} size="sm" />
                  ) : (
                    <Text size="sm" c="dimmed">
                      {t('table.none')}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  <Text size="sm" style={{ wordBreak: 'break-all' }}>
                    {referencesOf(event).join(', ')}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Code>{event.id}</Code>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
