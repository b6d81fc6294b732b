import { useTranslation } from '../../../../lib/i18n/use-translation';
import { z } from 'zod';
import { generateDocumentTypeSchema } from '../../../../contract/declaration-actions';
import { ActionFormLayout } from './action-form-layout';
import type { ActionDialogProps } from '../../model/actions/action-dialog-props';
import type { FieldCatalogue } from '../../model/actions/field-catalogue';
import { CodeSelectField } from '../../../../components/form-fields';
import { useActionForm } from '../../model/actions/use-action-form';

/** GENERATE_DOCUMENT_TYPES with what each is (specification, Generate document). */
const DOCUMENT_TYPES = [
  { code: 'SAD', meaning: 'Single administrative document' },
  { code: 'EAD', meaning: 'Export accompanying document' },
  { code: 'TSAD', meaning: 'Transit accompanying document' },
  { code: 'ATR', meaning: 'A.TR certificate on the pre-printed form' },
  { code: 'ATROnBlanco', meaning: 'A.TR certificate on blank paper' },
] as const;

const schema = z.object({ documentType: generateDocumentTypeSchema });
const FIELDS: FieldCatalogue = [{ path: 'documentType', label: 'Document type' }];
const EMPTY: { documentType?: string } = {};

/** Generate document: the type travels in the path; 202 only says the request was taken. */
export function GenerateDocumentDialog({ declaration, onAccepted, onCancel, onRestart }: ActionDialogProps) {
  const { t } = useTranslation('actions');
  const state = useActionForm({
    declarationId: declaration.declarationId,
    action: 'generateDocument',
    schema,
    catalogue: FIELDS,
    defaults: EMPTY,
    toRequest: ({ documentType }) => ({ action: 'generateDocument', documentType }),
    onAccepted,
    onRestart,
  });
  return (
    <ActionFormLayout
      state={state}
      precondition={t('preconditions.generateDocument')}
      submitLabel={t('generateDocument.submit')}
      onCancel={onCancel}
    >
      <CodeSelectField
        control={state.form.control}
        name="documentType"
        label={t('generateDocument.documentType')}
        codes={DOCUMENT_TYPES}
        required
        description={t('generateDocument.hint')}
      />
    </ActionFormLayout>
  );
}
