import { Alert, Button, Group, NativeSelect, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Controller, useFieldArray, useForm } from 'react-hook-form';
import { useTranslation } from '../../../../lib/i18n/use-translation';
import { CUSTOMS_OFFICES } from '../../../../contract/code-lists/customs-offices';
import { DIRECTIONS, MESSAGE_TYPES, type CustomsShipment } from '../../../../contract/customs-shipment';
import { ApiError } from '../../../../lib/api-client';
import { applyServerErrors } from '../../../../lib/form-errors';
import { useSendMessage } from '../../api/ingestion.mutations';
import { newExternalReference } from '../../model/example-shipment';
import type { SentMessage } from '../../model/follow-up';
import { firstErrorPath, focusField } from '../../model/forms/focus-first-error';
import { SendOutcome } from '../forms/send-outcome';
import { readFormDraft, useFormDraft } from '../../model/forms/use-form-draft';
import { useConsoleSession } from '../../../../lib/session/session-context';
import { GoodsItemFields } from './goods-item-fields';
import { issueText } from '../../model/ingestion-wording';
import {
  emptyGoodsItem,
  emptyShipment,
  isShipmentFormValues,
  shipmentFieldOf,
  shipmentFormValuesFrom,
  shipmentResolver,
  type ShipmentFormValues,
} from '../../model/shipment/shipment-form-model';
import { ScopeGatedButton } from '../../../../components/scope-gated-button';
import { Picker } from '../../../../components/picker';
import { useMissingScope } from '../../../../lib/scope-gate';

/** An example value, the same in every language. */
const EXAMPLE_EORI = 'GB123456789000';
const OFFICE_OPTIONS = CUSTOMS_OFFICES.map((o) => ({ value: o.code, label: `${o.code} ${o.name}` }));
const ORDER = [
  'externalReference',
  'direction',
  'messageType',
  'declarationOfficeCode',
  'invoiceCurrency',
  'consigneeName',
  'consigneeEori',
  'consignorName',
  'consignorEori',
  'goodsItems',
];

/** A customs shipment (POST /v1/customsshipments) as a form: header, parties, goods items with packages; followed live after the 202. */
export function ShipmentForm({ loaded, onSent }: { loaded?: unknown; onSent: (message: SentMessage) => void }) {
  const { t } = useTranslation('ingestion');
  const session = useConsoleSession();
  const [initialValues] = useState(() =>
    loaded === undefined
      ? (readFormDraft(session.storage, 'shipment', isShipmentFormValues) ?? emptyShipment(newExternalReference()))
      : shipmentFormValuesFrom(loaded),
  );
  const form = useForm<ShipmentFormValues, unknown, CustomsShipment>({
    defaultValues: initialValues,
    resolver: shipmentResolver,
    shouldFocusError: false,
  });
  const { register, control, handleSubmit, formState, setError } = form;
  const items = useFieldArray({ control, name: 'goodsItems' });
  const draft = useFormDraft(form, 'shipment');
  const send = useSendMessage('/v1/customsshipments');
  const missingScope = useMissingScope('create:messages');
  const [referenceId, setReferenceId] = useState<string>();
  const root = useRef<HTMLFormElement>(null);

  const focusFirstError = () => {
    const path = firstErrorPath(form.formState.errors, ORDER);
    if (path) focusField(root.current, path);
  };
  useEffect(() => {
    if (loaded !== undefined) void form.trigger().then(() => requestAnimationFrame(focusFirstError));
    // Once, for the file this form was mounted with.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const sendShipment = async (shipment: CustomsShipment) => {
    setReferenceId(undefined);
    const result = await send.mutateAsync(shipment).catch((e: unknown) => {
      // The service's own 400: its invalid-parameters land on the fields they name, the rest above the button.
      if (e instanceof ApiError) {
        const general = applyServerErrors(setError, e.fieldErrors, { fieldOf: shipmentFieldOf });
        if (general.length > 0) setError('root', { type: 'server', message: general.join(' ') });
      }
      return undefined; // shown by send.error
    });
    if (!result) return;
    setReferenceId(result.referenceId);
    onSent({
      referenceId: result.referenceId,
      externalReference: shipment.externalReference,
      direction: shipment.direction,
      messageType: shipment.messageType,
      sentAt: new Date().toISOString(),
    });
    draft.clear();
    // The next shipment needs a reference of its own (a New with a used one is a duplicate).
    form.reset({ ...form.getValues(), externalReference: newExternalReference() });
  };
  const submit = (event: FormEvent) => void handleSubmit(sendShipment, () => requestAnimationFrame(focusFirstError))(event);
  const e = formState.errors;

  return (
    <form ref={root} onSubmit={submit} noValidate aria-labelledby="shipment-heading">
      <Stack>
        <Title order={2} size="h3" id="shipment-heading">
          {t('shipment.heading')}
        </Title>
        <Text c="dimmed" size="sm">
          {t('shipment.intro')}
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <TextInput
            {...register('externalReference')}
            label={t('shipment.externalReference')}
            withAsterisk
            description={t('shipment.externalReferenceHint')}
            error={issueText(e.externalReference?.message, t)}
          />
          <NativeSelect
            {...register('direction')}
            label={t('shipment.direction')}
            withAsterisk
            data={[...DIRECTIONS]}
            error={issueText(e.direction?.message, t)}
          />
          <NativeSelect
            {...register('messageType')}
            label={t('shipment.messageType')}
            withAsterisk
            data={[...MESSAGE_TYPES]}
            description={t('shipment.messageTypeHint')}
            error={issueText(e.messageType?.message, t)}
          />
          <Controller
            control={control}
            name="declarationOfficeCode"
            render={({ field, fieldState }) => (
              <Picker
                {...field}
                onChange={(value) => field.onChange(value ?? '')}
                data-path="declarationOfficeCode"
                label={t('shipment.office')}
                withAsterisk
                limit={50}
                data={OFFICE_OPTIONS}
                placeholder={t('shipment.officePlaceholder')}
                description={t('shipment.officeHint')}
                error={issueText(fieldState.error?.message, t)}
              />
            )}
          />
          <TextInput
            {...register('invoiceCurrency')}
            label={t('shipment.invoiceCurrency')}
            placeholder="GBP"
            error={issueText(e.invoiceCurrency?.message, t)}
          />
          <TextInput
            {...register('storageLocationReference')}
            label={t('shipment.storageLocation')}
            error={issueText(e.storageLocationReference?.message, t)}
          />
          <TextInput {...register('declType')} label={t('shipment.declType')} description={t('shipment.declTypeHint')} />
          <TextInput {...register('addDeclType')} label={t('shipment.addDeclType')} description={t('shipment.addDeclTypeHint')} />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput {...register('consigneeName')} label={t('shipment.consigneeName')} />
          <TextInput
            {...register('consigneeEori')}
            label={t('shipment.consigneeEori')}
            placeholder={EXAMPLE_EORI}
            error={issueText(e.consigneeEori?.message, t)}
          />
          <TextInput {...register('consignorName')} label={t('shipment.consignorName')} />
          <TextInput {...register('consignorEori')} label={t('shipment.consignorEori')} error={issueText(e.consignorEori?.message, t)} />
        </SimpleGrid>
        <Title order={3} size="h4">
          {t('shipment.goodsItems', { count: String(items.fields.length) })}
        </Title>
        {e.goodsItems?.root?.message || e.goodsItems?.message ? (
          <Text c="red" size="sm" role="alert" data-path="goodsItems" tabIndex={-1}>
            {t('shipment.goodsItemsError', { error: issueText(e.goodsItems.root?.message ?? e.goodsItems.message, t) })}
          </Text>
        ) : null}
        {items.fields.map((field, i) => (
          <GoodsItemFields
            key={field.id}
            index={i}
            control={control}
            register={register}
            errors={e}
            onRemove={items.fields.length > 1 ? () => items.remove(i) : undefined}
          />
        ))}
        <Button
          variant="light"
          onClick={() => items.append(emptyGoodsItem(form.getValues('invoiceCurrency')))}
          style={{ alignSelf: 'flex-start' }}
        >
          {t('shipment.addGoodsItem')}
        </Button>
        {e.root?.message && (
          <Alert color="red" role="alert">
            {e.root.message}
          </Alert>
        )}
        <SendOutcome kind="shipment" referenceId={referenceId} error={send.error} />
        <Group>
          <ScopeGatedButton missing={missingScope} type="submit" loading={send.isPending}>
            {t('shipment.send')}
          </ScopeGatedButton>
        </Group>
      </Stack>
    </form>
  );
}
