import { Button, Fieldset, Group, SimpleGrid, Stack } from '@mantine/core';
import { useFieldArray, type Control } from 'react-hook-form';
import { DESTINATION_TYPES, GUARANTOR_TYPES, TRANSPORT_MODES, TRANSPORT_UNITS } from '../../../../contract/code-lists/emcs';
import { DECLARATION_ACTIONS, type ChangeDestinationBody } from '../../../../contract/declaration-actions';
import { ActionFormLayout } from './action-form-layout';
import type { ActionDialogProps } from '../../model/actions/action-dialog-props';
import {
  CHANGE_DESTINATION_DEFAULTS,
  CHANGE_DESTINATION_FIELDS,
  CHANGE_DESTINATION_OPTIONAL_GROUPS,
  changeDestinationFormSchema,
  changeDestinationMessageSchema,
  type ChangeDestinationForm,
} from '../../model/actions/change-destination-form';
import { CodeSelectField, DateField, LanguageField, TextField } from '../../../../components/form-fields';
import { useActionForm } from '../../model/actions/use-action-form';

const S = 'exciseGoodsShipment';
/** EMCS: at most 99 transport units. */
const MAX_TRANSPORT_UNITS = 99;

/** Change of destination (IE813); kept as a draft until sent. Guarantor traders are not asked for. */
export function ChangeDestinationDialog({ declaration, onAccepted, onCancel, onRestart }: ActionDialogProps) {
  const state = useActionForm({
    declarationId: declaration.declarationId,
    action: 'changeDestination',
    schema: changeDestinationMessageSchema,
    catalogue: CHANGE_DESTINATION_FIELDS,
    optionalGroups: CHANGE_DESTINATION_OPTIONAL_GROUPS,
    defaults: CHANGE_DESTINATION_DEFAULTS,
    draftSchema: changeDestinationFormSchema,
    onAccepted,
    onRestart,
  });
  const { control } = state.form;
  const references = useFieldArray({ control, name: `${S}.consigneeTrader.businessPartnerReferences` });
  const units = useFieldArray({ control, name: `${S}.transportDetails` });
  return (
    <ActionFormLayout
      state={state}
      precondition={DECLARATION_ACTIONS.changeDestination.precondition}
      submitLabel="Send change of destination"
      onCancel={onCancel}
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <CodeSelectField
          control={control}
          name={`${S}.headerEadEsad.destinationTypeCode`}
          label="Destination type"
          codes={DESTINATION_TYPES}
          numeric
          required
        />
        <TextField
          control={control}
          name={`${S}.headerEadEsad.journeyTime`}
          label="Journey time"
          description="H01–H24 hours or D01–D92 days, e.g. D05"
          required
        />
        <DateField control={control} name="invoice.date" label="Invoice date" />
        <TextField control={control} name="invoice.number" label="Invoice number" />
      </SimpleGrid>

      <Fieldset legend="New consignee">
        <Stack gap="xs">
          <AddressFields control={control} at={`${S}.consigneeTrader`} />
          {references.fields.map((ref, i) => (
            <Group key={ref.id} align="flex-end" gap="sm">
              <TextField
                control={control}
                name={`${S}.consigneeTrader.businessPartnerReferences.${i}.type`}
                label={`Reference ${i + 1} type`}
                description="e.g. Eori"
                required
              />
              <TextField
                control={control}
                name={`${S}.consigneeTrader.businessPartnerReferences.${i}.code`}
                label={`Reference ${i + 1} code`}
                required
              />
              <Button variant="subtle" color="red" onClick={() => references.remove(i)} aria-label={`Remove reference ${i + 1}`}>
                Remove
              </Button>
            </Group>
          ))}
          <Group>
            <Button variant="default" size="xs" onClick={() => references.append({ type: 'Eori' })}>
              Add consignee reference
            </Button>
          </Group>
        </Stack>
      </Fieldset>

      <Fieldset legend="Place of delivery">
        <AddressFields control={control} at={`${S}.deliveryPlaceTrader`} />
      </Fieldset>

      <Fieldset legend="Transport">
        <Stack gap="xs">
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
            <CodeSelectField
              control={control}
              name={`${S}.transportMode.transportModeCode`}
              label="Transport mode"
              codes={TRANSPORT_MODES}
              numeric
            />
            <TextField
              control={control}
              name={`${S}.transportMode.complementaryInformation`}
              label="Transport information"
              maxLength={350}
            />
            <LanguageField
              control={control}
              name={`${S}.transportMode.complementaryInformationLanguage`}
              label="Language of the transport information"
            />
          </SimpleGrid>
          {units.fields.map((unit, i) => (
            <Group key={unit.id} align="flex-end" gap="sm">
              <CodeSelectField
                control={control}
                name={`${S}.transportDetails.${i}.transportUnitCode`}
                label={`Transport unit ${i + 1}`}
                codes={TRANSPORT_UNITS}
                numeric
                required
              />
              <TextField
                control={control}
                name={`${S}.transportDetails.${i}.identityOfTransportUnits`}
                label="Identity (e.g. plate)"
                maxLength={35}
              />
              <TextField
                control={control}
                name={`${S}.transportDetails.${i}.commercialSealIdentification`}
                label="Commercial seal"
                maxLength={35}
              />
              <Button variant="subtle" color="red" onClick={() => units.remove(i)} aria-label={`Remove transport unit ${i + 1}`}>
                Remove
              </Button>
            </Group>
          ))}
          {units.fields.length < MAX_TRANSPORT_UNITS && (
            <Group>
              <Button variant="default" size="xs" onClick={() => units.append({})}>
                Add transport unit
              </Button>
            </Group>
          )}
        </Stack>
      </Fieldset>

      <CodeSelectField
        control={control}
        name={`${S}.movementGuarantee.guarantorTypeCode`}
        label="Guarantor"
        codes={GUARANTOR_TYPES}
        numeric
      />
    </ActionFormLayout>
  );
}

type Trader = `${typeof S}.consigneeTrader` | `${typeof S}.deliveryPlaceTrader`;

function AddressFields({ control, at }: { control: Control<ChangeDestinationForm, unknown, ChangeDestinationBody>; at: Trader }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
      <TextField control={control} name={`${at}.name`} label="Name" />
      <TextField control={control} name={`${at}.address.street`} label="Street" />
      <TextField control={control} name={`${at}.address.city`} label="City" />
      <TextField control={control} name={`${at}.address.zipCode`} label="Postcode" />
      <TextField
        control={control}
        name={`${at}.address.country`}
        label="Country"
        description="Two capital letters, e.g. NL"
        maxLength={2}
      />
    </SimpleGrid>
  );
}
