import { useTranslation } from '../../../../lib/i18n/use-translation';
import { DELAY_EXPLANATIONS, DELAY_MESSAGE_ROLES } from '../../../../contract/code-lists/emcs';
import { delayForDeliveryBodySchema } from '../../../../contract/declaration-actions';
import { EMCS_NEEDS } from '../../../../contract/emcs-needs';
import { ActionFormLayout } from './action-form-layout';
import { completeMessage } from '../../model/actions/complete-message';
import type { ActionDialogProps } from '../../model/actions/action-dialog-props';
import type { FieldCatalogue } from '../../model/actions/field-catalogue';
import { CodeSelectField, LanguageField, TextAreaField } from '../../../../components/form-fields';
import { useActionForm } from '../../model/actions/use-action-form';

interface DelayForm {
  explanationCode?: string;
  messageRole?: string;
  complementaryInformation?: string;
  complementaryInformationLanguage?: string;
}

const FIELDS: FieldCatalogue = [
  { path: 'messageRole', label: 'Delay concerns' },
  { path: 'explanationCode', label: 'Explanation' },
  { path: 'complementaryInformation', label: 'Complementary information' },
  { path: 'complementaryInformationLanguage', label: 'Language of the complementary information' },
];
const EMPTY: DelayForm = {};
/** Both codes are asked for: EMCS needs them. */
const MESSAGE = completeMessage(delayForDeliveryBodySchema, EMCS_NEEDS.delayForDelivery);

/** Explanation on delay (IE837). */
export function DelayForDeliveryDialog({ declaration, onAccepted, onCancel, onRestart }: ActionDialogProps) {
  const { t } = useTranslation('actions');
  const state = useActionForm({
    declarationId: declaration.declarationId,
    action: 'delayForDelivery',
    schema: MESSAGE,
    catalogue: FIELDS,
    defaults: EMPTY,
    onAccepted,
    onRestart,
  });
  const { control } = state.form;
  return (
    <ActionFormLayout state={state} precondition={t('preconditions.delayForDelivery')} submitLabel={t('delay.submit')} onCancel={onCancel}>
      <CodeSelectField control={control} name="messageRole" label={t('delay.concerns')} codes={DELAY_MESSAGE_ROLES} required />
      <CodeSelectField control={control} name="explanationCode" label={t('delay.explanation')} codes={DELAY_EXPLANATIONS} required />
      <TextAreaField
        control={control}
        name="complementaryInformation"
        label={t('common.complementaryInformation')}
        maxLength={350}
        description={t('delay.requiredWithOther')}
      />
      <LanguageField control={control} name="complementaryInformationLanguage" label={t('common.complementaryLanguage')} />
    </ActionFormLayout>
  );
}
