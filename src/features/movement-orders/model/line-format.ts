import type { TFunction } from '../../../lib/i18n/message-keys';
import type { MovementLine } from '../../../contract/movement-orders';
import { formatReadNumber } from '../../../lib/numbers/number-text';

/** Cell texts of the lines table, in the console's language; "—" marks an absent value. */

/** "1 000 KGM", plus the line's additional quantities in other units and a blend result; numbers as the lines editor shows them. */
export function lineQuantities(line: MovementLine, t: TFunction<'movementOrders'>): string {
  const parts = [
    `${formatReadNumber(line.quantity)} ${line.uom}`,
    ...(line.quantities ?? []).map((q) => `${formatReadNumber(q.quantity)} ${q.uom}`),
  ];
  const blend = line.blendResult;
  const text = parts.join(' / ');
  if (!blend?.itemId) return text;
  if (blend.quantity === undefined) return t('lines.blendItem', { quantities: text, item: blend.itemId });
  const quantity = `${formatReadNumber(blend.quantity)} ${blend.uom ?? ''}`.trimEnd();
  return t('lines.blend', { quantities: text, item: blend.itemId, quantity });
}

const fromTo = (from: string | undefined, to: string | undefined): string => {
  if (to === undefined) return from ?? '—';
  return `${from ?? '—'} → ${to}`;
};

export const lineLocations = (line: MovementLine): string => fromTo(line.storageLocationReference, line.receivingStorageLocationReference);
export const lineAuthorizations = (line: MovementLine): string => fromTo(line.authorizationId, line.receivingAuthorizationId);

export function lineOrigins(line: MovementLine, t: TFunction<'movementOrders'>): string {
  const parts = [
    line.preferentialOriginCountry && t('lines.preferential', { country: line.preferentialOriginCountry }),
    line.nonPreferentialOriginCountry && t('lines.nonPreferential', { country: line.nonPreferentialOriginCountry }),
  ].filter(Boolean);
  return parts.length > 0 ? parts.join(', ') : '—';
}
