import { beforeAll, describe, expect, it } from 'vitest';
import type { TFunction } from '../../../lib/i18n/message-keys';
import type { MovementLine } from '../../../contract/movement-orders';
import { i18n, loadNamespaces, startI18n } from '../../../lib/i18n/i18n';
import { lineAuthorizations, lineLocations, lineOrigins, lineQuantities } from './line-format';

const base: MovementLine = { itemId: 'A', direction: 'Out', quantity: 10, uom: 'LTR' };
let t: TFunction<'movementOrders'>;

beforeAll(async () => {
  await startI18n('en');
  await loadNamespaces('movementOrders');
  t = i18n.getFixedT('en', 'movementOrders');
});

describe('line cells', () => {
  it('shows quantities with their units, additional ones and a blend', () => {
    expect(lineQuantities(base, t)).toBe('10 LTR');
    expect(lineQuantities({ ...base, quantities: [{ quantity: 8.4, uom: 'KGM' }] }, t)).toBe('10 LTR / 8.4 KGM');
    expect(lineQuantities({ ...base, blendResult: { itemId: 'B', quantity: 12, uom: 'LTR' } }, t)).toBe('10 LTR → blend B 12 LTR');
    expect(lineQuantities({ ...base, quantity: 1250 }, t)).toBe('1\u202f250 LTR');
  });

  it('shows sending and receiving locations and authorizations', () => {
    expect(lineLocations(base)).toBe('—');
    expect(lineLocations({ ...base, storageLocationReference: 'NL-1' })).toBe('NL-1');
    expect(lineLocations({ ...base, storageLocationReference: 'NL-1', receivingStorageLocationReference: 'NL-2' })).toBe('NL-1 → NL-2');
    expect(lineAuthorizations({ ...base, authorizationId: 'X', receivingAuthorizationId: 'Y' })).toBe('X → Y');
  });

  it('names both origin kinds', () => {
    expect(lineOrigins(base, t)).toBe('—');
    expect(lineOrigins({ ...base, preferentialOriginCountry: 'XX', nonPreferentialOriginCountry: 'CI' }, t)).toBe(
      'preferential XX, non-preferential CI',
    );
  });
});
