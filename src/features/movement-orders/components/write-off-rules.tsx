import { Table, Text } from '@mantine/core';
import type { WriteOffRule } from '../../../contract/movement-orders';

const text = (v: string | undefined) => v ?? '—';

/** Which stock a release or negative adjustment may be written off from. */
export function WriteOffRules({ rules }: { rules: readonly WriteOffRule[] }) {
  if (rules.length === 0) return <Text c="dimmed">No write-off rules.</Text>;
  return (
    <Table.ScrollContainer minWidth={700}>
      <Table striped aria-label="Write-off rules">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Customs status</Table.Th>
            <Table.Th scope="col">Preferential origin</Table.Th>
            <Table.Th scope="col">Preferential origin country</Table.Th>
            <Table.Th scope="col">Non-preferential origin country</Table.Th>
            <Table.Th scope="col">Inbound document</Table.Th>
            <Table.Th scope="col">Inbound function reference</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rules.map((rule, i) => (
            <Table.Tr key={i}>
              <Table.Td>{text(rule.customsStatus)}</Table.Td>
              <Table.Td>{rule.isOfPreferentialOrigin === undefined ? '—' : rule.isOfPreferentialOrigin ? 'Yes' : 'No'}</Table.Td>
              <Table.Td>{text(rule.preferentialOriginCountry)}</Table.Td>
              <Table.Td>{text(rule.nonPreferentialOriginCountry)}</Table.Td>
              <Table.Td>{text(rule.inboundDocRefNum)}</Table.Td>
              <Table.Td>{text(rule.inboundFunctionRefNum)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
