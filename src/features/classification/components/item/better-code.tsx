import { useTranslation } from '../../../../lib/i18n/use-translation';
import { Alert, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { JURISDICTIONS } from '../../../../contract/scopes';
import { recordedRunsQueryOptions } from '../../api/workbench.queries';
import { formatCode } from '../../../../lib/format';
import { scoreText } from '../../model/classification-wording';
import { SlottedText, slot } from '../slotted-text';

/**
 * The better code itself, not just the badge: from the latest completed run of each jurisdiction
 * the team started through the console. Without one, the badge is all the service tells.
 */
export function BetterCode({ itemId, flagged }: { itemId: string; flagged: boolean }) {
  const { t } = useTranslation('classification');
  const runs = useQuery(recordedRunsQueryOptions(itemId));
  const latest = JURISDICTIONS.flatMap((j) => {
    const run = runs.data?.find((r) => r.jurisdiction === j && r.status === 'Completed');
    return run?.better && run.bestCode ? [run] : [];
  });
  if (latest.length === 0) {
    if (!flagged || runs.isPending) return null;
    return (
      <Alert color="grape" variant="light" title={t('better.flaggedTitle')}>
        {t('better.flaggedBody')}
      </Alert>
    );
  }
  return (
    <Alert color="grape" variant="light" title={t('better.title')} data-testid="better-code">
      {latest.map((run) => (
        <Text key={run.jurisdiction} size="sm">
          <SlottedText
            text={t('better.line', {
              jurisdiction: run.jurisdiction,
              best: slot('best'),
              bestScore: scoreText(run.bestScore),
              assigned: slot('assigned'),
              assignedScore: scoreText(run.assignedScore),
            })}
            slots={{
              best: (
                <Text span ff="monospace" fw={600}>
                  {formatCode(run.jurisdiction, run.bestCode ?? '')}
                </Text>
              ),
              assigned: (
                <Text span ff="monospace">
                  {run.assignedCode ? formatCode(run.jurisdiction, run.assignedCode) : '—'}
                </Text>
              ),
            }}
          />
        </Text>
      ))}
    </Alert>
  );
}
