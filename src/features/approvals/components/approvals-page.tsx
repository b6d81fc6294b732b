import { Loader, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/i18n/use-translation';
import type { Role } from '../../../contract/user-claims';
import { ProblemAlert } from '../../../components/problem-alert';
import { formatQuantity } from '../../../lib/format';
import { approvalsQueryOptions } from '../api/approvals.queries';
import { ApprovalPolicyPanel } from './approval-policy-panel';
import { ApprovalRequestCard } from './approval-request-card';

/** /approvals: the four-eyes queue, pending first, and the policy that fills it. */
export function ApprovalsPage({ roles }: { roles: readonly Role[] }) {
  const { t } = useTranslation('approvals');
  const list = useQuery(approvalsQueryOptions());
  const pending = list.data?.requests.filter((r) => r.status === 'pending') ?? [];
  const decided = list.data?.requests.filter((r) => r.status !== 'pending') ?? [];
  return (
    <Stack>
      <div>
        <Title order={1}>{t('page.title')}</Title>
        <Text c="dimmed">{t('page.intro')}</Text>
      </div>
      <section aria-labelledby="policy-heading">
        <Title order={2} size="h3" id="policy-heading">
          {t('page.policy')}
        </Title>
        <ApprovalPolicyPanel />
      </section>
      <section aria-labelledby="pending-heading">
        <Title order={2} size="h3" id="pending-heading">
          {list.data ? t('page.pendingCount', { count: formatQuantity(pending.length) }) : t('page.pending')}
        </Title>
        {list.isPending && <Loader size="sm" aria-label={t('page.loading')} />}
        {list.isError && <ProblemAlert error={list.error} title={t('page.loadFailed')} onRetry={() => void list.refetch()} />}
        {list.data && pending.length === 0 && <Text size="sm">{t('page.nothingPending')}</Text>}
        <Stack gap="sm">
          {pending.map((r) => (
            <ApprovalRequestCard key={r.id} request={r} roles={roles} mine={r.requester.sub === list.data?.viewer.sub} />
          ))}
        </Stack>
      </section>
      {decided.length > 0 && (
        <section aria-labelledby="decided-heading">
          <Title order={2} size="h3" id="decided-heading">
            {t('page.decided')}
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
