import { Divider, SimpleGrid, Stack, Text } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useFieldArray } from 'react-hook-form';
import { globalConclusionsFor } from '../../../../contract/code-lists/emcs';
import { DECLARATION_ACTIONS, receiptReportBodySchema } from '../../../../contract/declaration-actions';
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
    <ActionFormLayout
      state={state}
      precondition={DECLARATION_ACTIONS.receiptReport.precondition}
      submitLabel="Send receipt report"
      onCancel={onCancel}
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <DateTimeField control={control} name={`${HEADER}.dateOfArrivalOfExciseProducts`} label="Date of arrival" required />
        <CodeSelectField
          control={control}
          name={`${HEADER}.globalConclusionOfReceipt`}
          label="Global conclusion of receipt"
          codes={globalConclusionsFor(declaration.direction)}
          required
        />
        <TextField
          control={control}
          name="exciseGoodsShipment.destinationOfficeCode"
          label="Destination office"
          description="Customs office code, e.g. GB000051; prefilled from the declaration"
        />
        <LanguageField
          control={control}
          name={`${HEADER}.complementaryInformationLanguage`}
          label="Language of the complementary information"
        />
      </SimpleGrid>
      <TextAreaField control={control} name={`${HEADER}.complementaryInformation`} label="Complementary information" maxLength={350} />
      <Divider label={`Goods items (${rows.fields.length})`} labelPosition="left" />
      <Text size="sm" c="dimmed">
        Fill in only what differs from the e-AD: a shortage or excess, a refused quantity, why the receipt is unsatisfactory.
      </Text>
      <Stack gap="sm">
        {rows.fields.map((row, index) => (
          <ReceiptReportItemRow key={row.id} control={control} index={index} item={byCas.get(row.casReference)} />
        ))}
      </Stack>
    </ActionFormLayout>
  );
}
