import { useTranslation } from '../../../../lib/i18n/use-translation';
import { Button, Fieldset, Group, SimpleGrid, Stack } from '@mantine/core';
import { useFieldArray, type Control } from 'react-hook-form';
import type { ReceiptReportBody } from '../../../../contract/declaration-actions';
import { EXCISE_PRODUCTS, UNSATISFACTORY_REASONS } from '../../../../contract/code-lists/emcs';
import type { DeclarationGoodsItem } from '../../../../contract/declarations';
import { CodeSelectField, LanguageField, NumberField, TextField } from '../../../../components/form-fields';
import type { ReceiptReportForm } from '../../model/actions/receipt-report-form';

/** EMCS allows up to 9 unsatisfactory reasons per item. */
const MAX_REASONS = 9;

interface ReceiptReportItemRowProps {
  control: Control<ReceiptReportForm, unknown, ReceiptReportBody>;
  index: number;
  item: DeclarationGoodsItem | undefined;
}

/** One goods item of the report: what was found for it on arrival. */
export function ReceiptReportItemRow({ control, index, item }: ReceiptReportItemRowProps) {
  const { t } = useTranslation('actions');
  const shortageOrExcess = [
    { code: 'S', meaning: t('receipt.shortage') },
    { code: 'E', meaning: t('receipt.excess') },
  ];
  const at = `governmentAgencyGoodsItems.${index}.exciseGoodsItem.bodyReportOfReceipt` as const;
  const reasons = useFieldArray({ control, name: `${at}.unsatisfactoryReasons` });
  const description = item?.commodity?.description;
  const legend = description
    ? t('receipt.itemWithDescription', { number: index + 1, description })
    : t('receipt.item', { number: index + 1 });
  return (
    <Fieldset legend={legend} variant="filled">
      <Stack gap="xs">
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <TextField
            control={control}
            name={`governmentAgencyGoodsItems.${index}.casReference`}
            label={t('common.casReference')}
            readOnly
          />
          <CodeSelectField
            control={control}
            name={`${at}.exciseProductCode`}
            label={t('receipt.exciseProductCode')}
            codes={EXCISE_PRODUCTS}
            required
          />
          <NumberField control={control} name={`${at}.refusedQuantity`} label={t('receipt.refusedQuantity')} />
          <CodeSelectField
            control={control}
            name={`${at}.indicatorOfShortageOrExcess`}
            label={t('receipt.shortageOrExcess')}
            codes={shortageOrExcess}
            placeholder={t('receipt.none')}
          />
          <NumberField control={control} name={`${at}.observedShortageOrExcess`} label={t('receipt.observed')} />
        </SimpleGrid>
        {reasons.fields.map((reason, r) => (
          <Group key={reason.id} align="flex-end" gap="sm" wrap="wrap">
            <CodeSelectField
              control={control}
              name={`${at}.unsatisfactoryReasons.${r}.unsatisfactoryReasonCode`}
              label={t('receipt.reason', { number: r + 1 })}
              codes={UNSATISFACTORY_REASONS}
              required
            />
            <TextField
              control={control}
              name={`${at}.unsatisfactoryReasons.${r}.complementaryInformation`}
              label={t('receipt.reasonInformation')}
              maxLength={350}
            />
            <LanguageField
              control={control}
              name={`${at}.unsatisfactoryReasons.${r}.complementaryInformationLanguage`}
              label={t('receipt.reasonLanguage')}
            />
            <Button
              variant="subtle"
              color="red"
              onClick={() => reasons.remove(r)}
              aria-label={t('receipt.removeLabel', { reason: r + 1, item: index + 1 })}
            >
              {t('receipt.remove')}
            </Button>
          </Group>
        ))}
        {reasons.fields.length < MAX_REASONS && (
          <Group>
            <Button variant="default" size="xs" onClick={() => reasons.append({})} aria-label={t('receipt.addLabel', { item: index + 1 })}>
              {t('receipt.add')}
            </Button>
          </Group>
        )}
      </Stack>
    </Fieldset>
  );
}
