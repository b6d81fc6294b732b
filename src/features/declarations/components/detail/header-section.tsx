import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Group, SimpleGrid, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../../../lib/i18n/use-translation';
import type { Declaration, DeclarationError } from '../../../../contract/declarations';
import { ProblemAlert } from '../../../../components/problem-alert';
import { ApiError } from '../../../../lib/api-client';
import { applyServerErrors } from '../../../../lib/form-errors';
import { usePatchDeclaration } from '../../api/declarations.mutations';
import type { Editability } from '../../model/detail/editability';
import { FieldList } from './field-list';
import { OfficeSelect } from './office-select';
import {
  changedHeaderFields,
  eoriOf,
  partiesOf,
  headerFormSchema,
  headerFormValues,
  headerPatch,
  headerErrorMapping,
  type HeaderFormValues,
} from '../../model/detail/header-form';
import type { HeaderField } from '../../model/detail/header-fields';
import { editabilityText, fieldText, formMessageText } from '../../model/detail/detail-wording';
import type { DeclarationOutcome } from '../../model/detail/use-declaration-outcome';
import { ScopeGatedButton } from '../../../../components/scope-gated-button';
import { useMissingScope } from '../../../../lib/scope-gate';

export interface FocusRequest<F extends string> {
  field: F;
  /** A new number for every request, so the same field can be asked for twice. */
  nonce: number;
}

interface Props {
  declaration: Declaration;
  editability: Editability;
  serviceErrors: ReadonlyMap<HeaderField, readonly DeclarationError[]>;
  editing: boolean;
  onEditingChange: (editing: boolean) => void;
  focusRequest: FocusRequest<HeaderField> | undefined;
  outcome: Pick<DeclarationOutcome, 'capture' | 'start'>;
  onDirtyChange: (dirty: boolean) => void;
}

const DOCUMENT_FIELDS: HeaderField[] = ['declType', 'addDeclType', 'declarationOfficeCode', 'invoiceCurrency', 'agentStatus', 'ucr'];
const PARTY_FIELDS: HeaderField[] = ['consignorEori', 'consigneeEori', 'agentEori'];
export const headerFieldId = (f: HeaderField) => `header-${f}`;

const serviceMessage = (errors: readonly DeclarationError[] | undefined): string | undefined =>
  errors?.length ? errors.map((e) => `${e.errorCode}: ${e.message}`).join(' ') : undefined;

/** The single administrative document's header and its parties: read, or edited with the selective update model. */
export function HeaderSection(props: Props) {
  const { declaration, editability, serviceErrors, editing, onEditingChange, focusRequest } = props;
  const { t } = useTranslation('declaration');
  const missingScope = useMissingScope('create:messages');
  const sad = declaration.singleAdministrativeDocument;
  const parties = partiesOf(declaration);

  useEffect(() => {
    if (!focusRequest || editing) return;
    const el = document.getElementById(headerFieldId(focusRequest.field));
    el?.scrollIntoView({ block: 'center' });
    el?.focus();
  }, [focusRequest, editing]);

  const value = (f: HeaderField): string => headerFormValues(declaration)[f];
  const entry = (f: HeaderField, shown?: string) => ({
    label: fieldText(f, t),
    value: shown ?? value(f),
    id: headerFieldId(f),
    error: serviceMessage(serviceErrors.get(f)),
  });
  const party = (name: string | null | undefined, eori: string) => [name, eori].filter(Boolean).join(' · ');

  return (
    <Stack gap="md">
      {editing ? (
        <HeaderForm {...props} />
      ) : (
        <>
          <FieldList entries={DOCUMENT_FIELDS.map((f) => entry(f))} />
          <Title order={3} size="h5">
            {t('header.parties')}
          </Title>
          <FieldList
            entries={[
              { ...entry('consignorEori', party(parties.consignor?.name, eoriOf(parties.consignor))), label: t('fields.consignorParty') },
              { ...entry('consigneeEori', party(parties.consignee?.name, eoriOf(parties.consignee))), label: t('fields.consigneeParty') },
              { ...entry('agentEori', party(parties.agent?.name, eoriOf(parties.agent))), label: t('fields.agentParty') },
            ]}
          />
          <Group gap="sm">
            <ScopeGatedButton missing={missingScope} variant="light" onClick={() => onEditingChange(true)} disabled={!editability.editable}>
              {t('header.edit')}
            </ScopeGatedButton>
            {!editability.editable && <Text size="sm">{editabilityText(editability, t)}</Text>}
          </Group>
        </>
      )}
      <Title order={3} size="h5">
        {t('header.additionalDocuments')}
      </Title>
      {sad.additionalDocuments?.length ? (
        <Table withTableBorder striped aria-label={t('header.additionalDocuments')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('header.category')}</Table.Th>
              <Table.Th scope="col">{t('header.type')}</Table.Th>
              <Table.Th scope="col">{t('header.reference')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {sad.additionalDocuments.map((d, i) => (
              <Table.Tr key={`${d.refNum ?? ''}-${i}`}>
                <Table.Td>{d.category}</Table.Td>
                <Table.Td>{d.type}</Table.Td>
                <Table.Td>{d.refNum}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      ) : (
        <Text size="sm">{t('header.none')}</Text>
      )}
    </Stack>
  );
}

function HeaderForm({ declaration, serviceErrors, onEditingChange, focusRequest, outcome, onDirtyChange }: Props) {
  const { t } = useTranslation('declaration');
  const patch = usePatchDeclaration(declaration.declarationId);
  const [failure, setFailure] = useState<unknown>();
  const { register, control, handleSubmit, formState, setError, setFocus, reset } = useForm<HeaderFormValues>({
    resolver: zodResolver(headerFormSchema),
    defaultValues: headerFormValues(declaration),
    mode: 'onTouched',
  });
  const { isDirty, dirtyFields, errors, isSubmitting } = formState;

  useEffect(() => onDirtyChange(isDirty), [isDirty, onDirtyChange]);
  useEffect(() => () => onDirtyChange(false), [onDirtyChange]);
  useEffect(() => {
    if (focusRequest) setFocus(focusRequest.field, { shouldSelect: true });
  }, [focusRequest, setFocus]);

  const save = handleSubmit(async (values) => {
    setFailure(undefined);
    const baseline = outcome.capture();
    try {
      await patch.mutateAsync(headerPatch(values, changedHeaderFields(dirtyFields), declaration));
      outcome.start(t('header.changeLabel'), baseline);
      reset(values);
      onEditingChange(false);
    } catch (e) {
      setFailure(e);
      // Other messages are in the failure shown above the buttons.
      if (e instanceof ApiError) applyServerErrors(setError, e.fieldErrors, headerErrorMapping);
    }
  });

  const errorOf = (f: HeaderField) =>
    formMessageText(errors[f]?.message, t) ?? (dirtyFields[f] ? undefined : serviceMessage(serviceErrors.get(f)));
  const input = (f: HeaderField) =>
    f === 'declarationOfficeCode' ? (
      <OfficeSelect key={f} control={control} label={fieldText(f, t)} error={errorOf(f)} />
    ) : (
      <TextInput key={f} label={fieldText(f, t)} error={errorOf(f)} {...register(f)} />
    );

  return (
    <form onSubmit={(e) => void save(e)} noValidate aria-label={t('header.formLabel')}>
      <Stack gap="sm">
        <Text size="sm">{t('header.onlyChanged')}</Text>
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>{DOCUMENT_FIELDS.map(input)}</SimpleGrid>
        <Title order={3} size="h5">
          {t('header.parties')}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>{PARTY_FIELDS.map(input)}</SimpleGrid>
        {failure !== undefined && <ProblemAlert error={failure} title={t('header.notAccepted')} onRetry={() => void save()} />}
        {isDirty && (
          <Alert color="blue" variant="light" p="xs">
            {t('header.unsaved', { count: Object.keys(dirtyFields).length })}
          </Alert>
        )}
        <Group gap="xs">
          <Button type="submit" loading={isSubmitting} disabled={!isDirty}>
            {t('header.save')}
          </Button>
          <Button
            variant="default"
            onClick={() => {
              reset();
              onEditingChange(false);
            }}
          >
            {t('header.cancel')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
