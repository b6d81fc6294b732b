import { useTranslation } from '../../../../lib/i18n/use-translation';
import { Button, Fieldset, Group, SimpleGrid, Stack } from '@mantine/core';
import { useFieldArray, type Control } from 'react-hook-form';
import { DESTINATION_TYPES, GUARANTOR_TYPES, TRANSPORT_MODES, TRANSPORT_UNITS } from '../../../../contract/code-lists/emcs';
import type { ChangeDestinationBody } from '../../../../contract/declaration-actions';
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
  const { t } = useTranslation('actions');
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
      precondition={t('preconditions.changeDestination')}
      submitLabel={t('destination.submit')}
      onCancel={onCancel}
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <CodeSelectField
          control={control}
          name={`${S}.headerEadEsad.destinationTypeCode`}
          label={t('destination.destinationType')}
          codes={DESTINATION_TYPES}
          numeric
          required
        />
        <TextField
          control={control}
          name={`${S}.headerEadEsad.journeyTime`}
          label={t('destination.journeyTime')}
          description={t('destination.journeyHint')}
          required
        />
        <DateField control={control} name="invoice.date" label={t('destination.invoiceDate')} />
        <TextField control={control} name="invoice.number" label={t('destination.invoiceNumber')} />
      </SimpleGrid>

      <Fieldset legend={t('destination.newConsignee')}>
        <Stack gap="xs">
          <AddressFields control={control} at={`${S}.consigneeTrader`} />
          {references.fields.map((ref, i) => (
            <Group key={ref.id} align="flex-end" gap="sm">
              <TextField
                control={control}
                name={`${S}.consigneeTrader.businessPartnerReferences.${i}.type`}
                label={t('destination.referenceType', { number: i + 1 })}
                description={t('destination.referenceTypeHint')}
                required
              />
              <TextField
                control={control}
                name={`${S}.consigneeTrader.businessPartnerReferences.${i}.code`}
                label={t('destination.referenceCode', { number: i + 1 })}
                required
              />
              <Button
                variant="subtle"
                color="red"
                onClick={() => references.remove(i)}
                aria-label={t('destination.removeReference', { number: i + 1 })}
              >
                {t('destination.remove')}
              </Button>
            </Group>
          ))}
          <Group>
            <Button variant="default" size="xs" onClick={() => references.append({ type: 'Eori' })}>
              {t('destination.addReference')}
            </Button>
          </Group>
        </Stack>
      </Fieldset>

      <Fieldset legend={t('destination.placeOfDelivery')}>
        <AddressFields control={control} at={`${S}.deliveryPlaceTrader`} />
      </Fieldset>

      <Fieldset legend={t('destination.transport')}>
        <Stack gap="xs">
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
            <CodeSelectField
              control={control}
              name={`${S}.transportMode.transportModeCode`}
              label={t('destination.transportMode')}
              codes={TRANSPORT_MODES}
              numeric
            />
            <TextField
              control={control}
              name={`${S}.transportMode.complementaryInformation`}
              label={t('destination.transportInformation')}
              maxLength={350}
            />
            <LanguageField
              control={control}
              name={`${S}.transportMode.complementaryInformationLanguage`}
              label={t('destination.transportLanguage')}
            />
          </SimpleGrid>
          {units.fields.map((unit, i) => (
            <Group key={unit.id} align="flex-end" gap="sm">
              <CodeSelectField
                control={control}
                name={`${S}.transportDetails.${i}.transportUnitCode`}
                label={t('destination.transportUnit', { number: i + 1 })}
                codes={TRANSPORT_UNITS}
                numeric
                required
              />
              <TextField
                control={control}
                name={`${S}.transportDetails.${i}.identityOfTransportUnits`}
                label={t('destination.identity')}
                maxLength={35}
              />
              <TextField
                control={control}
                name={`${S}.transportDetails.${i}.commercialSealIdentification`}
                label={t('destination.seal')}
                maxLength={35}
              />
              <Button
                variant="subtle"
                color="red"
                onClick={() => units.remove(i)}
                aria-label={t('destination.removeUnit', { number: i + 1 })}
              >
                {t('destination.remove')}
              </Button>
            </Group>
          ))}
          {units.fields.length < MAX_TRANSPORT_UNITS && (
            <Group>
              <Button variant="default" size="xs" onClick={() => units.append({})}>
                {t('destination.addUnit')}
              </Button>
            </Group>
          )}
        </Stack>
      </Fieldset>

      <CodeSelectField
        control={control}
        name={`${S}.movementGuarantee.guarantorTypeCode`}
        label={t('destination.guarantor')}
        codes={GUARANTOR_TYPES}
        numeric
      />
    </ActionFormLayout>
  );
}

type Trader = `${typeof S}.consigneeTrader` | `${typeof S}.deliveryPlaceTrader`;

function AddressFields({ control, at }: { control: Control<ChangeDestinationForm, unknown, ChangeDestinationBody>; at: Trader }) {
  const { t } = useTranslation('actions');
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
      <TextField control={control} name={`${at}.name`} label={t('destination.name')} />
      <TextField control={control} name={`${at}.address.street`} label={t('destination.street')} />
      <TextField control={control} name={`${at}.address.city`} label={t('destination.city')} />
      <TextField control={control} name={`${at}.address.zipCode`} label={t('destination.postcode')} />
      <TextField
        control={control}
        name={`${at}.address.country`}
        label={t('destination.country')}
        description={t('destination.countryHint')}
        maxLength={2}
      />
    </SimpleGrid>
  );
}
