import { Alert, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ApprovalRequest } from '../../../../contract/approvals';
import { AnchorLink } from '../../../../components/anchor-link';
import { formatDateTime } from '../../../../lib/format';
import { declarationApprovalsQueryOptions } from '../../api/declaration-approvals.queries';

/** A decided request is shown this long after it was asked for; a pending one until it is decided. */
const RECENT_MS = 24 * 3_600_000;

const actionOf = (operation: string) => {
  const segment = operation.split('/').at(-1) ?? '';
  return segment.charAt(0).toUpperCase() + segment.slice(1);
};

function text(r: ApprovalRequest): { title: string; color: string; body: string } {
  const action = actionOf(r.operation);
  const by = r.decision?.by.name ?? 'someone';
  const comment = r.decision?.comment ? ` “${r.decision.comment}”` : '';
  switch (r.status) {
    case 'pending':
      return {
        title: 'Awaiting approval by a supervisor',
        color: 'blue',
        body: `${action} asked for by ${r.requester.name} at ${formatDateTime(r.createdAt)}; nothing has been sent to customs yet.`,
      };
    case 'sending':
    case 'sent':
      return {
        title: `${action} approved`,
        color: 'green',
        body: `Approved by ${by} and sent to customs on behalf of ${r.requester.name}.${comment}`,
      };
    case 'failed':
      return {
        title: `${action} approved, but not taken`,
        color: 'red',
        body: `Approved by ${by}; the service answered: ${r.outcomeDetail ?? `HTTP ${r.upstreamStatus ?? '?'}`}`,
      };
    case 'rejected':
      return { title: `${action} rejected`, color: 'red', body: `Rejected by ${by}:${comment || ' no reason given.'}` };
    case 'withdrawn':
      return { title: `${action} withdrawn`, color: 'gray', body: `Withdrawn by ${by}; nothing was sent.` };
    case 'expired':
      return { title: `${action} request expired`, color: 'gray', body: 'Nobody decided in time; nothing was sent.' };
  }
}

/** The four-eyes state of this declaration: "awaiting approval by a supervisor", then the outcome, in a live region. */
export function ApprovalStatusBanner({ declarationId }: { declarationId: string }) {
  const approvals = useQuery(declarationApprovalsQueryOptions(declarationId));
  const latest =
    approvals.data?.requests.find((r) => r.status === 'pending') ?? approvals.data?.requests.find((r) => r.ageSeconds * 1000 < RECENT_MS);
  const shown = latest && text(latest);
  return (
    <div role="status" aria-live="polite" data-testid="approval-status">
      {shown && (
        <Alert color={shown.color} variant="light" title={shown.title}>
          <Text size="sm">{shown.body}</Text>
          <AnchorLink to="/approvals" size="sm">
            Open approvals
          </AnchorLink>
        </Alert>
      )}
    </div>
  );
}
