import { Button, Group, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { isAllowed } from '../../../../contract/operations';
import type { Role } from '../../../../contract/user-claims';
import { ProblemAlert } from '../../../../components/problem-alert';
import { formatDateTime } from '../../../../lib/format';
import { useAssign, useUnassign } from '../../api/assignments.mutations';
import { assignmentsQueryOptions, meQueryOptions } from '../../api/assignments.queries';
import { PersonPicker } from './person-picker';

/** The declaration's owner, with Assign to me and Unassign, and for supervisors a person picker. */
export function AssignmentControl({ declarationId, lrn, roles }: { declarationId: string; lrn: string; roles: readonly Role[] }) {
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
    <Stack gap={4} component="section" aria-label="Owner">
      <Group gap="xs" wrap="wrap">
        <Text size="sm" data-testid="declaration-owner">
          {owners.isPending ? (
            'Owner: …'
          ) : owner ? (
            <>
              Owner: <strong>{mine ? `${owner.ownerName} (you)` : owner.ownerName}</strong>
            </>
          ) : (
            'No owner'
          )}
        </Text>
        {owner && (
          <Text size="xs" c="dimmed">
            since <time dateTime={owner.assignedAt}>{formatDateTime(owner.assignedAt)}</time>
          </Text>
        )}
        {mayWork && me.data && !mine && (owner === undefined || supervisor) && (
          <Button
            size="xs"
            loading={assign.isPending}
            disabled={busy}
            onClick={() => me.data && assign.mutate({ declarationId, ownerSub: me.data.sub })}
          >
            Assign to me
          </Button>
        )}
        {mayWork && owner && (mine || supervisor) && (
          <Button size="xs" variant="default" loading={unassign.isPending} disabled={busy} onClick={() => unassign.mutate(declarationId)}>
            Unassign
          </Button>
        )}
      </Group>
      {supervisor && (
        <PersonPicker
          label={`Assign ${lrn} to`}
          exclude={owner?.ownerSub}
          disabled={busy}
          onPick={(ownerSub) => assign.mutate({ declarationId, ownerSub })}
        />
      )}
      {owners.isError && <ProblemAlert error={owners.error} title="The owner could not be loaded" onRetry={() => void owners.refetch()} />}
      {error && <ProblemAlert error={error} title="The owner could not be changed" />}
    </Stack>
  );
}
