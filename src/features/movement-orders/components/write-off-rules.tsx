import { Table, Text } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n/use-translation';
import type { WriteOffRule } from '../../../contract/movement-orders';

const text = (v: string | undefined) => v ?? '—';

/** Which stock a release or negative adjustment may be written off from. */
export function WriteOffRules({ rules }: { rules: readonly WriteOffRule[] }) {
  const { t } = useTranslation('movementOrders');
  if (rules.length === 0) return <Text c="dimmed">{t('writeOff.none')}</Text>;
  return (
    <Table.ScrollContainer minWidth={700}>
      <Table striped aria-label={t('writeOff.title')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('writeOff.customsStatus')}</Table.Th>
            <Table.Th scope="col">{t('writeOff.preferentialOrigin')}</Table.Th>
            <Table.Th scope="col">{t('writeOff.preferentialOriginCountry')}</Table.Th>
            <Table.Th scope="col">{t('writeOff.nonPreferentialOriginCountry')}</Table.Th>
            <Table.Th scope="col">{t('writeOff.inboundDocument')}</Table.Th>
            <Table.Th scope="col">{t('writeOff.inboundFunctionReference')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rules.map((rule, i) => (
            <Table.Tr key={i}>
              <Table.Td>{text(rule.customsStatus)}</Table.Td>
              <Table.Td>
                {rule.isOfPreferentialOrigin === undefined ? '—' : rule.isOfPreferentialOrigin ? t('writeOff.yes') : t('writeOff.no')}
              </Table.Td>
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
