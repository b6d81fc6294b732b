import { useTranslation } from '../../../../lib/i18n/use-translation';
import { Badge, Skeleton, Table, Text } from '@mantine/core';
import type { ClassificationSearchResult } from '../../../../contract/classification';
import { AnchorLink } from '../../../../components/anchor-link';

type Row = ClassificationSearchResult['data'][number];

/** The sandbox adds hasBetterSuggestion to search rows; the specification does not promise it. */
const hasBetterSuggestion = (row: Row): boolean => row['hasBetterSuggestion'] === true;

export function ItemsTable({ rows }: { rows: readonly Row[] | undefined }) {
  const { t } = useTranslation('classification');
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table striped highlightOnHover captionSide="top" data-testid="classification-results">
        <Table.Caption>{t('table.caption')}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('table.externalReference')}</Table.Th>
            <Table.Th scope="col">{t('table.description')}</Table.Th>
            <Table.Th scope="col">{t('table.origin')}</Table.Th>
            <Table.Th scope="col">{t('table.betterSuggestion')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows === undefined &&
            Array.from({ length: 5 }, (_, i) => (
              <Table.Tr key={i}>
                <Table.Td colSpan={4}>
                  <Skeleton height={16} />
                </Table.Td>
              </Table.Tr>
            ))}
          {rows?.length === 0 && (
            <Table.Tr>
              <Table.Td colSpan={4}>
                <Text c="dimmed">{t('table.noMatch')}</Text>
              </Table.Td>
            </Table.Tr>
          )}
          {rows?.map((row) => (
            <Table.Tr key={row.id}>
              <Table.Td>
                <AnchorLink to="/classification/items/$itemId" params={{ itemId: row.id }} ff="monospace" fz="inherit">
                  {row.externalReference}
                </AnchorLink>
              </Table.Td>
              <Table.Td>
                {row.description ?? (
                  <Text c="dimmed" span>
                    —
                  </Text>
                )}
              </Table.Td>
              <Table.Td>{row.origin ?? ''}</Table.Td>
              <Table.Td>
                {hasBetterSuggestion(row) ? (
                  <Badge color="grape.9">{t('table.betterSuggestion')}</Badge>
                ) : (
                  <Text c="dimmed" span>
                    {t('table.no')}
                  </Text>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
