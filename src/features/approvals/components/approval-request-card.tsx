import { Badge, Button, Card, Group, List, Loader, Stack, Text, Textarea } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import type { ApprovalRequest } from '../../../contract/approvals';
import type { Role } from '../../../contract/user-claims';
import { DeclarationLink } from '../../../components/declaration-link';
import { DeclarationReviewSummary } from '../../../components/declaration-review-summary';
import { ProblemAlert } from '../../../components/problem-alert';
import { formatDateTime } from '../../../lib/format';
import { useApprovalDecision, type ApprovalDecision } from '../api/approvals.mutations';
import { requestedDeclarationQueryOptions } from '../api/approvals.queries';
import { ageText, operationLabel, outcomeText, STATUS_WORDS } from '../model/approval-wording';

const REASON_NEEDED = 'Say why it is rejected: the requester reads it.';

function RequestedDeclaration({ declarationId }: { declarationId: string }) {
  const declaration = useQuery(requestedDeclarationQueryOptions(declarationId));
  if (declaration.isPending) return <Loader size="sm" aria-label="Loading the declaration" />;
  if (declaration.isError)
    return <ProblemAlert error={declaration.error} title="The declaration could not be read" onRetry={() => void declaration.refetch()} />;
  return <DeclarationReviewSummary declaration={declaration.data} withStatement={false} />;
}

/** One request of the queue: what is asked, by whom, why it is held, the declaration, and the decision. */
export function ApprovalRequestCard({ request: r, roles, mine }: { request: ApprovalRequest; roles: readonly Role[]; mine: boolean }) {
  const decide = useApprovalDecision();
  const [comment, setComment] = useState('');
  const [missingReason, setMissingReason] = useState(false);
  const commentField = useRef<HTMLTextAreaElement>(null);
  const status = STATUS_WORDS[r.status];
  const label = operationLabel(r.operation);
  const headingId = `approval-${r.id}`;
  const mayDecide = !mine && roles.some((role) => r.rule.approverRoles.includes(role));

  const send = (decision: ApprovalDecision) => {
    if (decision === 'reject' && comment.trim() === '') {
      setMissingReason(true);
      commentField.current?.focus();
      return;
    }
    setMissingReason(false);
    decide.mutate({ id: r.id, decision, ...(decision === 'withdraw' ? {} : { comment: comment.trim() || undefined }) });
  };

  return (
    <Card withBorder component="article" aria-labelledby={headingId} data-testid="approval-request">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start">
          <Stack gap={2}>
            <Text fw={700} id={headingId}>
              {label} of <DeclarationLink declarationId={r.declarationId} prefix="LRN " />
            </Text>
            <Text size="sm" c="dimmed">
              Asked by {r.requester.name}
              {mine ? ' (you)' : ''} · {ageText(r.ageSeconds)} ago ({formatDateTime(r.createdAt)}) · expires {formatDateTime(r.expiresAt)}
            </Text>
          </Stack>
          {/* Text darkened as the status badges do: light yellow and orange badges are too faint otherwise. */}
          <Badge
            color={status.color}
            variant="light"
            radius="sm"
            tt="none"
            style={{ color: `color-mix(in srgb, var(--mantine-color-${status.color}-9) 70%, black)` }}
          >
            {status.label}
          </Badge>
        </Group>
        <div>
          <Text size="xs" c="dimmed">
            Held by rule {r.rule.index + 1}
            {r.rule.description ? `: ${r.rule.description}` : ''} (approved by {r.rule.approverRoles.join(' or ')})
          </Text>
          {r.facts.length > 0 && (
            <List size="sm" spacing={0}>
              {r.facts.map((f) => (
                <List.Item key={f.condition}>
                  {f.condition}: <b>{f.value}</b>
                </List.Item>
              ))}
            </List>
          )}
        </div>
        {r.status === 'pending' ? <RequestedDeclaration declarationId={r.declarationId} /> : <Text size="sm">{outcomeText(r)}</Text>}
        {decide.error && <ProblemAlert error={decide.error} title="The decision was not recorded" />}
        {r.status === 'pending' && mayDecide && (
          <Stack gap="xs">
            <Textarea
              ref={commentField}
              label="Comment"
              description="Required to reject; the requester reads it."
              value={comment}
              onChange={(e) => setComment(e.currentTarget.value)}
              error={missingReason ? REASON_NEEDED : undefined}
              autosize
              minRows={2}
              maxLength={2000}
            />
            <Group>
              <Button
                onClick={() => send('approve')}
                loading={decide.isPending && decide.variables.decision === 'approve'}
                disabled={decide.isPending}
              >
                Approve and send
              </Button>
              <Button
                color="red"
                variant="light"
                onClick={() => send('reject')}
                loading={decide.isPending && decide.variables.decision === 'reject'}
                disabled={decide.isPending}
              >
                Reject
              </Button>
            </Group>
          </Stack>
        )}
        {r.status === 'pending' && mine && (
          <Group>
            <Button variant="default" onClick={() => send('withdraw')} loading={decide.isPending}>
              Withdraw
            </Button>
            <Text size="sm" c="dimmed">
              Another person decides on your request.
            </Text>
          </Group>
        )}
      </Stack>
    </Card>
  );
}
