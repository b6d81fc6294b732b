import { describe, expect, it } from 'vitest';
import { categoryLabel, customsDestinationLabel, movementTypeLabel } from './status-meanings';

describe('movement order wording', () => {
  it('labels known codes with their meaning and leaves unknown ones as they are', () => {
    expect(movementTypeLabel('RFFC')).toBe('RFFC – Release for free circulation');
    expect(movementTypeLabel('XXXX')).toBe('XXXX');
    expect(categoryLabel('Export')).toEqual({ label: 'Export – Export', column: '6' });
    expect(categoryLabel('Other')).toEqual({ label: 'Other' });
    expect(customsDestinationLabel('HomeUse')).toMatch(/procedure 40/);
    expect(customsDestinationLabel('Home')).toBe('Home');
  });
});
