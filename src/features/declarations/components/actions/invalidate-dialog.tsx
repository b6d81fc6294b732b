import { Text } from '@mantine/core';
import { CANCELLATION_REASONS } from '../../../../contract/code-lists/emcs';
import { DECLARATION_ACTIONS, emcsInvalidateBodySchema, invalidateBodySchema } from '../../../../contract/declaration-actions';
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
      precondition={DECLARATION_ACTIONS.invalidate.precondition}
      submitLabel="Invalidate"
      onCancel={onCancel}
      confirmation={
        <Text>
          Customs will be asked to invalidate {declarationName(declaration)}
          {emcs ? ' (e-AD cancellation, IE810)' : ''}. The console cannot undo this request.
        </Text>
      }
    >
      {emcs ? (
        <CodeSelectField control={control} name="reason" label="Cancellation reason" codes={CANCELLATION_REASONS} required />
      ) : (
        <TextAreaField control={control} name="reason" label="Reason" maxLength={350} required />
      )}
      <TextAreaField
        control={control}
        name="complementaryInformation"
        label="Complementary information"
        maxLength={350}
        description={emcs ? 'Required with reason 0 (Other).' : undefined}
      />
      <LanguageField control={control} name="complementaryInformationLanguage" label="Language of the complementary information" />
    </ActionFormLayout>
  );
}
