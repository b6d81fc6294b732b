import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Group, SimpleGrid, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
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
import { HEADER_FIELD_LABELS, type HeaderField } from '../../model/detail/header-fields';
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
    label: HEADER_FIELD_LABELS[f],
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
            Parties
          </Title>
          <FieldList
            entries={[
              entry('consignorEori', party(parties.consignor?.name, eoriOf(parties.consignor))),
              entry('consigneeEori', party(parties.consignee?.name, eoriOf(parties.consignee))),
              entry('agentEori', party(parties.agent?.name, eoriOf(parties.agent))),
            ].map((e) => ({ ...e, label: e.label.replace(' EORI', ' (name · EORI)') }))}
          />
          <Group gap="sm">
            <ScopeGatedButton missing={missingScope} variant="light" onClick={() => onEditingChange(true)} disabled={!editability.editable}>
              Edit header
            </ScopeGatedButton>
            {!editability.editable && <Text size="sm">{editability.reason}</Text>}
          </Group>
        </>
      )}
      <Title order={3} size="h5">
        Additional documents
      </Title>
      {sad.additionalDocuments?.length ? (
        <Table withTableBorder striped aria-label="Additional documents">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Category</Table.Th>
              <Table.Th scope="col">Type</Table.Th>
              <Table.Th scope="col">Reference</Table.Th>
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
        <Text size="sm">None.</Text>
      )}
    </Stack>
  );
}

function HeaderForm({ declaration, serviceErrors, onEditingChange, focusRequest, outcome, onDirtyChange }: Props) {
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
      outcome.start('The header change', baseline);
      reset(values);
      onEditingChange(false);
    } catch (e) {
      setFailure(e);
      // Other messages are in the failure shown above the buttons.
      if (e instanceof ApiError) applyServerErrors(setError, e.fieldErrors, headerErrorMapping);
    }
  });

  const errorOf = (f: HeaderField) => errors[f]?.message ?? (dirtyFields[f] ? undefined : serviceMessage(serviceErrors.get(f)));
  const input = (f: HeaderField) =>
    f === 'declarationOfficeCode' ? (
      <OfficeSelect key={f} control={control} label={HEADER_FIELD_LABELS[f]} error={errorOf(f)} />
    ) : (
      <TextInput key={f} label={HEADER_FIELD_LABELS[f]} error={errorOf(f)} {...register(f)} />
    );

  return (
    <form onSubmit={(e) => void save(e)} noValidate aria-label="Edit header">
      <Stack gap="sm">
        <Text size="sm">Only the fields you change are sent; everything else stays as it is.</Text>
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>{DOCUMENT_FIELDS.map(input)}</SimpleGrid>
        <Title order={3} size="h5">
          Parties
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>{PARTY_FIELDS.map(input)}</SimpleGrid>
        {failure !== undefined && <ProblemAlert error={failure} title="The header change was not accepted" onRetry={() => void save()} />}
        {isDirty && (
          <Alert color="blue" variant="light" p="xs">
            Unsaved changes: {Object.keys(dirtyFields).length} field(s).
          </Alert>
        )}
        <Group gap="xs">
          <Button type="submit" loading={isSubmitting} disabled={!isDirty}>
            Save header
          </Button>
          <Button
            variant="default"
            onClick={() => {
              reset();
              onEditingChange(false);
            }}
          >
            Cancel
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
