import { Alert, Button, Group, List, Loader, Modal, Stack, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../../../lib/i18n/use-translation';
import { approvalPolicyQueryOptions } from '../../../../lib/approval-policy-query';
import { ProblemAlert } from '../../../../components/problem-alert';
import { declarationQueryOptions } from '../../api/declarations.queries';
import { previewBulkSubmit } from '../../model/review/bulk-preview';
import type { BulkPlan } from '../../model/review/bulk-runner';
import type { BulkTarget } from './bulk-bar';

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
  const { t } = useTranslation('review');
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
      title={t('submitReview.title')}
      size="lg"
      closeOnClickOutside={false}
      closeButtonProps={{ 'aria-label': t('submitReview.close') }}
    >
      <Stack gap="sm" data-testid="bulk-submit-review">
        {preview.isPending && <Loader size="sm" aria-label={t('submitReview.checking')} />}
        {preview.isError && (
          <ProblemAlert error={preview.error} title={t('submitReview.checkFailed')} onRetry={() => void preview.refetch()} />
        )}
        {p && (
          <>
            <Text fw={600} role="status">
              {t('submitReview.summary', { submitted: p.submitted.length, approval: p.approval.length, skipped: p.skipped.length })}
            </Text>
            {p.approval.length > 0 && (
              <Alert color="blue" variant="light" title={t('submitReview.approvalTitle')}>
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
                  {t('submitReview.skipped')}
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
            {t('submitReview.cancel')}
          </Button>
          <Button color="red" onClick={onConfirm} disabled={!p || p.submitted.length + p.approval.length === 0}>
            {p
              ? p.approval.length
                ? t('submitReview.confirmWithApproval', { submitted: p.submitted.length, approval: p.approval.length })
                : t('submitReview.confirm', { submitted: p.submitted.length })
              : t('submitReview.submit')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
