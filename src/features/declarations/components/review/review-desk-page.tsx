import { Skeleton, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from '../../../../lib/i18n/use-translation';
import { isAllowed } from '../../../../contract/operations';
import type { Role } from '../../../../contract/user-claims';
import { ProblemAlert } from '../../../../components/problem-alert';
import { reviewSummaryQueryOptions } from '../../api/review.queries';
import { BulkRunsList } from './bulk-runs-list';
import { ErrorGroupPanel } from './error-group-panel';
import { ErrorGroupsTable } from './error-groups-table';
import { IndexStatus } from './index-status';
import { useReviewLive } from '../../model/review/use-review-live';

interface Props {
  roles: readonly Role[];
  /** From the address (?code=): the open error code. */
  code: string | undefined;
  onOpenCode: (code: string | undefined) => void;
}

/**
 * The supervisors' review desk: the errors behind the Invalid and Customs error piles, grouped by
 * code (service validation apart from customs authority codes), each with the team's notes and
 * bulk Validate/Submit on its declarations.
 */
export function ReviewDeskPage({ roles, code, onOpenCode }: Props) {
  const { t } = useTranslation('review');
  useDocumentTitle(t('page.documentTitle'));
  useReviewLive();
  const summary = useQuery(reviewSummaryQueryOptions());
  const groups = summary.data?.groups ?? [];
  const open = groups.find((g) => g.errorCode === code);

  // Opening a code brings its panel (below the tables) into view and moves focus to it, so every user lands there.
  useEffect(() => {
    if (!open) return;
    document
      .getElementById(`group-panel-${open.errorCode}`)
      ?.scrollIntoView({ block: 'start', behavior: window.matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth' });
    document.getElementById(`group-${open.errorCode}`)?.focus({ preventScroll: true });
  }, [open?.errorCode]); // eslint-disable-line react-hooks/exhaustive-deps

  if (!isAllowed(roles, 'GET /api/review')) {
    return (
      <Stack>
        <Title order={1}>{t('page.title')}</Title>
        <Text>{t('page.supervisorsOnly')}</Text>
      </Stack>
    );
  }

  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>{t('page.title')}</Title>
        <Text c="dimmed">{t('page.intro')}</Text>
      </div>
      {summary.isPending && <Skeleton height={200} />}
      {summary.isError && <ProblemAlert error={summary.error} title={t('page.loadFailed')} onRetry={() => void summary.refetch()} />}
      {summary.data && (
        <>
          <IndexStatus
            declarations={summary.data.declarations}
            rebuild={summary.data.rebuild}
            complete={summary.data.complete}
            canRebuild={isAllowed(roles, 'POST /api/review/rebuild')}
          />
          <ErrorGroupsTable
            id="groups-validation"
            title={t('page.validationTitle')}
            hint={t('page.validationHint')}
            groups={groups.filter((g) => g.kind === 'validation')}
            complete={summary.data.complete}
            selected={code}
            onOpen={onOpenCode}
          />
          <ErrorGroupsTable
            id="groups-customs"
            title={t('page.customsTitle')}
            hint={t('page.customsHint')}
            groups={groups.filter((g) => g.kind === 'customs')}
            complete={summary.data.complete}
            selected={code}
            onOpen={onOpenCode}
          />
          {open && <ErrorGroupPanel key={open.errorCode} group={open} roles={roles} />}
          <BulkRunsList />
        </>
      )}
    </Stack>
  );
}
