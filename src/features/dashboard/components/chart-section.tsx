import { Button, Group, Paper, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { Suspense, useId, type ReactNode } from 'react';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { downloadText } from '../../../lib/download-file';
import { tableCsv } from '../model/dashboard-csv';

export interface SectionTable {
  caption: string;
  headers: readonly string[];
  /** Cells as shown (a link for drill-down) and as exported. */
  rows: readonly { key: string; cells: readonly { shown: ReactNode; value: string | number | null }[] }[];
  fileName: string;
}

/** One figure of the dashboard: its chart (lazy), and the same numbers as a table to read, navigate and download as CSV. */
export function ChartSection({
  title,
  description,
  chart,
  table,
}: {
  title: string;
  description?: ReactNode;
  chart: ReactNode;
  table: SectionTable;
}) {
  const id = useId();
  const { t } = useTranslation('dashboard');
  return (
    <Paper withBorder p="md" component="section" aria-labelledby={id}>
      <Stack gap="sm">
        <div>
          <Title order={2} size="h4" id={id}>
            {title}
          </Title>
          {description && (
            <Text size="sm" c="dimmed">
              {description}
            </Text>
          )}
        </div>
        {/* A picture of the table below: screen readers read the table. */}
        <div aria-hidden="true">
          <Suspense fallback={<Skeleton height={260} />}>{chart}</Suspense>
        </div>
        <details>
          <summary>{t('section.table', { title })}</summary>
          <Table.ScrollContainer minWidth={400} maxHeight={360}>
            <Table striped stickyHeader>
              <Table.Caption>{table.caption}</Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  {table.headers.map((h) => (
                    <Table.Th key={h} scope="col">
                      {h}
                    </Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {table.rows.map((r) => (
                  <Table.Tr key={r.key}>
                    {r.cells.map((c, i) =>
                      i === 0 ? (
                        <Table.Th key={i} scope="row">
                          {c.shown}
                        </Table.Th>
                      ) : (
                        <Table.Td key={i}>{c.shown}</Table.Td>
                      ),
                    )}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </details>
        <Group>
          <Button
            variant="default"
            size="xs"
            onClick={() =>
              downloadText(
                tableCsv(
                  table.headers,
                  table.rows.map((r) => r.cells.map((c) => c.value)),
                ),
                table.fileName,
                'text/csv;charset=utf-8',
              )
            }
          >
            {t('section.download', { title })}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
