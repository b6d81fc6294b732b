import type { MovementLine } from '../../../contract/movement-orders';
import { formatReadNumber } from '../../../lib/numbers/number-text';

/** Cell texts of the lines table; "—" marks an absent value. */

/** "1 000 KGM", plus the line's additional quantities in other units and a blend result; numbers as the lines editor shows them. */
export function lineQuantities(line: MovementLine): string {
  const parts = [
    `${formatReadNumber(line.quantity)} ${line.uom}`,
    ...(line.quantities ?? []).map((q) => `${formatReadNumber(q.quantity)} ${q.uom}`),
  ];
  const blend = line.blendResult;
  const text = parts.join(' / ');
  return blend?.itemId
    ? `${text} → blend ${blend.itemId}${blend.quantity === undefined ? '' : ` ${formatReadNumber(blend.quantity)} ${blend.uom ?? ''}`.trimEnd()}`
    : text;
}

const fromTo = (from: string | undefined, to: string | undefined): string => {
  if (to === undefined) return from ?? '—';
  return `${from ?? '—'} → ${to}`;
};

export const lineLocations = (line: MovementLine): string => fromTo(line.storageLocationReference, line.receivingStorageLocationReference);
export const lineAuthorizations = (line: MovementLine): string => fromTo(line.authorizationId, line.receivingAuthorizationId);

export function lineOrigins(line: MovementLine): string {
  const parts = [
    line.preferentialOriginCountry && `preferential ${line.preferentialOriginCountry}`,
    line.nonPreferentialOriginCountry && `non-preferential ${line.nonPreferentialOriginCountry}`,
  ].filter(Boolean);
  return parts.length > 0 ? parts.join(', ') : '—';
}
