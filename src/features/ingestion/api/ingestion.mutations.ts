import { useMutation } from '@tanstack/react-query';
import { returnOnAcceptMessageSchema, type CustomsShipment } from '../../../contract/customs-shipment';
import { request } from '../../../lib/api-client';

/**
 * POST /v1/customsshipments → 202 {referenceId}. Never retried on 5xx: a New that reached the
 * service would start a second flow or a DuplicateShipment, so the user decides (ux: retry on failure only).
 */
export function useSendShipment() {
  return useMutation({
    mutationFn: (shipment: CustomsShipment) =>
      request('/v1/customsshipments', { method: 'POST', body: shipment, schema: returnOnAcceptMessageSchema, retry: 'never' }),
  });
}

/** The ingestion endpoints of the structured forms (all answer 202 {referenceId}). */
export type IngestionPath = '/v1/formulas' | '/v1/articledataitems' | '/v1/businesspartners' | '/v1/customsshipments';

/** POST of one message, never retried automatically: the user sees the outcome and decides. */
export function useSendMessage(path: IngestionPath) {
  return useMutation({
    mutationFn: (message: unknown) => request(path, { method: 'POST', body: message, schema: returnOnAcceptMessageSchema, retry: 'never' }),
  });
}
