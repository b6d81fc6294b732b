import type {
  ChangeDestinationBody,
  ComplementaryExplanationBody,
  DelayForDeliveryBody,
  RejectOrAlertEadBody,
} from './declaration-actions.js';

/**
 * Fields the specification lists without "required" but EMCS cannot process the message without.
 * At the HTTP boundary they are optional (a body without them is 202); the sandbox's processing
 * refuses such a message with `<Action>Unsuccessful` giving these reasons, and the console asks
 * for them so a clerk sends a complete message. The values' own rules (code lists) stay 400s.
 */
export interface NeededField {
  path: readonly (string | number)[];
  /** Names the field and what EMCS needs it for. */
  reason: string;
}

const when = (absent: boolean, path: readonly (string | number)[], why: string): NeededField[] =>
  absent ? [{ path, reason: `${path.join('.')} is needed ${why}.` }] : [];

const S = 'exciseGoodsShipment';

export const EMCS_NEEDS = {
  rejectOrAlertEad: (b: RejectOrAlertEadBody): NeededField[] => [
    ...when(b.eadEsadRejectedFlag === undefined, ['eadEsadRejectedFlag'], 'to tell a rejection from an alert'),
    ...when(
      b.alertOrRejectionOfMovementReasonCode === undefined,
      ['alertOrRejectionOfMovementReasonCode'],
      'to tell EMCS why the e-AD is rejected or alerted',
    ),
  ],
  delayForDelivery: (b: DelayForDeliveryBody): NeededField[] => [
    ...when(b.explanationCode === undefined, ['explanationCode'], 'to tell EMCS why the delivery is late'),
    ...when(
      b.messageRole === undefined,
      ['messageRole'],
      'to tell EMCS whether the delay concerns the report of receipt or a change of destination',
    ),
  ],
  changeDestination: (b: ChangeDestinationBody): NeededField[] => {
    const shipment = b.exciseGoodsShipment;
    return [
      ...when(
        shipment?.headerEadEsad?.destinationTypeCode === undefined,
        [S, 'headerEadEsad', 'destinationTypeCode'],
        'to tell EMCS what kind of destination the goods now go to',
      ),
      ...when(
        shipment?.headerEadEsad?.journeyTime === undefined,
        [S, 'headerEadEsad', 'journeyTime'],
        'to tell EMCS how long the new journey takes',
      ),
      // The codes inside optional objects: needed only when their object is given (the code is what the object says).
      ...when(
        shipment?.transportMode !== undefined && shipment.transportMode.transportModeCode === undefined,
        [S, 'transportMode', 'transportModeCode'],
        'to say which transport mode is meant',
      ),
      ...(shipment?.transportDetails ?? []).flatMap((unit, i) =>
        when(
          unit.transportUnitCode === undefined,
          [S, 'transportDetails', i, 'transportUnitCode'],
          'to say what kind of transport unit is meant',
        ),
      ),
      ...when(
        shipment?.movementGuarantee !== undefined && shipment.movementGuarantee.guarantorTypeCode === undefined,
        [S, 'movementGuarantee', 'guarantorTypeCode'],
        'to say who guarantees the movement',
      ),
    ];
  },
  complementaryExplanation: (b: ComplementaryExplanationBody): NeededField[] =>
    b.governmentAgencyGoodsItems.flatMap((item, i) =>
      when(
        item.casReference === undefined,
        ['governmentAgencyGoodsItems', i, 'casReference'],
        'to tell which goods item the explanation is about',
      ),
    ),
};
