import { Stack, Text, Textarea, Title } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { useRef, useState, type FormEvent } from 'react';
import { isOutOfCredits, RunCreditNotice, RunStartFailure } from '../../../components/run-credit-notice';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { ScopeGatedButton } from '../../../components/scope-gated-button';
import { descriptionSchema } from '../../../contract/classification';
import { isAllowed } from '../../../contract/operations';
import { formatCommodityCode } from '../../../contract/tariff';
import type { Role } from '../../../contract/user-claims';
import { formatQuantity } from '../../../lib/format';
import { useMissingScope } from '../../../lib/scope-gate';
import { useClassifyDescription } from '../../../lib/classification-run';

/**
 * "Classify a description" on a CN line's page (analysts, when the tenant holds the classification
 * scope): a new classification item for the description and an EU run that also verifies this
 * code; the item's page then shows the proposals and whether the code is supported.
 */
export function ClassifyDescription({ code, roles }: { code: string; roles: readonly Role[] }) {
  const { t } = useTranslation('tariff');
  const navigate = useNavigate();
  const [description, setDescription] = useState('');
  const [error, setError] = useState<string>();
  const classify = useClassifyDescription();
  const missing = useMissingScope('create:classifications');
  // Set on the first click, before React re-renders: a double click must not pay for two runs.
  const submitting = useRef(false);
  if (!isAllowed(roles, 'POST /v1/classifications/items') || !isAllowed(roles, 'POST /v1/classifications/items/{itemId}/classifications'))
    return null;
  const noCredits = isOutOfCredits(classify.error);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (submitting.current) return;
    const parsed = descriptionSchema.safeParse(description.trim());
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      // The schema's own messages are English; the form says the same in the user's language.
      setError(
        issue?.code === 'too_big'
          ? t('classify.tooLong', { max: formatQuantity(Number(issue.maximum)) })
          : issue
            ? t('classify.blank')
            : t('classify.describe'),
      );
      return;
    }
    setError(undefined);
    submitting.current = true;
    classify.mutate(
      { item: { externalReference: `TARIFF-${code}-${Date.now()}`, description: parsed.data }, run: { jurisdiction: 'EU', code } },
      {
        onSuccess: ({ itemId }) => void navigate({ to: '/classification/items/$itemId', params: { itemId } }),
        onSettled: () => {
          submitting.current = false;
        },
      },
    );
  };

  return (
    <section aria-labelledby="tariff-classify-heading">
      <Title order={2} size="h3" id="tariff-classify-heading">
        {t('classify.heading')}
      </Title>
      <form onSubmit={submit} noValidate aria-label={t('classify.heading')}>
        <Stack gap="sm" maw={640}>
          <Text size="sm" c="dimmed">
            {t('classify.intro', { code: formatCommodityCode(code) })}
          </Text>
          <RunCreditNotice />
          <Textarea
            label={t('classify.descriptionLabel')}
            description={t('classify.descriptionHelp')}
            autosize
            minRows={2}
            value={description}
            onChange={(e) => setDescription(e.currentTarget.value)}
            error={error}
          />
          {classify.isError && <RunStartFailure error={classify.error} />}
          <div>
            <ScopeGatedButton missing={missing} type="submit" loading={classify.isPending} disabled={noCredits}>
              {t('classify.submit')}
            </ScopeGatedButton>
          </div>
        </Stack>
      </form>
    </section>
  );
}
