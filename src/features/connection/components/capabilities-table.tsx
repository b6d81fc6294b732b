import { Code, Table, Text } from '@mantine/core';
import { CAPABILITIES, type GrantedScopes } from '../model/console-capabilities';

/** Which parts of the console the granted scopes allow; the words say it, the colour only repeats it. */
export function CapabilitiesTable({ scopes }: { scopes: GrantedScopes }) {
  const granted = new Set(scopes.known);
  return (
    <Table withTableBorder aria-labelledby="capabilities-heading" data-testid="capabilities-table">
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">Area</Table.Th>
          <Table.Th scope="col">What</Table.Th>
          <Table.Th scope="col">Allowed</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {CAPABILITIES.map((c) => {
          const ok = granted.has(c.scope);
          return (
            <Table.Tr key={`${c.area}-${c.scope}-${c.action}`}>
              <Table.Td>{c.area}</Table.Td>
              <Table.Td>{c.action}</Table.Td>
              <Table.Td>
                <Text size="sm" c={ok ? 'teal.9' : 'red.9'} fw={600} span>
                  <span aria-hidden="true">{ok ? '✓ ' : '✗ '}</span>
                  {ok ? 'Yes' : 'No, missing'}
                </Text>{' '}
                <Code>{c.scope}</Code>
              </Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
}
