import { Code, Table } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { SCOPE_MEANING_KEYS } from '../model/scope-meanings';
import type { GrantedScopes } from '../model/console-capabilities';

export function ScopesTable({ scopes }: { scopes: GrantedScopes }) {
  const { t } = useTranslation('connection');
  return (
    <Table striped withTableBorder aria-labelledby="scopes-heading" data-testid="scopes-table">
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">{t('scopesTable.scope')}</Table.Th>
          <Table.Th scope="col">{t('scopesTable.grants')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {scopes.known.map((s) => (
          <Table.Tr key={s}>
            <Table.Td>
              <Code>{s}</Code>
            </Table.Td>
            <Table.Td>{t(`scopeMeanings.${SCOPE_MEANING_KEYS[s]}`)}</Table.Td>
          </Table.Tr>
        ))}
        {scopes.unknown.map((s) => (
          <Table.Tr key={s}>
            <Table.Td>
              <Code>{s}</Code>
            </Table.Td>
            <Table.Td>{t('scopesTable.unknown')}</Table.Td>
          </Table.Tr>
        ))}
        {scopes.known.length + scopes.unknown.length === 0 && (
          <Table.Tr>
            <Table.Td colSpan={2}>{t('scopesTable.none')}</Table.Td>
          </Table.Tr>
        )}
      </Table.Tbody>
    </Table>
  );
}
