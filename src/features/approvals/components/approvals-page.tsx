import { Loader, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { Role } from '../../../contract/user-claims';
import { ProblemAlert } from '../../../components/problem-alert';
import { approvalsQueryOptions } from '../api/approvals.queries';
import { ApprovalPolicyPanel } from './approval-policy-panel';
import { ApprovalRequestCard } from './approval-request-card';

/** /approvals: the four-eyes queue, pending first, and the policy that fills it. */
export function ApprovalsPage({ roles }: { roles: readonly Role[] }) {
  const list = useQuery(approvalsQueryOptions());
  const pending = list.data?.requests.filter((r) => r.status === 'pending') ?? [];
  const decided = list.data?.requests.filter((r) => r.status !== 'pending') ?? [];
  return (
    <Stack>
      <div>
        <Title order={1}>Approvals</Title>
        <Text c="dimmed">
          Filings the approval policy holds until a second person checks them. Nothing is sent to customs before it is approved.
        </Text>
      </div>
      <section aria-labelledby="policy-heading">
        <Title order={2} size="h3" id="policy-heading">
          Policy
        </Title>
        <ApprovalPolicyPanel />
      </section>
      <section aria-labelledby="pending-heading">
        <Title order={2} size="h3" id="pending-heading">
          Awaiting approval{list.data ? ` (${pending.length})` : ''}
        </Title>
        {list.isPending && <Loader size="sm" aria-label="Loading the approval queue" />}
        {list.isError && (
          <ProblemAlert error={list.error} title="The approval queue could not be read" onRetry={() => void list.refetch()} />
        )}
        {list.data && pending.length === 0 && <Text size="sm">Nothing awaits approval.</Text>}
        <Stack gap="sm">
          {pending.map((r) => (
            <ApprovalRequestCard key={r.id} request={r} roles={roles} mine={r.requester.sub === list.data?.viewer.sub} />
          ))}
        </Stack>
      </section>
      {decided.length > 0 && (
        <section aria-labelledby="decided-heading">
          <Title order={2} size="h3" id="decided-heading">
            Decided
          </Title>
          <Stack gap="sm">
            {decided.map((r) => (
              <ApprovalRequestCard key={r.id} request={r} roles={roles} mine={r.requester.sub === list.data?.viewer.sub} />
            ))}
          </Stack>
        </section>
      )}
    </Stack>
  );
}
