import { Code, Table } from '@mantine/core';
import { SCOPE_MEANINGS } from '../model/scope-meanings';
import type { GrantedScopes } from '../model/console-capabilities';

export function ScopesTable({ scopes }: { scopes: GrantedScopes }) {
  return (
    <Table striped withTableBorder aria-labelledby="scopes-heading" data-testid="scopes-table">
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">Scope</Table.Th>
          <Table.Th scope="col">Grants</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {scopes.known.map((s) => (
          <Table.Tr key={s}>
            <Table.Td>
              <Code>{s}</Code>
            </Table.Td>
            <Table.Td>{SCOPE_MEANINGS[s]}</Table.Td>
          </Table.Tr>
        ))}
        {scopes.unknown.map((s) => (
          <Table.Tr key={s}>
            <Table.Td>
              <Code>{s}</Code>
            </Table.Td>
            <Table.Td>Not known to this console version</Table.Td>
          </Table.Tr>
        ))}
        {scopes.known.length + scopes.unknown.length === 0 && (
          <Table.Tr>
            <Table.Td colSpan={2}>The token carries no scopes.</Table.Td>
          </Table.Tr>
        )}
      </Table.Tbody>
    </Table>
  );
}
