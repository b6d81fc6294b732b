import { ActionIcon, Button, Card, Group, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useFieldArray, type Control, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import { useTranslation } from '../../../../lib/i18n/use-translation';
import { CommodityCodeFormField } from '../../../../components/commodity-code-field';
import { emptyPackaging, type ShipmentFormValues } from '../../model/shipment/shipment-form-model';
import { issueText } from '../../model/ingestion-wording';

interface Props {
  index: number;
  control: Control<ShipmentFormValues, unknown, unknown>;
  register: UseFormRegister<ShipmentFormValues>;
  errors: FieldErrors<ShipmentFormValues>;
  onRemove: (() => void) | undefined;
}

/** One goods item of the shipment: commodity, masses, customs value and its packages. */
export function GoodsItemFields({ index, control, register, errors, onRemove }: Props) {
  const { t } = useTranslation('ingestion');
  const issue = (message: string | undefined) => issueText(message, t);
  const packaging = useFieldArray({ control, name: `goodsItems.${index}.packaging` });
  const e = errors.goodsItems?.[index];
  const n = index + 1;
  const base = `goodsItems.${index}` as const;
  return (
    <Card withBorder data-testid="goods-item">
      <Stack gap="xs">
        <Group justify="space-between">
          <Title order={4} size="h5" id={`goods-item-${n}`}>
            {t('goodsItem.heading', { n })}
          </Title>
          {onRemove && (
            <Button size="xs" variant="subtle" color="red" onClick={onRemove} aria-label={t('goodsItem.removeLabel', { n })}>
              {t('goodsItem.remove')}
            </Button>
          )}
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <TextInput
            {...register(`${base}.description`)}
            label={t('goodsItem.description', { n })}
            error={issue(e?.description?.message)}
          />
          <CommodityCodeFormField
            control={control}
            name={`${base}.commodityCode`}
            label={t('goodsItem.commodityCode', { n })}
            requiredLength={6}
            note={t('goodsItem.commodityCodeNote')}
            error={issue(e?.commodityCode?.message)}
          />
          <TextInput
            {...register(`${base}.itemId`)}
            label={t('goodsItem.itemId', { n })}
            description={t('goodsItem.itemIdHint')}
            error={issue(e?.itemId?.message)}
          />
          <TextInput
            {...register(`${base}.gmass`)}
            label={t('goodsItem.gmass', { n })}
            inputMode="decimal"
            error={issue(e?.gmass?.message)}
          />
          <TextInput
            {...register(`${base}.nmass`)}
            label={t('goodsItem.nmass', { n })}
            inputMode="decimal"
            error={issue(e?.nmass?.message)}
          />
          <Group grow align="flex-start" gap="xs">
            <TextInput
              {...register(`${base}.amount`)}
              label={t('goodsItem.amount', { n })}
              inputMode="decimal"
              error={issue(e?.amount?.message)}
            />
            <TextInput
              {...register(`${base}.currency`)}
              label={t('goodsItem.currency', { n })}
              placeholder="GBP"
              error={issue(e?.currency?.message)}
            />
          </Group>
        </SimpleGrid>
        <Text size="sm" fw={600}>
          {t('goodsItem.packaging')}
        </Text>
        {packaging.fields.map((field, p) => (
          <Group key={field.id} gap="xs" align="flex-start" wrap="nowrap">
            <TextInput
              {...register(`${base}.packaging.${p}.type`)}
              aria-label={t('goodsItem.packageType', { n, p: p + 1 })}
              placeholder={t('goodsItem.packageTypePlaceholder')}
              error={issue(e?.packaging?.[p]?.type?.message)}
            />
            <TextInput
              {...register(`${base}.packaging.${p}.quantity`)}
              aria-label={t('goodsItem.packageQuantity', { n, p: p + 1 })}
              placeholder={t('goodsItem.packageQuantityPlaceholder')}
              inputMode="numeric"
              error={issue(e?.packaging?.[p]?.quantity?.message)}
            />
            <TextInput
              {...register(`${base}.packaging.${p}.shippingMarks`)}
              aria-label={t('goodsItem.packageMarks', { n, p: p + 1 })}
              placeholder={t('goodsItem.packageMarksPlaceholder')}
              style={{ flex: 1 }}
            />
            <ActionIcon
              variant="subtle"
              color="red"
              size="lg"
              onClick={() => packaging.remove(p)}
              aria-label={t('goodsItem.removePackage', { n, p: p + 1 })}
            >
              ×
            </ActionIcon>
          </Group>
        ))}
        <Button size="xs" variant="light" onClick={() => packaging.append(emptyPackaging())} style={{ alignSelf: 'flex-start' }}>
          {t('goodsItem.addPackage', { n })}
        </Button>
      </Stack>
    </Card>
  );
}
