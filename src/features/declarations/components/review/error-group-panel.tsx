import { Alert, Button, Checkbox, Paper, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from '../../../../lib/i18n/use-translation';
import { fieldLabel } from '../../../../contract/field-labels';
import { isAllowed } from '../../../../contract/operations';
import type { ErrorGroup } from '../../../../contract/review';
import type { Role } from '../../../../contract/user-claims';
import { AnchorLink } from '../../../../components/anchor-link';
import { ProblemAlert } from '../../../../components/problem-alert';
import { errorGroupQueryOptions } from '../../api/review.queries';
import { StatusBadge } from '../status-badge';
import { BulkRowStatus } from './bulk-row-status';
import { BulkBar } from './bulk-bar';
import { ErrorCodeNotes } from './error-notes';
import { useOpenAtField } from '../../model/review/open-at-field';
import { useBulkRun } from '../../model/review/use-bulk-run';

interface Props {
  group: ErrorGroup;
  roles: readonly Role[];
}

/** One error code: the team's notes, its declarations with where it points, and bulk Validate/Submit on a selection. */
export function ErrorGroupPanel({ group, roles }: Props) {
  const { t } = useTranslation('review');
  const { errorCode } = group;
  const detail = useQuery(errorGroupQueryOptions(errorCode));
  const rows = useMemo(() => detail.data?.declarations ?? [], [detail.data]);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const bulk = useBulkRun();
  const openAtField = useOpenAtField();
  const canNote = isAllowed(roles, 'POST /api/review/notes');

  const chosen = rows.filter((r) => selected.has(r.declarationId));
  const allSelected = rows.length > 0 && chosen.length === rows.length;
  const toggle = (id: string, on: boolean) => setSelected((s) => (on ? new Set(s).add(id) : new Set([...s].filter((x) => x !== id))));

  const run = bulk.run;
  const titleId = `group-${errorCode}`;

  return (
    <Paper
      component="section"
      id={`group-panel-${errorCode}`}
      aria-labelledby={titleId}
      withBorder
      p="md"
      radius="md"
      style={{ scrollMarginTop: 'calc(var(--app-shell-header-offset, 0rem) + var(--mantine-spacing-md))' }}
    >
      <Stack gap="md">
        <div>
          <Title order={2} size="h3" id={titleId} tabIndex={-1}>
            {errorCode}: {group.message}
          </Title>
          <Text size="sm" c="dimmed">
            {t('panel.summary', {
              count: group.declarations,
              kind: group.kind === 'validation' ? t('panel.kindValidation') : t('panel.kindCustoms'),
              flows: group.flows.join(', '),
            })}
          </Text>
        </div>

        <ErrorCodeNotes errorCode={errorCode} canWrite={canNote} />

        <section aria-labelledby={`${titleId}-declarations`}>
          <Title order={3} size="h4" id={`${titleId}-declarations`} mb="xs">
            {t('panel.declarationsWith', { code: errorCode })}
          </Title>
          <BulkBar selected={chosen} roles={roles} bulk={bulk} />
          {detail.isPending && <Skeleton height={120} />}
          {detail.isError && <ProblemAlert error={detail.error} title={t('panel.loadFailed')} onRetry={() => void detail.refetch()} />}
          {detail.data && rows.length === 0 && <Alert color="green">{t('panel.noneLeft')}</Alert>}
          {rows.length > 0 && (
            <Table.ScrollContainer minWidth={720}>
              <Table striped>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">
                      <Checkbox
                        aria-label={t('panel.selectAll', { count: rows.length })}
                        checked={allSelected}
                        indeterminate={chosen.length > 0 && !allSelected}
                        onChange={(e) => setSelected(e.currentTarget.checked ? new Set(rows.map((r) => r.declarationId)) : new Set())}
                      />
                    </Table.Th>
                    <Table.Th scope="col">{t('panel.lrn')}</Table.Th>
                    <Table.Th scope="col">{t('panel.status')}</Table.Th>
                    <Table.Th scope="col">{t('panel.flow')}</Table.Th>
                    <Table.Th scope="col">{t('panel.field')}</Table.Th>
                    {run && <Table.Th scope="col">{t('panel.outcome')}</Table.Th>}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {rows.map((r) => {
                    const state = run?.rows.get(r.declarationId);
                    return (
                      <Table.Tr key={r.declarationId} data-declaration-id={r.declarationId}>
                        <Table.Td>
                          <Checkbox
                            aria-label={t('panel.selectRow', { lrn: r.lrn })}
                            checked={selected.has(r.declarationId)}
                            onChange={(e) => toggle(r.declarationId, e.currentTarget.checked)}
                          />
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
                            <Button
                              size="compact-xs"
                              variant="subtle"
                              onClick={() => void openAtField(r, errorCode)}
                              aria-label={t('panel.goToField', { code: errorCode, lrn: r.lrn })}
                            >
                              {r.fieldReference.map((f) => fieldLabel(f.path || f.fieldName)).join(', ')}
                            </Button>
                          ) : (
                            '—'
                          )}
                        </Table.Td>
                        {run && (
                          <Table.Td data-testid="bulk-outcome">
                            {state ? <BulkRowStatus state={state} /> : <Text size="sm">{t('panel.notSelected')}</Text>}
                          </Table.Td>
                        )}
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
