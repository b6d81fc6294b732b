import { Alert, Button, Group, List, Loader, Modal, Stack, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { approvalPolicyQueryOptions } from '../../../../lib/approval-policy-query';
import { ProblemAlert } from '../../../../components/problem-alert';
import { declarationQueryOptions } from '../../api/declarations.queries';
import { previewBulkSubmit } from '../../model/review/bulk-preview';
import type { BulkPlan } from '../../model/review/bulk-runner';
import type { BulkTarget } from './bulk-bar';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * The review before a bulk Submit: "n will be submitted, m need approval, k skipped (why)", read
 * from each declaration and the approval policy before anything is sent.
 */
export function BulkSubmitReview({
  plan,
  onConfirm,
  onCancel,
}: {
  plan: BulkPlan<BulkTarget> | undefined;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const queryClient = useQueryClient();
  const preview = useQuery({
    queryKey: ['bulk-submit-preview', plan],
    enabled: plan !== undefined,
    gcTime: 0,
    queryFn: async () => {
      const { policy } = await queryClient.fetchQuery(approvalPolicyQueryOptions());
      return previewBulkSubmit(plan ?? { runnable: [], skipped: [] }, policy, (id) => queryClient.fetchQuery(declarationQueryOptions(id)));
    },
  });
  const p = preview.data;
  return (
    <Modal
      opened={plan !== undefined}
      onClose={onCancel}
      title="Review before bulk Submit"
      size="lg"
      closeOnClickOutside={false}
      closeButtonProps={{ 'aria-label': 'Close dialog' }}
    >
      <Stack gap="sm" data-testid="bulk-submit-review">
        {preview.isPending && <Loader size="sm" aria-label="Checking the selected declarations" />}
        {preview.isError && (
          <ProblemAlert error={preview.error} title="The selection could not be checked" onRetry={() => void preview.refetch()} />
        )}
        {p && (
          <>
            <Text fw={600} role="status">
              {plural(p.submitted.length, 'declaration', 'declarations')} will be submitted, {p.approval.length} need approval,{' '}
              {p.skipped.length} skipped.
            </Text>
            {p.approval.length > 0 && (
              <Alert color="blue" variant="light" title="Sent for approval by a supervisor">
                <List size="sm">
                  {p.approval.map(({ target, reason }) => (
                    <List.Item key={target.declarationId}>
                      {target.lrn}: {reason}
                    </List.Item>
                  ))}
                </List>
              </Alert>
            )}
            {p.skipped.length > 0 && (
              <div>
                <Text size="sm" fw={600}>
                  Skipped
                </Text>
                <List size="sm">
                  {p.skipped.map(({ target, reason }) => (
                    <List.Item key={target.declarationId}>
                      {target.lrn}: {reason}
                    </List.Item>
                  ))}
                </List>
              </div>
            )}
          </>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel} data-autofocus>
            Cancel
          </Button>
          <Button color="red" onClick={onConfirm} disabled={!p || p.submitted.length + p.approval.length === 0}>
            {p ? `Submit ${p.submitted.length}${p.approval.length ? `, send ${p.approval.length} for approval` : ''}` : 'Submit'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
