import { z } from 'zod';
import type { DeclarationAction } from '../../contract/declaration-actions.js';
import type { DeclarationRecord } from '../store/declarations/declaration-record.js';
import type { DeclarationsRepository } from '../store/declarations/declarations-repository.js';
import { isPlainObject } from '../flows/selective-update.js';

/**
 * EMCS state of an e-AD declaration (sandbox model; the vendor does not publish one). Kept in the
 * declaration document as `singleAdministrativeDocument.exciseMovement`, so a clerk sees the
 * sequence number, the message awaiting an EMCS answer and the recorded receipt report on GET.
 * Declarations without it are at sequence 1 with nothing pending.
 */

/** EMCS message behind each excise action (docs/service-facts.md 2.3). */
export const EMCS_MESSAGES = {
  invalidate: 'IE810',
  changeDestination: 'IE813',
  receiptReport: 'IE818',
  rejectOrAlertEad: 'IE819',
  delayForDelivery: 'IE837',
  complementaryExplanation: 'IE871',
} as const satisfies Partial<Record<DeclarationAction, string>>;
export type EmcsAction = keyof typeof EMCS_MESSAGES;

export const EXCISE_MOVEMENT_FIELD = 'exciseMovement';

const pendingSchema = z.object({ messageId: z.string(), message: z.string(), action: z.string(), submittedAt: z.string() });

export const exciseMovementSchema = z.looseObject({
  sequenceNumber: z.number().int().min(1).default(1),
  /** The message sent to EMCS whose answer is awaited; blocks every other EMCS action until answered. */
  pendingMessage: pendingSchema.nullish(),
  reportOfReceipt: z
    .looseObject({
      globalConclusionOfReceipt: z.string(),
      dateOfArrivalOfExciseProducts: z.string().optional(),
      /** A shortage or excess was reported (indicator on an item, or unsatisfactory reason 1/2): Complementary Explanation applies. */
      shortageOrExcess: z.boolean(),
      acceptedAt: z.string().optional(),
    })
    .nullish(),
  /** Answered messages, oldest first (what the clerk sent and when EMCS accepted it). */
  history: z
    .array(z.looseObject({ message: z.string(), action: z.string(), acceptedAt: z.string(), sequenceNumber: z.number().int() }))
    .default([]),
});
export type ExciseMovement = z.infer<typeof exciseMovementSchema>;

export function exciseMovementOf(d: Pick<DeclarationRecord, 'header'>): ExciseMovement {
  const raw: unknown = d.header[EXCISE_MOVEMENT_FIELD];
  const parsed = exciseMovementSchema.safeParse(isPlainObject(raw) ? raw : {});
  return parsed.success ? parsed.data : exciseMovementSchema.parse({});
}

/** Writes the state into the document (no event; status changes go through ctx.declarations.events.updateStatus). */
export async function saveExciseMovement(declarations: DeclarationsRepository, id: string, state: ExciseMovement, at: Date): Promise<void> {
  await declarations.setHeaderField(id, EXCISE_MOVEMENT_FIELD, state, at.toISOString());
}
