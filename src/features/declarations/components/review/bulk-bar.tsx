import { Button, Group, List, Progress, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { isAllowed } from '../../../../contract/operations';
import type { BulkAction } from '../../../../contract/review';
import type { Role } from '../../../../contract/user-claims';
import { ScopeGatedButton } from '../../../../components/scope-gated-button';
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

const ACTION_LABELS: Record<BulkAction, string> = { validate: 'Validate', submit: 'Submit' };

/** Bulk Validate/Submit on a selection: the buttons (scope-aware), Cancel, and the run's progress. Invalidate stays one at a time. */
export function BulkBar({ selected, roles, bulk, listRows }: Props) {
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
      <Group gap="xs" aria-label="Bulk actions" role="group">
        {(['validate', 'submit'] as const).map((action) => (
          <ScopeGatedButton
            key={action}
            missing={missingScope}
            disabled={selected.length === 0 || run?.running}
            onClick={() => start(action)}
            variant={action === 'validate' ? 'filled' : 'default'}
          >
            {ACTION_LABELS[action]} {selected.length} selected
          </ScopeGatedButton>
        ))}
        {run?.running && (
          <Button color="red" variant="outline" onClick={bulk.cancel}>
            Cancel
          </Button>
        )}
      </Group>
      {run && (
        <Stack gap={4} role="status" aria-live="polite">
          <Text size="sm">
            {ACTION_LABELS[run.action]}: {settled} of {states.length} done
            {!run.running && (run.cancelled ? ' (cancelled)' : ' (finished)')}
          </Text>
          <Progress value={states.length ? (100 * settled) / states.length : 0} aria-label={`${ACTION_LABELS[run.action]} progress`} />
        </Stack>
      )}
      {run && listRows && (
        <List size="sm" spacing={2} aria-label="Bulk outcomes">
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
