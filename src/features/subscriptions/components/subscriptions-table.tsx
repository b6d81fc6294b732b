import { Anchor, Badge, Button, Code, Group, Loader, Table, Text } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n/use-translation';
import type { LoadedRow } from '../model/use-subscription-rows';

interface Props {
  rows: LoadedRow[];
  canWrite: boolean;
  onReplace: (row: LoadedRow) => void;
  onDelete: (row: LoadedRow) => void;
}

export function SubscriptionsTable({ rows, canWrite, onReplace, onDelete }: Props) {
  const { t } = useTranslation('subscriptions');
  return (
    <Table.ScrollContainer minWidth={900}>
      <Table striped withTableBorder verticalSpacing="xs">
        <Table.Caption>{t('table.caption')}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('eventType')}</Table.Th>
            <Table.Th scope="col">{t('subtype')}</Table.Th>
            <Table.Th scope="col">{t('destinationUrl')}</Table.Th>
            <Table.Th scope="col">{t('table.authentication')}</Table.Th>
            <Table.Th scope="col">{t('table.headers')}</Table.Th>
            <Table.Th scope="col">{t('table.id')}</Table.Th>
            {canWrite && <Table.Th scope="col">{t('table.actions')}</Table.Th>}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.id} data-testid="subscription-row">
              <Table.Td>{row.eventType ?? '…'}</Table.Td>
              <Table.Td>
                {row.eventSubType ?? (
                  <Text c="dimmed" size="sm">
                    {t('table.all')}
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
                        {t('table.managed')}
                      </Text>
                    ) : (
                      <>
                        <Button
                          size="xs"
                          variant="light"
                          disabled={!row.detail}
                          onClick={() => onReplace(row)}
                          aria-label={t('table.replaceLabel', { id: row.id })}
                        >
                          {t('table.replace')}
                        </Button>
                        <Button
                          size="xs"
                          variant="light"
                          color="red"
                          onClick={() => onDelete(row)}
                          aria-label={t('table.deleteLabel', { id: row.id })}
                        >
                          {t('table.delete')}
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
  const { t } = useTranslation('subscriptions');
  if (!row.detail && row.detailError) {
    return (
      <Table.Td colSpan={3}>
        <Group gap="xs">
          <Text c="red" size="sm">
            {t('table.detailsFailed')}
          </Text>
          <Anchor component="button" type="button" size="sm" onClick={row.retryDetail}>
            {t('table.retry')}
          </Anchor>
        </Group>
      </Table.Td>
    );
  }
  if (!row.detail) {
    return (
      <Table.Td colSpan={3}>
        <Loader size="xs" aria-label={t('table.loadingDetails')} />
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
            {t('table.liveBadge')}
          </Badge>
        )}
      </Table.Td>
      <Table.Td>{row.auth ? t(`auth.${row.auth}`) : ''}</Table.Td>
      <Table.Td>
        {row.headerNames.length > 0 ? (
          row.headerNames.join(', ')
        ) : (
          <Text c="dimmed" size="sm">
            {t('table.none')}
          </Text>
        )}
      </Table.Td>
    </>
  );
}
