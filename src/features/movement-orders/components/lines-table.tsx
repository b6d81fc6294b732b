import { Table, Text } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n/use-translation';
import type { MovementLine } from '../../../contract/movement-orders';
import { formatQuantity } from '../../../lib/format';
import { lineAuthorizations, lineLocations, lineOrigins, lineQuantities } from '../model/line-format';

/** The excise register view of the lines (ux-anchors 6.5): product code, ABV and unit next to the item. */
export function LinesTable({ lines }: { lines: readonly MovementLine[] }) {
  const { t } = useTranslation('movementOrders');
  if (lines.length === 0) return <Text c="dimmed">{t('lines.none')}</Text>;
  return (
    <Table.ScrollContainer minWidth={900}>
      <Table striped aria-label={t('lines.label')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">#</Table.Th>
            <Table.Th scope="col">{t('lines.item')}</Table.Th>
            <Table.Th scope="col">{t('lines.direction')}</Table.Th>
            <Table.Th scope="col">{t('lines.quantity')}</Table.Th>
            <Table.Th scope="col">{t('lines.exciseProduct')}</Table.Th>
            <Table.Th scope="col">{t('lines.storageLocation')}</Table.Th>
            <Table.Th scope="col">{t('lines.authorization')}</Table.Th>
            <Table.Th scope="col">{t('lines.origin')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {lines.map((line, i) => (
            <Table.Tr key={i} data-testid="movement-line">
              <Table.Td>{i + 1}</Table.Td>
              <Table.Td>
                {line.itemId}
                {line.itemDescription && (
                  <Text size="sm" c="dimmed">
                    {line.itemDescription}
                  </Text>
                )}
                {line.serialBatchReference && (
                  <Text size="sm" c="dimmed">
                    {t('lines.batch', { batch: line.serialBatchReference })}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>{line.direction}</Table.Td>
              <Table.Td>{lineQuantities(line, t)}</Table.Td>
              <Table.Td>
                {line.exciseProductCode
                  ? line.asv === undefined
                    ? line.exciseProductCode
                    : t('lines.withAbv', { code: line.exciseProductCode, abv: formatQuantity(line.asv) })
                  : '—'}
              </Table.Td>
              <Table.Td>{lineLocations(line)}</Table.Td>
              <Table.Td>{lineAuthorizations(line)}</Table.Td>
              <Table.Td>{lineOrigins(line, t)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
