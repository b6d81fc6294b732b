import { Badge, Button, Card, Group, List, Loader, Stack, Text, Textarea } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from '../../../lib/i18n/use-translation';
import type { ApprovalRequest } from '../../../contract/approvals';
import type { Role } from '../../../contract/user-claims';
import { DeclarationLink } from '../../../components/declaration-link';
import { DeclarationReviewSummary } from '../../../components/declaration-review-summary';
import { ProblemAlert } from '../../../components/problem-alert';
import { formatDateTime, formatQuantity } from '../../../lib/format';
import { useApprovalDecision, type ApprovalDecision } from '../api/approvals.mutations';
import { requestedDeclarationQueryOptions } from '../api/approvals.queries';
import { ageText, operationLabel, outcomeText, rolesText, STATUS_COLORS } from '../model/approval-wording';

function RequestedDeclaration({ declarationId }: { declarationId: string }) {
  const { t } = useTranslation('approvals');
  const declaration = useQuery(requestedDeclarationQueryOptions(declarationId));
  if (declaration.isPending) return <Loader size="sm" aria-label={t('card.loadingDeclaration')} />;
  if (declaration.isError)
    return <ProblemAlert error={declaration.error} title={t('card.declarationFailed')} onRetry={() => void declaration.refetch()} />;
  return <DeclarationReviewSummary declaration={declaration.data} withStatement={false} />;
}

/** One request of the queue: what is asked, by whom, why it is held, the declaration, and the decision. */
export function ApprovalRequestCard({ request: r, roles, mine }: { request: ApprovalRequest; roles: readonly Role[]; mine: boolean }) {
  const { t } = useTranslation('approvals');
  const decide = useApprovalDecision();
  const [comment, setComment] = useState('');
  const [missingReason, setMissingReason] = useState(false);
  const commentField = useRef<HTMLTextAreaElement>(null);
  const color = STATUS_COLORS[r.status];
  const label = operationLabel(r.operation, t);
  const approvers = rolesText(r.rule.approverRoles, t);
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
              {t('card.heading', { operation: label })} <DeclarationLink declarationId={r.declarationId} prefix="LRN " />
            </Text>
            <Text size="sm" c="dimmed">
              {t('card.asked', {
                name: r.requester.name,
                mine: mine ? 'yes' : 'no',
                age: ageText(r.ageSeconds, t),
                created: formatDateTime(r.createdAt),
                expires: formatDateTime(r.expiresAt),
              })}
            </Text>
          </Stack>
          {/* Text darkened as the status badges do: light yellow and orange badges are too faint otherwise. */}
          <Badge
            color={color}
            variant="light"
            radius="sm"
            tt="none"
            style={{ color: `color-mix(in srgb, var(--mantine-color-${color}-9) 70%, black)` }}
          >
            {t(`status.${r.status}`)}
          </Badge>
        </Group>
        <div>
          <Text size="xs" c="dimmed">
            {r.rule.description
              ? t('card.heldByDescribed', { index: formatQuantity(r.rule.index + 1), description: r.rule.description, roles: approvers })
              : t('card.heldBy', { index: formatQuantity(r.rule.index + 1), roles: approvers })}
          </Text>
          {r.facts.length > 0 && (
            // The facts as the BFF recorded them with the request, in English.
            <List size="sm" spacing={0} lang="en">
              {r.facts.map((f) => (
                <List.Item key={f.condition}>
                  {f.condition}: <b>{f.value}</b>
                </List.Item>
              ))}
            </List>
          )}
        </div>
        {r.status === 'pending' ? <RequestedDeclaration declarationId={r.declarationId} /> : <Text size="sm">{outcomeText(r, t)}</Text>}
        {decide.error && <ProblemAlert error={decide.error} title={t('card.decisionFailed')} />}
        {r.status === 'pending' && mayDecide && (
          <Stack gap="xs">
            <Textarea
              ref={commentField}
              label={t('card.comment')}
              description={t('card.commentHelp')}
              value={comment}
              onChange={(e) => setComment(e.currentTarget.value)}
              error={missingReason ? t('card.reasonNeeded') : undefined}
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
                {t('card.approve')}
              </Button>
              <Button
                color="red"
                variant="light"
                onClick={() => send('reject')}
                loading={decide.isPending && decide.variables.decision === 'reject'}
                disabled={decide.isPending}
              >
                {t('card.reject')}
              </Button>
            </Group>
          </Stack>
        )}
        {r.status === 'pending' && mine && (
          <Group>
            <Button variant="default" onClick={() => send('withdraw')} loading={decide.isPending}>
              {t('card.withdraw')}
            </Button>
            <Text size="sm" c="dimmed">
              {t('card.othersDecide')}
            </Text>
          </Group>
        )}
      </Stack>
    </Card>
  );
}
