import { describe, expect, it } from 'vitest';
import { detectMessage } from './detect-message';

describe('detecting a dropped message', () => {
  it('knows the messages by their JSON fields or XML root element', () => {
    expect(detectMessage('{"externalReference":"PO-1","direction":"IN"}')).toEqual({
      type: 'CustomsShipment',
      contentType: 'application/json',
    });
    expect(detectMessage('\uFEFF{"version":"1.0","movements":[]}')).toMatchObject({ type: 'MovementOrder' });
    expect(detectMessage('{"itemId":"FG","formulaLines":[]}')).toMatchObject({ type: 'Formula' });
    expect(detectMessage('[{"itemId":"SKU-1"}]')).toMatchObject({ type: 'ArticleDataItem' });
    expect(detectMessage('{"businessPartners":[]}')).toMatchObject({ type: 'BusinessPartners' });
    expect(detectMessage('<?xml version="1.0"?><ns:CustomsShipment xmlns:ns="x"><direction>IN</direction></ns:CustomsShipment>')).toEqual({
      type: 'CustomsShipment',
      contentType: 'application/xml',
    });
  });

  it('says why a file is not one', () => {
    expect(detectMessage('hello')).toEqual({ error: 'The file is neither JSON nor XML.' });
    expect(detectMessage('{"hello":1}')).toHaveProperty('error');
    expect(detectMessage('<invoice/>')).toEqual({ error: 'An XML root element <invoice> is not a message the console can send.' });
  });
});
