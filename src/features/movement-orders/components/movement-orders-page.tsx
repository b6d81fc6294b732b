import { Alert, Code, Group, List, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { AnchorLink } from '../../../components/anchor-link';
import { isAllowed } from '../../../contract/operations';
import type { Role } from '../../../contract/user-claims';
import { useConsoleSession } from '../../../lib/session/session-context';
import { readRecentIds } from '../model/recent-ids';
import { useSeenMovementOrders } from '../model/use-seen-movement-orders';
import { CreatedOrdersTable } from './created-orders-table';
import { LookupForm } from './lookup-form';
import { MovementOrderStatusBadge } from './movement-order-status-badge';

export function MovementOrdersPage({ roles, onOpen }: { roles: readonly Role[]; onOpen: (id: string) => void }) {
  const canRead = isAllowed(roles, 'GET /v1/movementorders/{id}');
  const { storage } = useConsoleSession();
  const [recent] = useState(() => readRecentIds(storage));
  const seen = useSeenMovementOrders();

  return (
    <Stack>
      <Group justify="space-between" align="flex-start">
        <div>
          <Title order={1}>Movement orders</Title>
          <Text c="dimmed">
            Stock movements of the warehouse: create one, or look one up by its id to see its status, lines and any validation errors.
          </Text>
        </div>
        {isAllowed(roles, 'POST /v1/movementorders') && (
          <AnchorLink to="/movement-orders/new" fw={600}>
            New movement order
          </AnchorLink>
        )}
      </Group>
      <Alert color="gray" title="Where the id comes from">
        The service offers no list or search of movement orders, only a read by id. The id arrives in the MovementOrderStatusChanged
        notification; in the sandbox it is <Code>{'{referenceId}-{n}'}</Code>: the referenceId the ingestion answered with and the
        movement's position in the message (<Code>-1</Code> for a single movement).
      </Alert>
      {!canRead && (
        <Alert color="gray" title="Not available to your role">
          Movement orders are read by clerks and supervisors.
        </Alert>
      )}
      <LookupForm onOpen={onOpen} />

      {canRead && (
        <section aria-labelledby="created-heading">
          <Title order={2} size="h3" id="created-heading">
            Created from this console
          </Title>
          <Text c="dimmed" size="sm" mb="xs">
            Movement order messages sent through this console, newest first, with each order’s current status.
          </Text>
          <CreatedOrdersTable />
        </section>
      )}

      <section aria-labelledby="recent-heading">
        <Title order={2} size="h3" id="recent-heading">
          Recently viewed
        </Title>
        {recent.length === 0 ? (
          <Text c="dimmed">None yet in this browser.</Text>
        ) : (
          <List>
            {recent.map((id) => (
              <List.Item key={id}>
                <AnchorLink to="/movement-orders/$id" params={{ id }}>
                  {id}
                </AnchorLink>
              </List.Item>
            ))}
          </List>
        )}
      </section>

      <section aria-labelledby="live-heading">
        <Title order={2} size="h3" id="live-heading">
          Status changes in this session
        </Title>
        {seen.length === 0 ? (
          <Text c="dimmed">No movement order has changed status since you signed in. New ones appear here live.</Text>
        ) : (
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Id</Table.Th>
                <Table.Th scope="col">External reference</Table.Th>
                <Table.Th scope="col">Type</Table.Th>
                <Table.Th scope="col">Status</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {seen.map((order) => (
                <Table.Tr key={order.id}>
                  <Table.Td>
                    <AnchorLink to="/movement-orders/$id" params={{ id: order.id }}>
                      {order.id}
                    </AnchorLink>
                  </Table.Td>
                  <Table.Td>{order.externalReference}</Table.Td>
                  <Table.Td>{order.type}</Table.Td>
                  <Table.Td>
                    <MovementOrderStatusBadge status={order.status} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </section>
    </Stack>
  );
}
