import { List, Loader, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { ProblemAlert } from '../../../components/problem-alert';
import { approvalPolicyQueryOptions } from '../../../lib/approval-policy-query';
import { ruleText } from '../model/approval-wording';

/** The policy in force, read-only: what waits for a second person, and for how long. */
export function ApprovalPolicyPanel() {
  const policy = useQuery(approvalPolicyQueryOptions());
  if (policy.isPending) return <Loader size="sm" aria-label="Loading the approval policy" />;
  if (policy.isError)
    return <ProblemAlert error={policy.error} title="The approval policy could not be read" onRetry={() => void policy.refetch()} />;
  const { rules } = policy.data.policy;
  if (rules.length === 0) return <Text size="sm">No approval policy is configured: every call goes to customs at once.</Text>;
  return (
    <>
      <List size="sm" type="ordered" data-testid="approval-policy">
        {rules.map((rule, i) => (
          <List.Item key={`${rule.operation}-${i}`}>
            {ruleText(rule)}
            {rule.description ? ` (${rule.description})` : ''}
          </List.Item>
        ))}
      </List>
      <Text size="xs" c="dimmed" mt={4}>
        A request nobody decides on expires after {policy.data.expiryHours} hours. Nobody approves their own request.
      </Text>
    </>
  );
}
