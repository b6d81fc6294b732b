import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Group, SimpleGrid, Stack, TextInput, VisuallyHidden } from '@mantine/core';
import { useEffect, useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from '../../../../lib/i18n/use-translation';
import type { DeclarationGoodsItem } from '../../../../contract/declarations';
import type { Role } from '../../../../contract/user-claims';
import { CommodityCodeFormField } from '../../../../components/commodity-code-field';
import { ProblemAlert } from '../../../../components/problem-alert';
import { ApiError } from '../../../../lib/api-client';
import { applyServerErrors } from '../../../../lib/form-errors';
import { useAddGoodsItem, useDeleteGoodsItem, usePatchGoodsItem } from '../../api/declarations.mutations';
import { ConfirmDiscardModal } from '../../../../components/confirm-discard-modal';
import type { Editability } from '../../model/detail/editability';
import {
  EMPTY_GOODS_ITEM,
  goodsItemBody,
  goodsItemFormSchema,
  goodsItemFormValues,
  goodsItemPatch,
  goodsItemErrorMapping,
  type GoodsItemFormValues,
  type GoodsItemRules,
} from '../../model/detail/goods-item-form';
import { GOODS_ITEM_FIELDS, type GoodsItemField } from '../../model/detail/goods-item-fields';
import { editabilityText, fieldText, formMessageText } from '../../model/detail/detail-wording';
import { changedFields } from '../../model/detail/header-form';
import type { DeclarationOutcome } from '../../model/detail/use-declaration-outcome';
import { ScopeGatedButton } from '../../../../components/scope-gated-button';
import { useMissingScope } from '../../../../lib/scope-gate';
import { classificationJurisdictionOf } from '../../../../contract/code-checks';
import { CheckThisCode } from './check-this-code';
import { GoodsItemClassification } from './goods-item-classification';

export interface GoodsItemEditorProps {
  declarationId: string;
  /** The declaration's jurisdiction (a country), for "Check this code". */
  jurisdiction: string;
  roles: readonly Role[];
  /** undefined: a new item. */
  item: DeclarationGoodsItem | undefined;
  rules: GoodsItemRules;
  editability: Editability;
  /** The service's errors on this item's fields (async validation), shown until the field is changed. */
  serviceErrors: Partial<Record<GoodsItemField, string>>;
  focusField: GoodsItemField | undefined;
  outcome: Pick<DeclarationOutcome, 'capture' | 'start'>;
  onDirtyChange: (dirty: boolean) => void;
  onDone: () => void;
  onCancel: () => void;
}

const LAYOUT: GoodsItemField[][] = [
  ['description'],
  ['commodityCode', 'articleId'],
  ['gmass', 'nmass'],
  ['customsValueAmount', 'customsValueCurrency'],
  ['packagingType', 'packagingQuantity'],
  ['shippingMarks'],
  ['exciseProductCode'],
];
const NUMERIC: readonly GoodsItemField[] = ['gmass', 'nmass', 'customsValueAmount', 'packagingQuantity'];

/**
 * Adds, changes or removes one goods item through the items endpoints. A change sends only the
 * changed fields (selective update). A failed write keeps what was typed and offers a retry;
 * an accepted one (202) hands over to the page's "awaiting outcome" state.
 */
export function GoodsItemEditor({
  declarationId,
  jurisdiction,
  roles,
  item,
  rules,
  editability,
  serviceErrors,
  focusField,
  outcome,
  onDirtyChange,
  onDone,
  onCancel,
}: GoodsItemEditorProps) {
  const { t } = useTranslation('declaration');
  const schema = useMemo(() => goodsItemFormSchema(rules), [rules]);
  const { register, control, handleSubmit, formState, setError, reset, setValue } = useForm<GoodsItemFormValues>({
    resolver: zodResolver(schema),
    defaultValues: item ? goodsItemFormValues(item) : EMPTY_GOODS_ITEM,
    mode: 'onTouched',
  });
  const add = useAddGoodsItem(declarationId);
  const patch = usePatchGoodsItem(declarationId);
  const remove = useDeleteGoodsItem(declarationId);
  const [failure, setFailure] = useState<unknown>();
  const [confirmRemove, setConfirmRemove] = useState(false);
  const { isDirty, dirtyFields, errors, isSubmitting } = formState;
  const missingScope = useMissingScope('create:messages');
  const [typedCode, typedDescription] = useWatch({ control, name: ['commodityCode', 'description'] });

  useEffect(() => onDirtyChange(isDirty), [isDirty, onDirtyChange]);

  const what = item ? t('editor.changeLabel', { number: item.sequenceNumber }) : t('editor.newLabel');

  const save = handleSubmit(async (values) => {
    setFailure(undefined);
    const baseline = outcome.capture();
    try {
      if (item)
        await patch.mutateAsync({
          itemId: item.governmentAgencyGoodsItemId,
          patch: goodsItemPatch(values, changedFields(dirtyFields, GOODS_ITEM_FIELDS), item),
        });
      else await add.mutateAsync(goodsItemBody(values));
      outcome.start(what, baseline);
      reset(values);
      onDone();
    } catch (e) {
      setFailure(e);
      // Other messages are in the failure shown above the buttons.
      if (e instanceof ApiError) applyServerErrors(setError, e.fieldErrors, goodsItemErrorMapping);
    }
  });

  const removeItem = async () => {
    if (!item) return;
    setConfirmRemove(false);
    setFailure(undefined);
    const baseline = outcome.capture();
    try {
      await remove.mutateAsync(item.governmentAgencyGoodsItemId);
      outcome.start(t('editor.removeLabel', { number: item.sequenceNumber }), baseline);
      reset();
      onDone();
    } catch (e) {
      setFailure(e);
    }
  };

  const visible = (f: GoodsItemField) => f !== 'exciseProductCode' || rules.excise || !!item?.exciseGoodsItem?.exciseProductCode;
  const errorOf = (f: GoodsItemField) => formMessageText(errors[f]?.message, t) ?? (dirtyFields[f] ? undefined : serviceErrors[f]);

  return (
    <form
      onSubmit={(e) => void save(e)}
      noValidate
      aria-label={item ? t('editor.title', { number: item.sequenceNumber }) : t('editor.newTitle')}
    >
      <Stack gap="md">
        {!editability.editable && (
          <Alert color="gray" variant="light" title={t('editor.readOnly')}>
            {editabilityText(editability, t)}
          </Alert>
        )}
        <fieldset disabled={!editability.editable || isSubmitting} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
          <VisuallyHidden component="legend">{t('editor.fieldsLegend')}</VisuallyHidden>
          <Stack gap="sm">
            {LAYOUT.map((row) => {
              const fields = row.filter(visible);
              if (fields.length === 0) return null;
              return (
                <SimpleGrid key={row.join('-')} cols={fields.length}>
                  {fields.map((f) =>
                    f === 'commodityCode' ? (
                      <CommodityCodeFormField
                        key={f}
                        control={control}
                        name={f}
                        label={fieldText(f, t)}
                        error={errorOf(f)}
                        data-autofocus={f === focusField ? true : undefined}
                      />
                    ) : (
                      <TextInput
                        key={f}
                        label={fieldText(f, t)}
                        error={errorOf(f)}
                        inputMode={NUMERIC.includes(f) ? 'decimal' : undefined}
                        withAsterisk={f === 'description'}
                        data-autofocus={f === focusField ? true : undefined}
                        {...register(f)}
                      />
                    ),
                  )}
                </SimpleGrid>
              );
            })}
          </Stack>
        </fieldset>
        {failure !== undefined && (
          <ProblemAlert error={failure} title={item ? t('editor.changeFailed') : t('editor.addFailed')} onRetry={() => void save()} />
        )}
        <Group justify="space-between">
          <Group gap="xs">
            <ScopeGatedButton
              missing={missingScope}
              type="submit"
              loading={isSubmitting}
              disabled={!editability.editable || (!!item && !isDirty)}
            >
              {item ? t('editor.save') : t('editor.add')}
            </ScopeGatedButton>
            <Button variant="default" onClick={onCancel}>
              {t('editor.cancel')}
            </Button>
          </Group>
          {item && editability.editable && (
            <Button color="red" variant="subtle" onClick={() => setConfirmRemove(true)} loading={remove.isPending}>
              {t('editor.remove')}
            </Button>
          )}
        </Group>
        {item && <GoodsItemClassification declarationId={declarationId} goodsItemId={item.governmentAgencyGoodsItemId} roles={roles} />}
        {item && (
          <CheckThisCode
            declarationId={declarationId}
            sequenceNumber={item.sequenceNumber}
            jurisdiction={classificationJurisdictionOf(jurisdiction)}
            code={typedCode}
            description={typedDescription}
            roles={roles}
            onUse={
              editability.editable ? (code) => setValue('commodityCode', code, { shouldDirty: true, shouldValidate: true }) : undefined
            }
          />
        )}
      </Stack>
      <ConfirmDiscardModal
        opened={confirmRemove}
        title={t('editor.removeTitle', { number: item?.sequenceNumber ?? '' })}
        message={t('editor.removeMessage')}
        confirmLabel={t('editor.remove')}
        onConfirm={() => void removeItem()}
        onCancel={() => setConfirmRemove(false)}
      />
    </form>
  );
}
