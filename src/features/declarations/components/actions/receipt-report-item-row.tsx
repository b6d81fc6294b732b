import { Button, Fieldset, Group, SimpleGrid, Stack } from '@mantine/core';
import { useFieldArray, type Control } from 'react-hook-form';
import type { ReceiptReportBody } from '../../../../contract/declaration-actions';
import { EXCISE_PRODUCTS, UNSATISFACTORY_REASONS } from '../../../../contract/code-lists/emcs';
import type { DeclarationGoodsItem } from '../../../../contract/declarations';
import { goodsItemFieldLabel } from '../../../../contract/field-labels';
import { CodeSelectField, LanguageField, NumberField, TextField } from '../../../../components/form-fields';
import type { ReceiptReportForm } from '../../model/actions/receipt-report-form';

const SHORTAGE_OR_EXCESS = [
  { code: 'S', meaning: 'Shortage' },
  { code: 'E', meaning: 'Excess' },
] as const;
/** EMCS allows up to 9 unsatisfactory reasons per item. */
const MAX_REASONS = 9;

interface ReceiptReportItemRowProps {
  control: Control<ReceiptReportForm, unknown, ReceiptReportBody>;
  index: number;
  item: DeclarationGoodsItem | undefined;
}

/** One goods item of the report: what was found for it on arrival. */
export function ReceiptReportItemRow({ control, index, item }: ReceiptReportItemRowProps) {
  const at = `governmentAgencyGoodsItems.${index}.exciseGoodsItem.bodyReportOfReceipt` as const;
  const reasons = useFieldArray({ control, name: `${at}.unsatisfactoryReasons` });
  const legend = `Item ${index + 1}${item?.commodity?.description ? ` – ${item.commodity.description}` : ''}`;
  return (
    <Fieldset legend={legend} variant="filled">
      <Stack gap="xs">
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <TextField
            control={control}
            name={`governmentAgencyGoodsItems.${index}.casReference`}
            label={goodsItemFieldLabel('casReference')}
            readOnly
          />
          <CodeSelectField
            control={control}
            name={`${at}.exciseProductCode`}
            label="Excise product code"
            codes={EXCISE_PRODUCTS}
            required
          />
          <NumberField control={control} name={`${at}.refusedQuantity`} label="Refused quantity" />
          <CodeSelectField
            control={control}
            name={`${at}.indicatorOfShortageOrExcess`}
            label="Shortage or excess"
            codes={SHORTAGE_OR_EXCESS}
            placeholder="None"
          />
          <NumberField control={control} name={`${at}.observedShortageOrExcess`} label="Observed shortage or excess" />
        </SimpleGrid>
        {reasons.fields.map((reason, r) => (
          <Group key={reason.id} align="flex-end" gap="sm" wrap="wrap">
            <CodeSelectField
              control={control}
              name={`${at}.unsatisfactoryReasons.${r}.unsatisfactoryReasonCode`}
              label={`Unsatisfactory reason ${r + 1}`}
              codes={UNSATISFACTORY_REASONS}
              required
            />
            <TextField
              control={control}
              name={`${at}.unsatisfactoryReasons.${r}.complementaryInformation`}
              label="Reason information"
              maxLength={350}
            />
            <LanguageField
              control={control}
              name={`${at}.unsatisfactoryReasons.${r}.complementaryInformationLanguage`}
              label="Language of the reason information"
            />
            <Button
              variant="subtle"
              color="red"
              onClick={() => reasons.remove(r)}
              aria-label={`Remove unsatisfactory reason ${r + 1} of item ${index + 1}`}
            >
              Remove
            </Button>
          </Group>
        ))}
        {reasons.fields.length < MAX_REASONS && (
          <Group>
            <Button
              variant="default"
              size="xs"
              onClick={() => reasons.append({})}
              aria-label={`Add unsatisfactory reason to item ${index + 1}`}
            >
              Add unsatisfactory reason
            </Button>
          </Group>
        )}
      </Stack>
    </Fieldset>
  );
}
