import { useTranslation } from '../../../../lib/i18n/use-translation';
import { Divider, Fieldset, SimpleGrid, Stack } from '@mantine/core';
import { useState } from 'react';
import { useFieldArray } from 'react-hook-form';
import { complementaryExplanationBodySchema } from '../../../../contract/declaration-actions';
import { ActionFormLayout } from './action-form-layout';
import type { ActionDialogProps } from '../../model/actions/action-dialog-props';
import {
  COMPLEMENTARY_EXPLANATION_FIELDS,
  complementaryExplanationDefaults,
  complementaryExplanationFormSchema,
  withExplainedItemsOnly,
} from '../../model/actions/complementary-explanation-form';
import { LanguageField, NumberField, TextAreaField } from '../../../../components/form-fields';
import { useActionForm } from '../../model/actions/use-action-form';

/** Explanation on shortage or excess (IE871); kept as a draft until sent. */
export function ComplementaryExplanationDialog({ declaration, onAccepted, onCancel, onRestart }: ActionDialogProps) {
  const { t } = useTranslation('actions');
  const [defaults] = useState(() => complementaryExplanationDefaults(declaration));
  const state = useActionForm({
    declarationId: declaration.declarationId,
    action: 'complementaryExplanation',
    schema: complementaryExplanationBodySchema,
    catalogue: COMPLEMENTARY_EXPLANATION_FIELDS,
    defaults,
    draftSchema: complementaryExplanationFormSchema,
    toRequest: (body) => ({ action: 'complementaryExplanation', body: withExplainedItemsOnly(body) }),
    onAccepted,
    onRestart,
  });
  const { control } = state.form;
  const rows = useFieldArray({ control, name: 'governmentAgencyGoodsItems' });
  return (
    <ActionFormLayout
      state={state}
      precondition={t('preconditions.complementaryExplanation')}
      submitLabel={t('explanation.submit')}
      onCancel={onCancel}
    >
      <TextAreaField
        control={control}
        name="exciseGoodsShipment.analysis.globalExplanation"
        label={t('explanation.explanation')}
        maxLength={999}
        required
      />
      <LanguageField
        control={control}
        name="exciseGoodsShipment.analysis.globalExplanationLanguage"
        label={t('explanation.language')}
        required
      />
      <Divider label={t('explanation.perItem')} labelPosition="left" />
      <Stack gap="sm">
        {rows.fields.map((row, index) => (
          <Fieldset
            key={row.id}
            legend={t('explanation.itemLegend', { number: index + 1, label: t('common.casReference'), reference: row.casReference })}
            variant="filled"
          >
            <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
              <TextAreaField
                control={control}
                name={`governmentAgencyGoodsItems.${index}.exciseGoodsItem.bodyAnalysis.explanation`}
                label={t('explanation.explanation')}
                maxLength={350}
              />
              <LanguageField
                control={control}
                name={`governmentAgencyGoodsItems.${index}.exciseGoodsItem.bodyAnalysis.explanationLanguage`}
                label={t('explanation.language')}
              />
              <NumberField
                control={control}
                name={`governmentAgencyGoodsItems.${index}.exciseGoodsItem.bodyAnalysis.actualQuantity`}
                label={t('explanation.actualQuantity')}
              />
            </SimpleGrid>
          </Fieldset>
        ))}
      </Stack>
    </ActionFormLayout>
  );
}
