import { Text } from '@mantine/core';
import { useTranslation } from '../../../../lib/i18n/use-translation';
import { CANCELLATION_REASONS } from '../../../../contract/code-lists/emcs';
import { emcsInvalidateBodySchema, invalidateBodySchema } from '../../../../contract/declaration-actions';
import { ActionFormLayout } from './action-form-layout';
import { declarationName, type ActionDialogProps } from '../../model/actions/action-dialog-props';
import type { FieldCatalogue } from '../../model/actions/field-catalogue';
import { CodeSelectField, LanguageField, TextAreaField } from '../../../../components/form-fields';
import { useActionForm } from '../../model/actions/use-action-form';

interface InvalidateForm {
  reason?: string;
  complementaryInformation?: string;
  complementaryInformationLanguage?: string;
}

const catalogue = (emcs: boolean): FieldCatalogue => [
  { path: 'reason', label: emcs ? 'Cancellation reason' : 'Reason' },
  { path: 'complementaryInformation', label: 'Complementary information' },
  { path: 'complementaryInformationLanguage', label: 'Language of the complementary information' },
];
const EMCS_FIELDS = catalogue(true);
const CUSTOMS_FIELDS = catalogue(false);
const EMPTY: InvalidateForm = {};

/** Invalidate: an e-AD (with an ARC) is cancelled with a code 0-4; any other declaration with a free-text reason. */
export function InvalidateDialog({ declaration, onAccepted, onCancel, onRestart }: ActionDialogProps) {
  const { t } = useTranslation('actions');
  const emcs = declaration.arc !== null;
  const state = useActionForm({
    declarationId: declaration.declarationId,
    action: 'invalidate',
    schema: emcs ? emcsInvalidateBodySchema : invalidateBodySchema,
    catalogue: emcs ? EMCS_FIELDS : CUSTOMS_FIELDS,
    defaults: EMPTY,
    confirm: true,
    onAccepted,
    onRestart,
  });
  const { control } = state.form;
  return (
    <ActionFormLayout
      state={state}
      precondition={t('preconditions.invalidate')}
      submitLabel={t('invalidate.submit')}
      confirmLabel={t('invalidate.yes')}
      onCancel={onCancel}
      confirmation={
        <Text>
          {emcs
            ? t('invalidate.confirmEmcs', { name: declarationName(declaration) })
            : t('invalidate.confirm', { name: declarationName(declaration) })}
        </Text>
      }
    >
      {emcs ? (
        <CodeSelectField control={control} name="reason" label={t('invalidate.cancellationReason')} codes={CANCELLATION_REASONS} required />
      ) : (
        <TextAreaField control={control} name="reason" label={t('common.reason')} maxLength={350} required />
      )}
      <TextAreaField
        control={control}
        name="complementaryInformation"
        label={t('common.complementaryInformation')}
        maxLength={350}
        description={emcs ? t('common.requiredWithOther') : undefined}
      />
      <LanguageField control={control} name="complementaryInformationLanguage" label={t('common.complementaryLanguage')} />
    </ActionFormLayout>
  );
}
