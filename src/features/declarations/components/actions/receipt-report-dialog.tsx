import { useTranslation } from '../../../../lib/i18n/use-translation';
import { Divider, SimpleGrid, Stack, Text } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useFieldArray } from 'react-hook-form';
import { globalConclusionsFor } from '../../../../contract/code-lists/emcs';
import { receiptReportBodySchema } from '../../../../contract/declaration-actions';
import { ActionFormLayout } from './action-form-layout';
import type { ActionDialogProps } from '../../model/actions/action-dialog-props';
import { CodeSelectField, DateTimeField, LanguageField, TextAreaField, TextField } from '../../../../components/form-fields';
import {
  originalEad,
  RECEIPT_REPORT_FIELDS,
  receiptReportDefaults,
  receiptReportFormSchema,
} from '../../model/actions/receipt-report-form';
import { ReceiptReportItemRow } from './receipt-report-item-row';
import { useActionForm } from '../../model/actions/use-action-form';

const HEADER = 'exciseGoodsShipment.exciseMovement.reportOfReceipt';

/** Report of receipt (IE818), itemised per goods item of the e-AD; kept as a draft until sent. */
export function ReceiptReportDialog({ declaration, onAccepted, onCancel, onRestart }: ActionDialogProps) {
  const { t } = useTranslation('actions');
  // Product codes are checked against this declaration's own items, before any round trip.
  const schema = useMemo(() => receiptReportBodySchema(originalEad(declaration)), [declaration]);
  const [defaults] = useState(() => receiptReportDefaults(declaration));
  const state = useActionForm({
    declarationId: declaration.declarationId,
    action: 'receiptReport',
    schema,
    catalogue: RECEIPT_REPORT_FIELDS,
    defaults,
    draftSchema: receiptReportFormSchema,
    onAccepted,
    onRestart,
  });
  const { control } = state.form;
  const rows = useFieldArray({ control, name: 'governmentAgencyGoodsItems' });
  const items = declaration.singleAdministrativeDocument.goodsShipment.governmentAgencyGoodsItems;
  const byCas = useMemo(() => new Map(items.map((i) => [i.casReference, i])), [items]);
  return (
    <ActionFormLayout state={state} precondition={t('preconditions.receiptReport')} submitLabel={t('receipt.submit')} onCancel={onCancel}>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <DateTimeField control={control} name={`${HEADER}.dateOfArrivalOfExciseProducts`} label={t('receipt.dateOfArrival')} required />
        <CodeSelectField
          control={control}
          name={`${HEADER}.globalConclusionOfReceipt`}
          label={t('receipt.globalConclusion')}
          codes={globalConclusionsFor(declaration.direction)}
          required
        />
        <TextField
          control={control}
          name="exciseGoodsShipment.destinationOfficeCode"
          label={t('common.destinationOffice')}
          description={t('receipt.officeHintPrefilled')}
        />
        <LanguageField control={control} name={`${HEADER}.complementaryInformationLanguage`} label={t('common.complementaryLanguage')} />
      </SimpleGrid>
      <TextAreaField
        control={control}
        name={`${HEADER}.complementaryInformation`}
        label={t('common.complementaryInformation')}
        maxLength={350}
      />
      <Divider label={t('receipt.goodsItems', { count: rows.fields.length })} labelPosition="left" />
      <Text size="sm" c="dimmed">
        {t('receipt.onlyDifferences')}
      </Text>
      <Stack gap="sm">
        {rows.fields.map((row, index) => (
          <ReceiptReportItemRow key={row.id} control={control} index={index} item={byCas.get(row.casReference)} />
        ))}
      </Stack>
    </ActionFormLayout>
  );
}
