import { Badge, Code, Table, Text } from '@mantine/core';
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
  return (
    <Table.ScrollContainer minWidth={800}>
      <Table striped withTableBorder verticalSpacing="xs">
        <Table.Caption>Events the service delivered to this console, newest first</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Event time</Table.Th>
            <Table.Th scope="col">Type</Table.Th>
            <Table.Th scope="col">Subtype</Table.Th>
            <Table.Th scope="col">Declaration</Table.Th>
            <Table.Th scope="col">References</Table.Th>
            <Table.Th scope="col">Event id</Table.Th>
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
                      new
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
                      none
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
