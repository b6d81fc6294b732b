import { describe, expect, it } from 'vitest';
import { MOVEMENT_ORDER_STATUSES } from '../../../contract/movement-orders';
import { MOVEMENT_ORDER_STATUS_LOOKS, categoryLabel, customsDestinationLabel, movementTypeLabel } from './status-meanings';

describe('movement order wording', () => {
  it('explains every status', () => {
    for (const status of MOVEMENT_ORDER_STATUSES) expect(MOVEMENT_ORDER_STATUS_LOOKS[status].meaning.length).toBeGreaterThan(10);
  });

  it('labels known codes with their meaning and leaves unknown ones as they are', () => {
    expect(movementTypeLabel('RFFC')).toBe('RFFC – Release for free circulation');
    expect(movementTypeLabel('XXXX')).toBe('XXXX');
    expect(categoryLabel('Export')).toBe('Export – Export (register column 6)');
    expect(categoryLabel('Other')).toBe('Other');
    expect(customsDestinationLabel('HomeUse')).toMatch(/procedure 40/);
    expect(customsDestinationLabel('Home')).toBe('Home');
  });
});
