import { Alert, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { TFunction } from '../../../../lib/i18n/message-keys';
import { useTranslation } from '../../../../lib/i18n/use-translation';
import type { ApprovalRequest } from '../../../../contract/approvals';
import { DECLARATION_ACTIONS, type DeclarationAction } from '../../../../contract/declaration-actions';
import { AnchorLink } from '../../../../components/anchor-link';
import { formatDateTime } from '../../../../lib/format';
import { declarationApprovalsQueryOptions } from '../../api/declaration-approvals.queries';

/** A decided request is shown this long after it was asked for; a pending one until it is decided. */
const RECENT_MS = 24 * 3_600_000;

const isAction = (segment: string): segment is DeclarationAction => Object.hasOwn(DECLARATION_ACTIONS, segment);

/** The action's name in the user's language; an operation the console does not know by its last segment. */
const actionOf = (operation: string, t: TFunction<'declaration'>) => {
  const segment = operation.split('/').at(-1) ?? '';
  if (isAction(segment) && DECLARATION_ACTIONS[segment].segment === segment) return t(`actionNames.${segment}`);
  return segment.charAt(0).toUpperCase() + segment.slice(1);
};

function text(r: ApprovalRequest, t: TFunction<'declaration'>): { title: string; color: string; body: string } {
  const action = actionOf(r.operation, t);
  const by = r.decision?.by.name ?? t('approval.someone');
  const comment = r.decision?.comment ?? '';
  const withComment = comment ? 'yes' : 'no';
  switch (r.status) {
    case 'pending':
      return {
        title: t('approval.pendingTitle'),
        color: 'blue',
        body: t('approval.pendingBody', { action, name: r.requester.name, time: formatDateTime(r.createdAt) }),
      };
    case 'sending':
    case 'sent':
      return {
        title: t('approval.approvedTitle', { action }),
        color: 'green',
        body: t('approval.approvedBody', { by, name: r.requester.name, withComment, comment }),
      };
    case 'failed':
      return {
        title: t('approval.failedTitle', { action }),
        color: 'red',
        body: t('approval.failedBody', { by, answer: r.outcomeDetail ?? `HTTP ${r.upstreamStatus ?? '?'}` }),
      };
    case 'rejected':
      return {
        title: t('approval.rejectedTitle', { action }),
        color: 'red',
        body: t('approval.rejectedBody', { by, withComment, comment }),
      };
    case 'withdrawn':
      return { title: t('approval.withdrawnTitle', { action }), color: 'gray', body: t('approval.withdrawnBody', { by }) };
    case 'expired':
      return { title: t('approval.expiredTitle', { action }), color: 'gray', body: t('approval.expiredBody') };
  }
}

/** The four-eyes state of this declaration: "awaiting approval by a supervisor", then the outcome, in a live region. */
export function ApprovalStatusBanner({ declarationId }: { declarationId: string }) {
  const { t } = useTranslation('declaration');
  const approvals = useQuery(declarationApprovalsQueryOptions(declarationId));
  const latest =
    approvals.data?.requests.find((r) => r.status === 'pending') ?? approvals.data?.requests.find((r) => r.ageSeconds * 1000 < RECENT_MS);
  const shown = latest && text(latest, t);
  return (
    <div role="status" aria-live="polite" data-testid="approval-status">
      {shown && (
        <Alert color={shown.color} variant="light" title={shown.title}>
          <Text size="sm">{shown.body}</Text>
          <AnchorLink to="/approvals" size="sm">
            {t('approval.open')}
          </AnchorLink>
        </Alert>
      )}
    </div>
  );
}
