import { Button, Group, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../../../lib/i18n/use-translation';
import { isAllowed } from '../../../../contract/operations';
import type { Role } from '../../../../contract/user-claims';
import { ProblemAlert } from '../../../../components/problem-alert';
import { formatDateTime } from '../../../../lib/format';
import { useAssign, useUnassign } from '../../api/assignments.mutations';
import { assignmentsQueryOptions, meQueryOptions } from '../../api/assignments.queries';
import { PersonPicker } from './person-picker';

/** The declaration's owner, with Assign to me and Unassign, and for supervisors a person picker. */
export function AssignmentControl({ declarationId, lrn, roles }: { declarationId: string; lrn: string; roles: readonly Role[] }) {
  const { t } = useTranslation('declarations');
  const me = useQuery(meQueryOptions());
  const owners = useQuery(assignmentsQueryOptions([declarationId]));
  const assign = useAssign();
  const unassign = useUnassign();
  const owner = owners.data?.get(declarationId);
  const mayWork = isAllowed(roles, 'PUT /api/assignments/{declarationId}');
  const supervisor = roles.includes('supervisor');
  const mine = owner !== undefined && owner.ownerSub === me.data?.sub;
  const busy = assign.isPending || unassign.isPending;
  const error = assign.error ?? unassign.error;

  return (
    <Stack gap={4} component="section" aria-label={t('assignment.label')}>
      <Group gap="xs" wrap="wrap">
        <Text size="sm" data-testid="declaration-owner">
          {owners.isPending ? (
            t('assignment.loading')
          ) : owner ? (
            <>
              {t('assignment.owner')} <strong>{mine ? t('assignment.you', { name: owner.ownerName }) : owner.ownerName}</strong>
            </>
          ) : (
            t('assignment.none')
          )}
        </Text>
        {owner && (
          <Text size="xs" c="dimmed">
            {t('assignment.since')} <time dateTime={owner.assignedAt}>{formatDateTime(owner.assignedAt)}</time>
          </Text>
        )}
        {mayWork && me.data && !mine && (owner === undefined || supervisor) && (
          <Button
            size="xs"
            loading={assign.isPending}
            disabled={busy}
            onClick={() => me.data && assign.mutate({ declarationId, ownerSub: me.data.sub })}
          >
            {t('assignment.assignToMe')}
          </Button>
        )}
        {mayWork && owner && (mine || supervisor) && (
          <Button size="xs" variant="default" loading={unassign.isPending} disabled={busy} onClick={() => unassign.mutate(declarationId)}>
            {t('assignment.unassign')}
          </Button>
        )}
      </Group>
      {supervisor && (
        <PersonPicker
          label={t('assignment.assignLrnTo', { lrn })}
          exclude={owner?.ownerSub}
          disabled={busy}
          onPick={(ownerSub) => assign.mutate({ declarationId, ownerSub })}
        />
      )}
      {owners.isError && <ProblemAlert error={owners.error} title={t('assignment.loadFailed')} onRetry={() => void owners.refetch()} />}
      {error && <ProblemAlert error={error} title={t('assignment.changeFailed')} />}
    </Stack>
  );
}
