import { Anchor, Badge, Button, Code, Group, Loader, Table, Text } from '@mantine/core';
import { AUTH_LABELS } from '../model/subscription-rows';
import type { LoadedRow } from '../model/use-subscription-rows';

interface Props {
  rows: LoadedRow[];
  canWrite: boolean;
  onReplace: (row: LoadedRow) => void;
  onDelete: (row: LoadedRow) => void;
}

export function SubscriptionsTable({ rows, canWrite, onReplace, onDelete }: Props) {
  return (
    <Table.ScrollContainer minWidth={900}>
      <Table striped withTableBorder verticalSpacing="xs">
        <Table.Caption>Active webhook subscriptions of this tenant</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Event type</Table.Th>
            <Table.Th scope="col">Subtype</Table.Th>
            <Table.Th scope="col">Destination URL</Table.Th>
            <Table.Th scope="col">Authentication</Table.Th>
            <Table.Th scope="col">Headers</Table.Th>
            <Table.Th scope="col">Id</Table.Th>
            {canWrite && <Table.Th scope="col">Actions</Table.Th>}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.id} data-testid="subscription-row">
              <Table.Td>{row.eventType ?? '…'}</Table.Td>
              <Table.Td>
                {row.eventSubType ?? (
                  <Text c="dimmed" size="sm">
                    all
                  </Text>
                )}
              </Table.Td>
              <DestinationCells row={row} />
              <Table.Td>
                <Code>{row.id}</Code>
              </Table.Td>
              {canWrite && (
                <Table.Td>
                  <Group gap="xs" wrap="nowrap">
                    {/* The console's server owns its live-updates subscriptions (and recreates them): neither replace nor delete here. */}
                    {row.live ? (
                      <Text size="sm" c="dimmed">
                        managed by the console
                      </Text>
                    ) : (
                      <>
                        <Button
                          size="xs"
                          variant="light"
                          disabled={!row.detail}
                          onClick={() => onReplace(row)}
                          aria-label={`Replace subscription ${row.id}`}
                        >
                          Replace…
                        </Button>
                        <Button
                          size="xs"
                          variant="light"
                          color="red"
                          onClick={() => onDelete(row)}
                          aria-label={`Delete subscription ${row.id}`}
                        >
                          Delete…
                        </Button>
                      </>
                    )}
                  </Group>
                </Table.Td>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** Destination, authentication and header names come from the single read: loading and failure per row. */
function DestinationCells({ row }: { row: LoadedRow }) {
  if (!row.detail && row.detailError) {
    return (
      <Table.Td colSpan={3}>
        <Group gap="xs">
          <Text c="red" size="sm">
            Details could not be loaded.
          </Text>
          <Anchor component="button" type="button" size="sm" onClick={row.retryDetail}>
            Retry
          </Anchor>
        </Group>
      </Table.Td>
    );
  }
  if (!row.detail) {
    return (
      <Table.Td colSpan={3}>
        <Loader size="xs" aria-label="Loading details" />
      </Table.Td>
    );
  }
  return (
    <>
      <Table.Td>
        <Text size="sm" style={{ wordBreak: 'break-all' }}>
          {row.destinationUrl}
        </Text>
        {row.live && (
          <Badge variant="light" color="grape" mt={4}>
            used by this console's live updates
          </Badge>
        )}
      </Table.Td>
      <Table.Td>{row.auth ? AUTH_LABELS[row.auth] : ''}</Table.Td>
      <Table.Td>
        {row.headerNames.length > 0 ? (
          row.headerNames.join(', ')
        ) : (
          <Text c="dimmed" size="sm">
            none
          </Text>
        )}
      </Table.Td>
    </>
  );
}
