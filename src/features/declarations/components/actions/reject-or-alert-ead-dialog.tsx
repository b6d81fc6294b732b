import { useTranslation } from '../../../../lib/i18n/use-translation';
import { ALERT_OR_REJECTION_REASONS } from '../../../../contract/code-lists/emcs';
import { rejectOrAlertEadBodySchema } from '../../../../contract/declaration-actions';
import { EMCS_NEEDS } from '../../../../contract/emcs-needs';
import { ActionFormLayout } from './action-form-layout';
import { completeMessage } from '../../model/actions/complete-message';
import type { ActionDialogProps } from '../../model/actions/action-dialog-props';
import type { FieldCatalogue } from '../../model/actions/field-catalogue';
import { CodeSelectField, LanguageField, TextAreaField, TextField, YesNoField } from '../../../../components/form-fields';
import { useActionForm } from '../../model/actions/use-action-form';

interface RejectOrAlertForm {
  destinationOfficeCode?: string;
  eadEsadRejectedFlag?: boolean;
  alertOrRejectionOfMovementReasonCode?: string;
  complementaryInformation?: string;
  complementaryInformationLanguage?: string;
}

const FIELDS: FieldCatalogue = [
  { path: 'eadEsadRejectedFlag', label: 'Reject or alert' },
  { path: 'alertOrRejectionOfMovementReasonCode', label: 'Reason' },
  { path: 'destinationOfficeCode', label: 'Destination office' },
  { path: 'complementaryInformation', label: 'Complementary information' },
  { path: 'complementaryInformationLanguage', label: 'Language of the complementary information' },
];
const EMPTY: RejectOrAlertForm = {};
/** The flag and the reason are asked for: EMCS needs them. */
const MESSAGE = completeMessage(rejectOrAlertEadBodySchema, EMCS_NEEDS.rejectOrAlertEad);

/** Rejection or alert (IE819) by the consignee. */
export function RejectOrAlertEadDialog({ declaration, onAccepted, onCancel, onRestart }: ActionDialogProps) {
  const { t } = useTranslation('actions');
  const state = useActionForm({
    declarationId: declaration.declarationId,
    action: 'rejectOrAlertEad',
    schema: MESSAGE,
    catalogue: FIELDS,
    defaults: EMPTY,
    onAccepted,
    onRestart,
  });
  const { control } = state.form;
  return (
    <ActionFormLayout state={state} precondition={t('preconditions.rejectOrAlertEad')} submitLabel={t('common.send')} onCancel={onCancel}>
      <YesNoField
        control={control}
        name="eadEsadRejectedFlag"
        label={t('reject.rejectOrAlert')}
        required
        yes={t('reject.yes')}
        no={t('reject.no')}
      />
      <CodeSelectField
        control={control}
        name="alertOrRejectionOfMovementReasonCode"
        label={t('common.reason')}
        codes={ALERT_OR_REJECTION_REASONS}
        required
      />
      <TextField
        control={control}
        name="destinationOfficeCode"
        label={t('common.destinationOffice')}
        description={t('common.officeHint')}
      />
      <TextAreaField
        control={control}
        name="complementaryInformation"
        label={t('common.complementaryInformation')}
        maxLength={350}
        description={t('common.requiredWithOther')}
      />
      <LanguageField control={control} name="complementaryInformationLanguage" label={t('common.complementaryLanguage')} />
    </ActionFormLayout>
  );
}
