import { useTranslation } from '../../../../lib/i18n/use-translation';
import { Badge, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import type { RecordedRun } from '../../../../contract/classification-workbench';
import { compareJurisdictions } from '../../model/runs/compare-jurisdictions';
import { formatCode } from '../../../../lib/format';
import { scoreText } from '../../model/classification-wording';

/** The latest result of EU, UK, US and CH side by side; a best code whose 6 digits differ from the others is highlighted. */
export function JurisdictionComparison({ runs }: { runs: readonly RecordedRun[] }) {
  const { t } = useTranslation('classification');
  const columns = compareJurisdictions(runs);
  if (!columns.some((c) => c.run)) return null;
  return (
    <>
      <Title order={3} size="h4" id="comparison-heading">
        {t('comparison.title')}
      </Title>
      <Table.ScrollContainer minWidth={480}>
        <Table withColumnBorders aria-labelledby="comparison-heading" data-testid="jurisdiction-comparison">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">
                <VisuallyHidden>{t('comparison.row')}</VisuallyHidden>
              </Table.Th>
              {columns.map((c) => (
                <Table.Th scope="col" key={c.jurisdiction}>
                  {c.jurisdiction}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            <Table.Tr>
              <Table.Th scope="row">{t('comparison.bestCode')}</Table.Th>
              {columns.map((c) => (
                <Table.Td
                  key={c.jurisdiction}
                  data-jurisdiction={c.jurisdiction}
                  data-differs={c.differs || undefined}
                  bg={c.differs ? 'yellow.1' : undefined}
                >
                  {c.run?.bestCode ? (
                    <>
                      <Text ff="monospace" fw={600} span>
                        {formatCode(c.jurisdiction, c.run.bestCode)}
                      </Text>
                      {c.differs && (
                        <Badge color="yellow.9" variant="filled" ml="xs">
                          {t('comparison.differs')}
                        </Badge>
                      )}
                    </>
                  ) : (
                    <Text c="dimmed" span>
                      {t('comparison.notRun')}
                    </Text>
                  )}
                </Table.Td>
              ))}
            </Table.Tr>
            <Table.Tr>
              <Table.Th scope="row">{t('comparison.score')}</Table.Th>
              {columns.map((c) => (
                <Table.Td key={c.jurisdiction}>{c.run?.bestScore != null ? `${scoreText(c.run.bestScore)} / 10` : '—'}</Table.Td>
              ))}
            </Table.Tr>
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </>
  );
}
