import { useTranslation } from '../../../../lib/i18n/use-translation';
import { Badge, Button, Group, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import type { WorklistRow } from '../../../../contract/classification-workbench';
import { AnchorLink } from '../../../../components/anchor-link';
import { BackToItemsLink } from '../back-to-items-link';
import { downloadText } from '../../../../lib/download-file';
import { worklistQueryOptions } from '../../api/workbench.queries';
import { ClassificationError } from '../analyst-only';
import { DecisionModal } from './decision-modal';
import { decisionSheetCsv, decisionSheetFileName, scoreGap } from '../../model/worklist/decision-sheet';
import { formatCode, formatDateTime } from '../../../../lib/format';
import { scoreText } from '../../model/classification-wording';
import { SlottedText, slot } from '../slotted-text';

/**
 * Items whose latest run proposes a better code than the assigned one, with the analysts'
 * decisions. The service cannot change assigned codes, so the decision sheet (CSV) is what goes
 * on to the master data.
 */
export function WorklistPage() {
  const { t } = useTranslation('classification');
  const query = useQuery(worklistQueryOptions());
  const [deciding, setDeciding] = useState<WorklistRow>();
  const rows = query.data;

  return (
    <Stack gap="md">
      <BackToItemsLink />
      <Group justify="space-between">
        <Title order={1}>{t('worklist.title')}</Title>
        <Button
          leftSection={<IconDownload size={16} aria-hidden="true" />}
          variant="default"
          disabled={!rows?.length}
          onClick={() => rows && downloadText(decisionSheetCsv(rows, t), decisionSheetFileName(), 'text/csv;charset=utf-8')}
        >
          {t('worklist.export')}
        </Button>
      </Group>
      <Text size="sm" c="dimmed">
        <SlottedText
          text={t('worklist.intro', { link: slot('link') })}
          slots={{
            link: (
              <AnchorLink to="/classification" search={{ betterSuggestion: true }} fz="inherit" underline="always">
                {t('worklist.flaggedLink')}
              </AnchorLink>
            ),
          }}
        />
      </Text>
      {query.isError && <ClassificationError error={query.error} title={t('worklist.loadFailed')} onRetry={() => void query.refetch()} />}
      <Table.ScrollContainer minWidth={900}>
        <Table striped captionSide="top" data-testid="worklist">
          <Table.Caption>{t('worklist.caption')}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('worklist.item')}</Table.Th>
              <Table.Th scope="col">{t('worklist.jurisdiction')}</Table.Th>
              <Table.Th scope="col">{t('worklist.assignedCode')}</Table.Th>
              <Table.Th scope="col">{t('worklist.proposedCode')}</Table.Th>
              <Table.Th scope="col">{t('worklist.scores')}</Table.Th>
              <Table.Th scope="col">{t('worklist.gap')}</Table.Th>
              <Table.Th scope="col">{t('worklist.decision')}</Table.Th>
              <Table.Th scope="col">
                <Text span size="sm" fw={700}>
                  {t('worklist.action')}
                </Text>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {query.isPending && (
              <Table.Tr>
                <Table.Td colSpan={8}>
                  <Skeleton height={16} />
                </Table.Td>
              </Table.Tr>
            )}
            {rows?.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={8}>
                  <Text c="dimmed">{t('worklist.empty')}</Text>
                </Table.Td>
              </Table.Tr>
            )}
            {rows?.map((row) => {
              const { run, decision } = row;
              const gap = scoreGap(row);
              const label = run.itemReference ?? run.itemId;
              return (
                <Table.Tr key={`${run.itemId}-${run.jurisdiction}`}>
                  <Table.Td>
                    <AnchorLink to="/classification/items/$itemId" params={{ itemId: run.itemId }} ff="monospace" fz="inherit">
                      {label}
                    </AnchorLink>
                  </Table.Td>
                  <Table.Td>{run.jurisdiction}</Table.Td>
                  <Table.Td ff="monospace">{run.assignedCode ? formatCode(run.jurisdiction, run.assignedCode) : '—'}</Table.Td>
                  <Table.Td ff="monospace" fw={600}>
                    {run.bestCode ? formatCode(run.jurisdiction, run.bestCode) : '—'}
                  </Table.Td>
                  <Table.Td>
                    {scoreText(run.assignedScore)} → {scoreText(run.bestScore)}
                  </Table.Td>
                  <Table.Td>{gap === null ? '—' : `+${scoreText(gap)}`}</Table.Td>
                  <Table.Td>
                    {decision ? (
                      <Stack gap={2}>
                        <Badge color={decision.decision === 'accepted' ? 'teal.9' : 'gray.7'}>
                          {decision.decision === 'accepted' ? t('worklist.accepted') : t('worklist.rejected')}
                        </Badge>
                        <Text size="xs" c="dimmed">
                          {decision.decidedBy.name}, {formatDateTime(decision.decidedAt)}
                        </Text>
                        {decision.comment && <Text size="xs">{decision.comment}</Text>}
                      </Stack>
                    ) : (
                      <Text c="dimmed" span size="sm">
                        {t('worklist.open')}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Button
                      size="xs"
                      variant="light"
                      onClick={() => setDeciding(row)}
                      aria-label={t('worklist.decideOn', { item: label, jurisdiction: run.jurisdiction })}
                    >
                      {t('worklist.decide')}
                    </Button>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <DecisionModal row={deciding} onClose={() => setDeciding(undefined)} />
    </Stack>
  );
}
