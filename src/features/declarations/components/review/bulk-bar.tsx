import { Button, Group, List, Progress, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from '../../../../lib/i18n/use-translation';
import { isAllowed } from '../../../../contract/operations';
import type { BulkAction } from '../../../../contract/review';
import type { Role } from '../../../../contract/user-claims';
import { ScopeGatedButton } from '../../../../components/scope-gated-button';
import { formatQuantity } from '../../../../lib/format';
import { useMissingScope } from '../../../../lib/scope-gate';
import { BulkRowStatus } from './bulk-row-status';
import { isSettled, planBulk, type BulkPlan } from '../../model/review/bulk-runner';
import { BulkSubmitReview } from './bulk-submit-review';
import type { useBulkRun } from '../../model/review/use-bulk-run';

export interface BulkTarget {
  declarationId: string;
  lrn: string;
  currentStatus: string;
}

interface Props {
  selected: readonly BulkTarget[];
  roles: readonly Role[];
  bulk: ReturnType<typeof useBulkRun>;
  /** Lists each row's outcome under the bar (where the table has no outcome column). */
  listRows?: readonly BulkTarget[];
}

const BULK_ACTIONS: readonly BulkAction[] = ['validate', 'submit'];

/** Bulk Validate/Submit on a selection: the buttons (scope-aware), Cancel, and the run's progress. Invalidate stays one at a time. */
export function BulkBar({ selected, roles, bulk, listRows }: Props) {
  const { t } = useTranslation('review');
  const missingScope = useMissingScope('create:messages');
  // A bulk Submit is reviewed first: what goes to customs, what waits for approval, what is skipped.
  const [reviewing, setReviewing] = useState<BulkPlan<BulkTarget>>();
  if (!isAllowed(roles, 'POST /v1/declarations/{declarationId}/validate')) return null;
  const { run } = bulk;
  const start = (action: BulkAction) => {
    const plan = planBulk(action, selected, roles);
    if (action === 'submit') setReviewing(plan);
    else send(action, plan);
  };
  const send = (action: BulkAction, plan: BulkPlan<BulkTarget>) => {
    setReviewing(undefined);
    void bulk.start(
      action,
      plan.runnable.map((r) => r.declarationId),
      plan.skipped.map((s) => ({ declarationId: s.target.declarationId, reason: s.reason })),
    );
  };
  const states = run ? [...run.rows.values()] : [];
  const settled = states.filter(isSettled).length;
  return (
    <Stack gap="xs">
      <BulkSubmitReview
        plan={reviewing}
        onConfirm={() => reviewing && send('submit', reviewing)}
        onCancel={() => setReviewing(undefined)}
      />
      <Group gap="xs" aria-label={t('bulk.groupLabel')} role="group">
        {BULK_ACTIONS.map((action) => (
          <ScopeGatedButton
            key={action}
            missing={missingScope}
            disabled={selected.length === 0 || run?.running}
            onClick={() => start(action)}
            variant={action === 'validate' ? 'filled' : 'default'}
          >
            {t(action === 'validate' ? 'bulk.validateSelected' : 'bulk.submitSelected', { count: formatQuantity(selected.length) })}
          </ScopeGatedButton>
        ))}
        {run?.running && (
          <Button color="red" variant="outline" onClick={bulk.cancel}>
            {t('bulk.cancel')}
          </Button>
        )}
      </Group>
      {run && (
        <Stack gap={4} role="status" aria-live="polite">
          <Text size="sm">
            {t(run.running ? 'bulk.progress' : run.cancelled ? 'bulk.progressCancelled' : 'bulk.progressFinished', {
              action: t(`bulk.${run.action}`),
              settled: formatQuantity(settled),
              total: formatQuantity(states.length),
            })}
          </Text>
          <Progress
            value={states.length ? (100 * settled) / states.length : 0}
            aria-label={t('bulk.progressLabel', { action: t(`bulk.${run.action}`) })}
          />
        </Stack>
      )}
      {run && listRows && (
        <List size="sm" spacing={2} aria-label={t('bulk.outcomesLabel')}>
          {listRows.flatMap((r) => {
            const state = run.rows.get(r.declarationId);
            return state
              ? [
                  <List.Item key={r.declarationId} data-testid="bulk-outcome">
                    <Group gap={6} wrap="nowrap">
                      <Text size="sm" fw={600}>
                        {r.lrn}
                      </Text>
                      <BulkRowStatus state={state} />
                    </Group>
                  </List.Item>,
                ]
              : [];
          })}
        </List>
      )}
    </Stack>
  );
}
