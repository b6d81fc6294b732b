import { Button, Group, Paper, Text } from '@mantine/core';
import { useTranslation } from '../../../../lib/i18n/use-translation';
import { isAllowed } from '../../../../contract/operations';
import type { Role } from '../../../../contract/user-claims';
import { BulkBar } from './bulk-bar';
import { BulkAssign } from '../assignment/bulk-assign';
import type { RowSelection } from '../../model/review/row-selection';
import { useBulkRun } from '../../model/review/use-bulk-run';

/** Bulk Validate/Submit and assignment of the declarations selected in the search results (any page). */
export function SearchBulkBar({ selection, roles }: { selection: RowSelection; roles: readonly Role[] }) {
  const { t } = useTranslation('review');
  const bulk = useBulkRun();
  const selected = [...selection.selected.values()];
  if (selected.length === 0 && !bulk.run) return null;
  return (
    <Paper withBorder p="sm" component="section" aria-label={t('selection.label')}>
      <Group justify="space-between" mb="xs">
        <Text size="sm">{t('selection.selected', { count: selected.length })}</Text>
        <Button size="xs" variant="subtle" onClick={selection.clear} disabled={bulk.run?.running}>
          {t('selection.clear')}
        </Button>
      </Group>
      <BulkBar selected={selected} roles={roles} bulk={bulk} listRows={selected} />
      {isAllowed(roles, 'POST /api/assignments/bulk') && <BulkAssign selected={selected} roles={roles} />}
    </Paper>
  );
}
