import { List, Loader, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { ProblemAlert } from '../../../components/problem-alert';
import { approvalPolicyQueryOptions } from '../../../lib/approval-policy-query';
import { ruleText } from '../model/approval-wording';

/** The policy in force, read-only: what waits for a second person, and for how long. */
export function ApprovalPolicyPanel() {
  const { t } = useTranslation('approvals');
  const policy = useQuery(approvalPolicyQueryOptions());
  if (policy.isPending) return <Loader size="sm" aria-label={t('policy.loading')} />;
  if (policy.isError) return <ProblemAlert error={policy.error} title={t('policy.loadFailed')} onRetry={() => void policy.refetch()} />;
  const { rules } = policy.data.policy;
  if (rules.length === 0) return <Text size="sm">{t('policy.none')}</Text>;
  return (
    <>
      <List size="sm" type="ordered" data-testid="approval-policy">
        {rules.map((rule, i) => (
          <List.Item key={`${rule.operation}-${i}`}>
            {ruleText(rule, t)}
            {rule.description ? ` (${rule.description})` : ''}
          </List.Item>
        ))}
      </List>
      <Text size="xs" c="dimmed" mt={4}>
        {t('policy.expiry', { count: policy.data.expiryHours })}
      </Text>
    </>
  );
}
