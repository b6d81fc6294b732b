import { describe, expect, it } from 'vitest';
import { KNOWN_EVENT_SUB_TYPES, KNOWN_EVENT_TYPES } from './events.js';
import { eventWords } from './event-wording.js';

const declaration = { id: 'D-1', lrn: '24GBLRN0001', currentStatus: 'Invalid' };

describe('event wording', () => {
  it('tells action outcomes in words with the LRN', () => {
    expect(eventWords({ eventType: 'DeclarationActionFinished', eventSubType: 'ValidateUnsuccessful', data: declaration })).toEqual({
      title: 'Validation failed for LRN 24GBLRN0001',
      tone: 'failure',
    });
    expect(eventWords({ eventType: 'DeclarationActionFinished', eventSubType: 'SubmitSuccessful', data: declaration })).toEqual({
      title: 'Declaration LRN 24GBLRN0001 submitted',
      tone: 'success',
    });
    expect(eventWords({ eventType: 'DeclarationActionFinished', eventSubType: 'GenerateSadSuccessful', data: declaration }).title).toBe(
      'Generate SAD done for LRN 24GBLRN0001',
    );
    expect(eventWords({ eventType: 'DeclarationActionFinished', eventSubType: 'HeaderUpdateUnsuccessful', data: declaration })).toEqual({
      title: 'Header update failed for LRN 24GBLRN0001',
      tone: 'failure',
    });
  });

  it('tells status changes as what they mean', () => {
    expect(
      eventWords({
        eventType: 'DeclarationStatusChanged',
        eventSubType: 'CustomsError',
        data: { ...declaration, currentStatus: 'CustomsError' },
      }),
    ).toEqual({ title: 'Customs rejected LRN 24GBLRN0001', tone: 'failure' });
    expect(
      eventWords({ eventType: 'DeclarationStatusChanged', eventSubType: 'Diverted', data: { ...declaration, currentStatus: 'Diverted' } })
        .title,
    ).toBe('Declaration LRN 24GBLRN0001 is now Diverted');
    expect(
      eventWords({ eventType: 'DeclarationStatusChanged', eventSubType: 'Released', data: { id: 'D-2', mrn: '24GB000000000000A1' } }).title,
    ).toBe('Customs released the goods of MRN 24GB000000000000A1');
  });

  it('never shows an event type name or a bare subtype for any known event', () => {
    for (const type of KNOWN_EVENT_TYPES) {
      for (const sub of [null, ...KNOWN_EVENT_SUB_TYPES[type]]) {
        const { title } = eventWords({
          eventType: type,
          eventSubType: sub,
          data: { ...declaration, currentStatus: sub ?? 'Submitted', businessReference: 'SHIP-1' },
        });
        expect(title, `${type}/${sub}`).not.toContain(type);
        if (sub) expect(title, `${type}/${sub}`).not.toContain(sub.length > 8 ? sub : '\u0000');
      }
    }
  });

  it('names customs shipments by their reference', () => {
    expect(
      eventWords({ eventType: 'CustomsShipmentInformation', eventSubType: 'CreationUnsuccessful', data: { businessReference: 'SHIP-1' } }),
    ).toEqual({ title: 'The customs shipment SHIP-1 was not accepted', tone: 'failure' });
    expect(eventWords({ eventType: 'CustomsShipmentInformation', eventSubType: 'ReplaceSuccessful', data: {} }).title).toBe(
      'A customs shipment was replaced',
    );
  });
});
