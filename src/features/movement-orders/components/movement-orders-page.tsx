import { Alert, Code, Group, List, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { AnchorLink } from '../../../components/anchor-link';
import { isAllowed } from '../../../contract/operations';
import type { Role } from '../../../contract/user-claims';
import { useConsoleSession } from '../../../lib/session/session-context';
import { readRecentIds } from '../model/recent-ids';
import { useSeenMovementOrders } from '../model/use-seen-movement-orders';
import { CreatedOrdersTable } from './created-orders-table';
import { LookupForm } from './lookup-form';
import { MovementOrderStatusBadge } from './movement-order-status-badge';

/** How the sandbox names an order: an identifier pattern, the same in every language. */
const ID_PATTERN = '{referenceId}-{n}';

export function MovementOrdersPage({ roles, onOpen }: { roles: readonly Role[]; onOpen: (id: string) => void }) {
  const { t } = useTranslation('movementOrders');
  const canRead = isAllowed(roles, 'GET /v1/movementorders/{id}');
  const { storage } = useConsoleSession();
  const [recent] = useState(() => readRecentIds(storage));
  const seen = useSeenMovementOrders();

  return (
    <Stack>
      <Group justify="space-between" align="flex-start">
        <div>
          <Title order={1}>{t('list.title')}</Title>
          <Text c="dimmed">{t('list.intro')}</Text>
        </div>
        {isAllowed(roles, 'POST /v1/movementorders') && (
          <AnchorLink to="/movement-orders/new" fw={600}>
            {t('list.new')}
          </AnchorLink>
        )}
      </Group>
      <Alert color="gray" title={t('list.whereTitle')}>
        {t('list.whereBefore')} <Code>{ID_PATTERN}</Code>
        {t('list.whereMiddle')}
        <Code>-1</Code> {t('list.whereAfter')}
      </Alert>
      {!canRead && (
        <Alert color="gray" title={t('list.notForRole')}>
          {t('list.readBy')}
        </Alert>
      )}
      <LookupForm onOpen={onOpen} />

      {canRead && (
        <section aria-labelledby="created-heading">
          <Title order={2} size="h3" id="created-heading">
            {t('created.title')}
          </Title>
          <Text c="dimmed" size="sm" mb="xs">
            {t('created.intro')}
          </Text>
          <CreatedOrdersTable />
        </section>
      )}

      <section aria-labelledby="recent-heading">
        <Title order={2} size="h3" id="recent-heading">
          {t('list.recent')}
        </Title>
        {recent.length === 0 ? (
          <Text c="dimmed">{t('list.recentNone')}</Text>
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
          {t('list.live')}
        </Title>
        {seen.length === 0 ? (
          <Text c="dimmed">{t('list.liveNone')}</Text>
        ) : (
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('list.id')}</Table.Th>
                <Table.Th scope="col">{t('header.externalReference')}</Table.Th>
                <Table.Th scope="col">{t('header.type')}</Table.Th>
                <Table.Th scope="col">{t('list.status')}</Table.Th>
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
