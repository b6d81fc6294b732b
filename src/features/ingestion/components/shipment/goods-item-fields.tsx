import { ActionIcon, Button, Card, Group, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useFieldArray, type Control, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import { CommodityCodeFormField } from '../../../../components/commodity-code-field';
import { emptyPackaging, type ShipmentFormValues } from '../../model/shipment/shipment-form-model';

interface Props {
  index: number;
  control: Control<ShipmentFormValues, unknown, unknown>;
  register: UseFormRegister<ShipmentFormValues>;
  errors: FieldErrors<ShipmentFormValues>;
  onRemove: (() => void) | undefined;
}

/** One goods item of the shipment: commodity, masses, customs value and its packages. */
export function GoodsItemFields({ index, control, register, errors, onRemove }: Props) {
  const packaging = useFieldArray({ control, name: `goodsItems.${index}.packaging` });
  const e = errors.goodsItems?.[index];
  const n = index + 1;
  const base = `goodsItems.${index}` as const;
  return (
    <Card withBorder data-testid="goods-item">
      <Stack gap="xs">
        <Group justify="space-between">
          <Title order={4} size="h5" id={`goods-item-${n}`}>
            Goods item {n}
          </Title>
          {onRemove && (
            <Button size="xs" variant="subtle" color="red" onClick={onRemove} aria-label={`Remove goods item ${n}`}>
              Remove
            </Button>
          )}
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <TextInput {...register(`${base}.description`)} label={`Item ${n} description`} error={e?.description?.message} />
          <CommodityCodeFormField
            control={control}
            name={`${base}.commodityCode`}
            label={`Item ${n} commodity code`}
            requiredLength={6}
            note="6, 8 or 10 digits."
            error={e?.commodityCode?.message}
          />
          <TextInput
            {...register(`${base}.itemId`)}
            label={`Item ${n} article item id`}
            description="Article data reference (deductions)"
            error={e?.itemId?.message}
          />
          <TextInput {...register(`${base}.gmass`)} label={`Item ${n} gross mass (kg)`} inputMode="decimal" error={e?.gmass?.message} />
          <TextInput {...register(`${base}.nmass`)} label={`Item ${n} net mass (kg)`} inputMode="decimal" error={e?.nmass?.message} />
          <Group grow align="flex-start" gap="xs">
            <TextInput {...register(`${base}.amount`)} label={`Item ${n} customs value`} inputMode="decimal" error={e?.amount?.message} />
            <TextInput {...register(`${base}.currency`)} label={`Item ${n} currency`} placeholder="GBP" error={e?.currency?.message} />
          </Group>
        </SimpleGrid>
        <Text size="sm" fw={600}>
          Packaging
        </Text>
        {packaging.fields.map((field, p) => (
          <Group key={field.id} gap="xs" align="flex-start" wrap="nowrap">
            <TextInput
              {...register(`${base}.packaging.${p}.type`)}
              aria-label={`Item ${n} package ${p + 1} type`}
              placeholder="Type, e.g. CT"
              error={e?.packaging?.[p]?.type?.message}
            />
            <TextInput
              {...register(`${base}.packaging.${p}.quantity`)}
              aria-label={`Item ${n} package ${p + 1} quantity`}
              placeholder="Quantity"
              inputMode="numeric"
              error={e?.packaging?.[p]?.quantity?.message}
            />
            <TextInput
              {...register(`${base}.packaging.${p}.shippingMarks`)}
              aria-label={`Item ${n} package ${p + 1} shipping marks`}
              placeholder="Shipping marks"
              style={{ flex: 1 }}
            />
            <ActionIcon
              variant="subtle"
              color="red"
              size="lg"
              onClick={() => packaging.remove(p)}
              aria-label={`Remove package ${p + 1} of item ${n}`}
            >
              ×
            </ActionIcon>
          </Group>
        ))}
        <Button size="xs" variant="light" onClick={() => packaging.append(emptyPackaging())} style={{ alignSelf: 'flex-start' }}>
          Add package to item {n}
        </Button>
      </Stack>
    </Card>
  );
}
