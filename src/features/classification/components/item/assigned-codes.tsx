import { useTranslation } from '../../../../lib/i18n/use-translation';
import { Alert, Paper, Stack, Table, Text, Title } from '@mantine/core';
import type { ClassificationItem } from '../../../../contract/classification';
import { formatCode } from '../../../../lib/format';

/** Read-only: the API takes assigned codes only at creation (API-7). */
export function AssignedCodes({ item }: { item: ClassificationItem }) {
  const { t } = useTranslation('classification');
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="assigned-codes-heading">
      <Stack gap="sm">
        <Title order={2} size="h3" id="assigned-codes-heading">
          {t('assigned.title')}
        </Title>
        {item.assignedClassifications.length === 0 ? (
          <Text c="dimmed">{t('assigned.none')}</Text>
        ) : (
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('assigned.jurisdiction')}</Table.Th>
                <Table.Th scope="col">{t('assigned.code')}</Table.Th>
                <Table.Th scope="col">{t('assigned.comment')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {item.assignedClassifications.map((a) => (
                <Table.Tr key={a.jurisdiction}>
                  <Table.Td>{a.jurisdiction}</Table.Td>
                  <Table.Td ff="monospace">{formatCode(a.jurisdiction, a.code)}</Table.Td>
                  <Table.Td>{a.comment ?? ''}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        <Alert color="blue" variant="light">
          {t('assigned.readOnly')}
        </Alert>
      </Stack>
    </Paper>
  );
}
