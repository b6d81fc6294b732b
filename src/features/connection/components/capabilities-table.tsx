import { Code, Table, Text } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { CAPABILITIES, type GrantedScopes } from '../model/console-capabilities';

/** Drawn, not read (aria-hidden): the words after them say it. */
const YES_MARK = '✓ ';
const NO_MARK = '✗ ';

/** Which parts of the console the granted scopes allow; the words say it, the colour only repeats it. */
export function CapabilitiesTable({ scopes }: { scopes: GrantedScopes }) {
  const { t } = useTranslation('connection');
  const granted = new Set(scopes.known);
  return (
    <Table withTableBorder aria-labelledby="capabilities-heading" data-testid="capabilities-table">
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">{t('capabilities.area')}</Table.Th>
          <Table.Th scope="col">{t('capabilities.what')}</Table.Th>
          <Table.Th scope="col">{t('capabilities.allowed')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {CAPABILITIES.map((c) => {
          const ok = granted.has(c.scope);
          return (
            <Table.Tr key={`${c.area}-${c.scope}-${c.action}`}>
              <Table.Td>{t(`capabilities.areas.${c.area}`)}</Table.Td>
              <Table.Td>{t(`capabilities.actions.${c.action}`)}</Table.Td>
              <Table.Td>
                <Text size="sm" c={ok ? 'teal.9' : 'red.9'} fw={600} span>
                  <span aria-hidden="true">{ok ? YES_MARK : NO_MARK}</span>
                  {t(ok ? 'capabilities.yes' : 'capabilities.missing')}
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
