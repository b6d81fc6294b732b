import { Table, Text } from '@mantine/core';
import type { MovementLine } from '../../../contract/movement-orders';
import { lineAuthorizations, lineLocations, lineOrigins, lineQuantities } from '../model/line-format';

/** The excise register view of the lines (ux-anchors 6.5): product code, ABV and unit next to the item. */
export function LinesTable({ lines }: { lines: readonly MovementLine[] }) {
  if (lines.length === 0) return <Text c="dimmed">No lines.</Text>;
  return (
    <Table.ScrollContainer minWidth={900}>
      <Table striped aria-label="Movement order lines">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">#</Table.Th>
            <Table.Th scope="col">Item</Table.Th>
            <Table.Th scope="col">Direction</Table.Th>
            <Table.Th scope="col">Quantity</Table.Th>
            <Table.Th scope="col">Excise product (ABV)</Table.Th>
            <Table.Th scope="col">Storage location</Table.Th>
            <Table.Th scope="col">Authorization</Table.Th>
            <Table.Th scope="col">Origin</Table.Th>
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
                    Batch {line.serialBatchReference}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>{line.direction}</Table.Td>
              <Table.Td>{lineQuantities(line)}</Table.Td>
              <Table.Td>
                {line.exciseProductCode ? `${line.exciseProductCode}${line.asv === undefined ? '' : ` (${line.asv} % vol)`}` : '—'}
              </Table.Td>
              <Table.Td>{lineLocations(line)}</Table.Td>
              <Table.Td>{lineAuthorizations(line)}</Table.Td>
              <Table.Td>{lineOrigins(line)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
