import { Alert, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from '../../../../lib/i18n/use-translation';
import { AnchorLink } from '../../../../components/anchor-link';
import { isOutOfCredits, RunCreditNotice, RunStartFailure } from '../../../../components/run-credit-notice';
import { ScopeGatedButton } from '../../../../components/scope-gated-button';
import { descriptionSchema, type Jurisdiction } from '../../../../contract/classification';
import type { CodeCheck } from '../../../../contract/code-checks';
import { isAllowed } from '../../../../contract/operations';
import { formatCommodityCode, normaliseCommodityCode } from '../../../../contract/tariff';
import type { Role } from '../../../../contract/user-claims';
import { classificationOfGoodsItemsQueryOptions } from '../../api/classification-links.queries';
import { codeCheckQueryOptions, useCheckGoodsItemCode } from '../../api/code-check.mutations';
import { useMissingScope } from '../../../../lib/scope-gate';
import { CodeCheckAnswer } from './code-check-answer';

export interface CheckThisCodeProps {
  declarationId: string;
  /** The goods item checked; the BFF files its description under the item's article id or LRN/number. */
  sequenceNumber: number;
  /** The declaration's classification jurisdiction, as the BFF reads it too (classificationJurisdictionOf). */
  jurisdiction: Jurisdiction;
  /** The code and description as they stand in the form now. */
  code: string;
  description: string;
  roles: readonly Role[];
  /** Takes a proposed code into the goods item form; undefined when the form cannot be changed. */
  onUse: ((code: string) => void) | undefined;
}

/**
 * "Check this code" on a goods item: the BFF runs the service's classification for the item's
 * description (filed as a classification item, one run that also verifies the declared code; the
 * credit shown first, as "Classify a description" does) and the answer says whether the declared
 * code is among the proposals, offering the best one to take into the form when it is not.
 */
export function CheckThisCode({ declarationId, sequenceNumber, jurisdiction, code, description, roles, onUse }: CheckThisCodeProps) {
  const { t } = useTranslation('declaration');
  const classify = useCheckGoodsItemCode();
  const queryClient = useQueryClient();
  const missing = useMissingScope('create:classifications');
  const [error, setError] = useState<string>();
  const [checked, setChecked] = useState<CodeCheck>();
  // Set on the first click, before React re-renders: a double click must not pay for two runs.
  const submitting = useRef(false);
  const run = useQuery({ ...codeCheckQueryOptions(checked?.checkId ?? ''), enabled: checked !== undefined });
  if (!isAllowed(roles, 'POST /api/code-checks') || !isAllowed(roles, 'GET /api/code-checks/{checkId}')) return null;
  const mayOpenItem = isAllowed(roles, 'GET /v1/classifications/items/{itemId}');

  const declared = normaliseCommodityCode(code);
  const start = () => {
    if (submitting.current) return;
    const parsed = descriptionSchema.safeParse(description.trim());
    if (!parsed.success) {
      setError(t('check.describeFirst'));
      return;
    }
    setError(undefined);
    submitting.current = true;
    classify.mutate(
      { declarationId, sequenceNumber, description: parsed.data, code: declared },
      {
        onSuccess: (started) => {
          setChecked(started);
          // The goods item may now have a classification item to link to.
          void queryClient.invalidateQueries({ queryKey: classificationOfGoodsItemsQueryOptions(declarationId).queryKey });
        },
        onSettled: () => {
          submitting.current = false;
        },
      },
    );
  };

  const verdict = run.data?.verdict ?? undefined;
  const checking = classify.isPending || (checked !== undefined && run.data?.status !== 'Completed' && run.data?.status !== 'Error');
  const shown = checked ? formatCommodityCode(checked.code) || t('check.noCode') : '';

  return (
    <section aria-labelledby="check-code-heading">
      <Stack gap="sm">
        <Title order={3} size="h4" id="check-code-heading">
          {t('check.heading')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('check.intro', { jurisdiction })}
        </Text>
        <RunCreditNotice />
        {error && (
          <Text size="sm" c="red.8" role="alert">
            {error}
          </Text>
        )}
        {classify.isError && <RunStartFailure error={classify.error} />}
        <div>
          <ScopeGatedButton
            missing={missing}
            type="button"
            variant="light"
            onClick={start}
            loading={classify.isPending}
            disabled={isOutOfCredits(classify.error) || checking}
          >
            {t('check.button')}
          </ScopeGatedButton>
        </div>
        <div role="status" aria-live="polite">
          {checking && (
            <Group gap="xs">
              <Loader size="xs" aria-hidden="true" />
              <Text size="sm">{t('check.checking', { code: shown })}</Text>
            </Group>
          )}
          {run.data?.status === 'Error' && (
            <Alert color="red" title={t('check.didNotFinish')}>
              {run.data.message ?? t('check.runError')}
            </Alert>
          )}
          {verdict && checked && <CodeCheckAnswer shown={shown} verdict={verdict} onUse={onUse} />}
        </div>
        {checked && mayOpenItem && (
          <Text size="sm">
            <AnchorLink to="/classification/items/$itemId" params={{ itemId: checked.itemId }}>
              {t('check.openItem')}
            </AnchorLink>
          </Text>
        )}
      </Stack>
    </section>
  );
}
