import { Button, Group, List, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../../../lib/i18n/use-translation';
import type { Role } from '../../../../contract/user-claims';
import { ProblemAlert } from '../../../../components/problem-alert';
import { formatQuantity } from '../../../../lib/format';
import { useBulkAssign } from '../../api/assignments.mutations';
import { meQueryOptions } from '../../api/assignments.queries';
import { PersonPicker } from './person-picker';

interface Props {
  selected: readonly { declarationId: string; lrn: string }[];
  roles: readonly Role[];
}

/** Assign the selected declarations to me (and, for supervisors, to a person, or unassign them), with each one's outcome. */
export function BulkAssign({ selected, roles }: Props) {
  const { t } = useTranslation('declarations');
  const me = useQuery(meQueryOptions());
  const bulk = useBulkAssign();
  const supervisor = roles.includes('supervisor');
  const ids = selected.map((s) => s.declarationId);
  const lrnOf = new Map(selected.map((s) => [s.declarationId, s.lrn]));
  const run = (ownerSub: string | null) => bulk.mutate({ declarationIds: ids, ownerSub });
  const results = bulk.data?.results ?? [];
  const failed = results.filter((r) => !r.ok);
  const disabled = ids.length === 0 || bulk.isPending;
  const count = formatQuantity(ids.length);

  return (
    <Stack gap="xs">
      <Group gap="xs" align="flex-end" role="group" aria-label={t('assignment.bulkLabel')}>
        <Button
          size="xs"
          variant="light"
          disabled={disabled || !me.data}
          loading={bulk.isPending}
          onClick={() => me.data && run(me.data.sub)}
        >
          {t('assignment.assignCountToMe', { count })}
        </Button>
        {supervisor && (
          <>
            <PersonPicker label={t('assignment.assignSelectedTo', { count })} disabled={disabled} onPick={run} />
            <Button size="xs" variant="default" disabled={disabled} onClick={() => run(null)}>
              {t('assignment.unassignCount', { count })}
            </Button>
          </>
        )}
      </Group>
      {bulk.isSuccess && (
        <Stack gap={2} role="status" aria-live="polite">
          <Text size="sm">
            {t('assignment.changedOn', { changed: formatQuantity(results.length - failed.length), total: formatQuantity(results.length) })}
          </Text>
          {failed.length > 0 && (
            <List size="sm" spacing={2} aria-label={t('assignment.notChanged')}>
              {failed.map((f) => (
                <List.Item key={f.declarationId}>
                  {lrnOf.get(f.declarationId) ?? f.declarationId}: {f.detail}
                </List.Item>
              ))}
            </List>
          )}
        </Stack>
      )}
      {bulk.isError && <ProblemAlert error={bulk.error} title={t('assignment.bulkFailed')} />}
    </Stack>
  );
}
