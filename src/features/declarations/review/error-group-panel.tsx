import { Alert, Button, Checkbox, Group, Paper, Progress, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { isAllowed } from '../../../contract/operations';
import type { BulkAction, ErrorGroup } from '../../../contract/review';
import type { Role } from '../../../contract/user-claims';
import { AnchorLink } from '../../../components/anchor-link';
import { ProblemAlert } from '../../../components/problem-alert';
import { ScopeGatedButton } from '../../../components/scope-gated-button';
import type { MissingScope } from '../../../lib/scope-gate';
import { errorGroupQueryOptions } from '../api/review.queries';
import { StatusBadge } from '../components/status-badge';
import { BulkRowStatus } from './bulk-row-status';
import { isSettled, planBulk } from './bulk-runner';
import { ErrorCodeNotes } from './error-notes';
import { useOpenAtField } from './open-at-field';
import { useBulkRun } from './use-bulk-run';

interface Props {
  group: ErrorGroup;
  roles: readonly Role[];
  /** create:messages, when the client application lacks it. */
  missingScope: MissingScope | undefined;
}

const ACTION_LABELS: Record<BulkAction, string> = { validate: 'Validate', submit: 'Submit' };

/** One error code: the team's notes, its declarations with where it points, and bulk Validate/Submit on a selection. */
export function ErrorGroupPanel({ group, roles, missingScope }: Props) {
  const { errorCode } = group;
  const detail = useQuery(errorGroupQueryOptions(errorCode));
  const rows = useMemo(() => detail.data?.declarations ?? [], [detail.data]);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const bulk = useBulkRun();
  const openAtField = useOpenAtField();
  const canAct = isAllowed(roles, 'POST /v1/declarations/{declarationId}/validate');
  const canNote = isAllowed(roles, 'POST /api/review/notes');

  const chosen = rows.filter((r) => selected.has(r.declarationId));
  const allSelected = rows.length > 0 && chosen.length === rows.length;
  const toggle = (id: string, on: boolean) => setSelected((s) => (on ? new Set(s).add(id) : new Set([...s].filter((x) => x !== id))));

  const start = (action: BulkAction) => {
    const plan = planBulk(action, chosen, roles);
    void bulk.start(
      action,
      plan.runnable.map((r) => r.declarationId),
      plan.skipped.map((s) => ({ declarationId: s.target.declarationId, reason: s.reason })),
    );
  };

  const run = bulk.run;
  const states = run ? [...run.rows.values()] : [];
  const settled = states.filter(isSettled).length;
  const titleId = `group-${errorCode}`;

  return (
    <Paper component="section" aria-labelledby={titleId} withBorder p="md" radius="md">
      <Stack gap="md">
        <div>
          <Title order={2} size="h3" id={titleId} tabIndex={-1}>
            {errorCode}: {group.message}
          </Title>
          <Text size="sm" c="dimmed">
            {group.declarations} declarations · {group.kind === 'validation' ? 'service validation (fix and validate again)' : 'customs authority (correct and submit again)'} · flows: {group.flows.join(', ')}
          </Text>
        </div>

        <ErrorCodeNotes errorCode={errorCode} canWrite={canNote} />

        <section aria-labelledby={`${titleId}-declarations`}>
          <Title order={3} size="h4" id={`${titleId}-declarations`} mb="xs">
            Declarations with {errorCode}
          </Title>
          {canAct && (
            <Group gap="xs" mb="sm" aria-label="Bulk actions" role="group">
              {(['validate', 'submit'] as const).map((action) => (
                <ScopeGatedButton key={action} missing={missingScope} disabled={chosen.length === 0 || run?.running} onClick={() => start(action)} variant={action === 'validate' ? 'filled' : 'light'}>
                  {ACTION_LABELS[action]} {chosen.length} selected
                </ScopeGatedButton>
              ))}
              {run?.running && (
                <Button color="red" variant="outline" onClick={bulk.cancel}>
                  Cancel
                </Button>
              )}
            </Group>
          )}
          {run && (
            <Stack gap={4} mb="sm" role="status" aria-live="polite">
              <Text size="sm">
                {ACTION_LABELS[run.action]}: {settled} of {states.length} done
                {!run.running && (run.cancelled ? ' (cancelled)' : ' (finished)')}
              </Text>
              <Progress value={states.length ? (100 * settled) / states.length : 0} aria-label={`${ACTION_LABELS[run.action]} progress`} />
            </Stack>
          )}
          {detail.isPending && <Skeleton height={120} />}
          {detail.isError && <ProblemAlert error={detail.error} title="The declarations could not be loaded" onRetry={() => void detail.refetch()} />}
          {detail.data && rows.length === 0 && <Alert color="green">No declaration has this error any more.</Alert>}
          {rows.length > 0 && (
            <Table.ScrollContainer minWidth={720}>
              <Table striped>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">
                      <Checkbox
                        aria-label={`Select all ${rows.length} declarations`}
                        checked={allSelected}
                        indeterminate={chosen.length > 0 && !allSelected}
                        onChange={(e) => setSelected(e.currentTarget.checked ? new Set(rows.map((r) => r.declarationId)) : new Set())}
                      />
                    </Table.Th>
                    <Table.Th scope="col">LRN</Table.Th>
                    <Table.Th scope="col">Status</Table.Th>
                    <Table.Th scope="col">Flow</Table.Th>
                    <Table.Th scope="col">Field</Table.Th>
                    {run && <Table.Th scope="col">Outcome</Table.Th>}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {rows.map((r) => {
                    const state = run?.rows.get(r.declarationId);
                    return (
                      <Table.Tr key={r.declarationId} data-declaration-id={r.declarationId}>
                        <Table.Td>
                          <Checkbox aria-label={`Select ${r.lrn}`} checked={selected.has(r.declarationId)} onChange={(e) => toggle(r.declarationId, e.currentTarget.checked)} />
                        </Table.Td>
                        <Table.Td>
                          <AnchorLink to="/declarations/$declarationId" params={{ declarationId: r.declarationId }}>
                            {r.lrn}
                          </AnchorLink>
                        </Table.Td>
                        <Table.Td>
                          <StatusBadge status={r.currentStatus} />
                        </Table.Td>
                        <Table.Td>{r.customsFlow}</Table.Td>
                        <Table.Td>
                          {r.fieldReference.length > 0 ? (
                            <Button size="compact-xs" variant="subtle" onClick={() => void openAtField(r, errorCode)} aria-label={`Go to the field of ${errorCode} in ${r.lrn}`} title={r.fieldReference.map((f) => f.path).join('\n')}>
                              {r.fieldReference.map((f) => f.fieldName || f.path).join(', ')}
                            </Button>
                          ) : (
                            '—'
                          )}
                        </Table.Td>
                        {run && <Table.Td data-testid="bulk-outcome">{state ? <BulkRowStatus state={state} /> : <Text size="sm">Not selected</Text>}</Table.Td>}
                      </Table.Tr>
                    );
                  })}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </section>
      </Stack>
    </Paper>
  );
}
