import { z } from 'zod';
import { DECLARATION_STATUSES } from './declaration-statuses.js';

/**
 * Event types the service is known to emit (specification, Events; docs/service-facts.md 3.4 adds
 * CoOPDFCreated). The real service has more (customs duties, guarantee threshold, alerts) whose
 * names are not published, so schemas that read events keep eventType an open string.
 */
export const KNOWN_EVENT_TYPES = [
  'DeclarationStatusChanged',
  'DeclarationPdfCreated',
  'CustomsShipmentInformation',
  'DeclarationActionFinished',
  'CoOPDFCreated',
] as const;
export type KnownEventType = (typeof KNOWN_EVENT_TYPES)[number];

export const isKnownEventType = (value: string): value is KnownEventType => (KNOWN_EVENT_TYPES as readonly string[]).includes(value);

/**
 * Subtypes named by the specification and docs/service-facts.md, as suggestions (e.g. for a form).
 * DeclarationStatusChanged takes any declaration status (the status table owns them); not
 * exhaustive for DeclarationActionFinished ("various").
 */
export const KNOWN_EVENT_SUB_TYPES: Readonly<Record<KnownEventType, readonly string[]>> = {
  DeclarationStatusChanged: DECLARATION_STATUSES,
  DeclarationPdfCreated: [],
  CustomsShipmentInformation: ['CreationUnsuccessful', 'ReplaceUnsuccessful', 'ReplaceSuccessful'],
  DeclarationActionFinished: ['HeaderUpdateUnsuccessful'],
  CoOPDFCreated: ['CertificateOfOrigin'],
};

/**
 * The JSON body of every notification (specification, Events: Envelope). `id` is the event's id,
 * unique per event and the same on every retry: receivers deduplicate on it. `plantId` is sent by
 * the vendor next to the specification's fields (docs/service-facts.md 3.1). eventTime may carry up to
 * 7 fractional digits (the vendor's examples do).
 */
export const eventEnvelopeSchema = z.looseObject({
  id: z.string().min(1),
  tenantId: z.string(),
  eventTime: z.iso.datetime({ offset: true }),
  eventType: z.string().min(1),
  eventSubType: z.string().nullish(),
  plantId: z.string().nullish(),
  data: z.record(z.string(), z.unknown()),
});
export type EventEnvelope = z.infer<typeof eventEnvelopeSchema>;

const optionalText = z.string().nullish();
const optionalInt = z.number().int().nullish();

/**
 * Declaration event data (specification, Events; docs/service-facts.md 3.2), shared by
 * DeclarationStatusChanged, DeclarationActionFinished and DeclarationPdfCreated.
 * traderReference: the specification equates it with the shipment's externalReference; the
 * vendor describes it as the declaration's UCR/trader reference.
 */
export const declarationEventDataSchema = z.looseObject({
  id: z.string().min(1),
  customsShipmentReference: optionalText,
  traderReference: optionalText,
  jurisdiction: optionalText,
  customsFlow: optionalText,
  customsFlowStep: optionalText,
  customsFlowStepInstanceCount: optionalInt,
  customsFlowStepInstanceSeq: optionalInt,
  mrn: optionalText,
  lrn: optionalText,
  declarationUrl: optionalText,
  currentStatus: optionalText,
  storageLocation: optionalText,
  plant: optionalText,
  company: optionalText,
});
export type DeclarationEventData = z.infer<typeof declarationEventDataSchema>;

/** CustomsShipmentInformation (CreationUnsuccessful, ReplaceUnsuccessful, ReplaceSuccessful), docs/service-facts.md 3.3. */
export const customsShipmentInformationDataSchema = z.looseObject({
  tenantId: optionalText,
  ingestionReferences: z.array(z.string()).nullish(),
  businessReference: optionalText,
  traderReference: optionalText,
  direction: optionalText,
  company: optionalText,
  errorDescriptions: z.array(z.string()).nullish(),
});
