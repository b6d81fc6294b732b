import { Alert, Button, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../../lib/i18n/use-translation';
import type { Role } from '../../../contract/user-claims';
import { isAllowed } from '../../../contract/operations';
import { ProblemAlert } from '../../../components/problem-alert';
import { coverageMatrix, type CoverageCell } from '../model/coverage';
import { useSubscriptionRows, type LoadedRow } from '../model/use-subscription-rows';
import { CoverageMatrix } from './coverage-matrix';
import { DeleteSubscriptionDialog } from './delete-subscription-dialog';
import { DeliveryHelp } from './delivery-help';
import { SubscriptionFormDialog } from './subscription-form-dialog';
import { SubscriptionsTable } from './subscriptions-table';

type Dialog = { kind: 'create'; gap?: CoverageCell } | { kind: 'replace'; row: LoadedRow } | { kind: 'delete'; row: LoadedRow };

interface Props {
  roles: readonly Role[];
  /** The console's origin: its live-updates subscription delivers to `<origin>/webhooks/customs`. */
  origin: string;
}

export function SubscriptionsPage({ roles, origin }: Props) {
  const { t } = useTranslation('subscriptions');
  const canCreate = isAllowed(roles, 'POST /v1/subscriptions');
  const canDelete = isAllowed(roles, 'DELETE /v1/subscriptions/{subscriptionId}');
  const canRead = isAllowed(roles, 'GET /v1/subscriptions');
  const { list, rows } = useSubscriptionRows(origin, canRead);
  // Only once every row's type is known: a half-loaded list would show false gaps.
  const complete = list.isSuccess && rows.every((r) => r.eventType !== undefined);
  const cells = complete ? coverageMatrix(rows) : [];
  const [dialog, setDialog] = useState<Dialog>();
  const [notice, setNotice] = useState<string>();
  const noticeRef = useRef<HTMLDivElement>(null);

  // The row whose button opened the dialog may be gone: move focus to the outcome instead.
  useEffect(() => {
    if (notice) noticeRef.current?.focus();
  }, [notice]);

  const done = (text: string) => {
    setDialog(undefined);
    setNotice(text);
  };

  return (
    <Stack>
      <Group justify="space-between" align="flex-start">
        <div>
          <Title order={1}>{t('page.title')}</Title>
          <Text c="dimmed">{t('page.intro')}</Text>
        </div>
        {canCreate && <Button onClick={() => setDialog({ kind: 'create' })}>{t('page.new')}</Button>}
      </Group>
      {!canRead && (
        <Alert color="gray" title={t('page.notForRole')}>
          {t('page.shownTo')}
        </Alert>
      )}
      {canRead && !canCreate && !canDelete && (
        <Alert color="gray" title={t('page.readOnly')}>
          {t('page.readOnlyText')}
        </Alert>
      )}
      <DeliveryHelp />
      {notice && (
        <Alert
          ref={noticeRef}
          tabIndex={-1}
          color="green"
          role="status"
          withCloseButton
          closeButtonLabel={t('page.dismiss')}
          onClose={() => setNotice(undefined)}
        >
          {notice}
        </Alert>
      )}
      {!canRead ? null : list.isPending ? (
        <Stack gap="xs" aria-busy="true" aria-label={t('page.loading')}>
          <Skeleton height={32} />
          <Skeleton height={32} />
          <Skeleton height={32} />
        </Stack>
      ) : list.isError ? (
        <ProblemAlert error={list.error} title={t('page.notLoaded')} onRetry={() => void list.refetch()} />
      ) : rows.length === 0 ? (
        <Text>{canCreate ? t('page.noneCreate') : t('page.none')}</Text>
      ) : (
        <SubscriptionsTable
          rows={rows}
          canWrite={canCreate && canDelete}
          onReplace={(row) => setDialog({ kind: 'replace', row })}
          onDelete={(row) => setDialog({ kind: 'delete', row })}
        />
      )}
      {canRead && complete && (
        <CoverageMatrix cells={cells} onCreateForGap={canCreate ? (gap) => setDialog({ kind: 'create', gap }) : undefined} />
      )}
      {dialog?.kind === 'create' && (
        <SubscriptionFormDialog
          replacing={undefined}
          prefill={dialog.gap && { eventType: dialog.gap.eventType, eventSubType: dialog.gap.eventSubType }}
          onClose={() => setDialog(undefined)}
          onDone={done}
        />
      )}
      {dialog?.kind === 'replace' && <SubscriptionFormDialog replacing={dialog.row} onClose={() => setDialog(undefined)} onDone={done} />}
      {dialog?.kind === 'delete' && <DeleteSubscriptionDialog row={dialog.row} onClose={() => setDialog(undefined)} onDone={done} />}
    </Stack>
  );
}
