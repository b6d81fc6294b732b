import { describe, expect, it } from 'vitest';
import { changeLanguage, i18n, loadNamespaces, startI18n } from '../../../../lib/i18n/i18n';
import { ambiguousNumberMessage } from '../../../../lib/numbers/number-text';
import { checkMovement } from './order-check';
import { emptyLine, emptyMovement, emptyRule, type MovementDraft } from './order-draft';
import { validationText } from './validation-text';

const movement = (over: Partial<MovementDraft>): MovementDraft => ({ ...emptyMovement(new Date('2026-02-01T08:30:00Z')), ...over });

/** Orders with every kind of fault the form reports, and the messages it gives for them. */
function faultyMessages(): string[] {
  const line = (values: Parameters<typeof emptyLine>[0] = {}) => emptyLine({ itemId: 'A', quantity: '1', uom: 'KGM', ...values });
  const faulty = [
    movement({ externalReference: '', timestamp: 'yesterday', lines: [line({ quantity: 'x' })] }),
    movement({
      externalReference: 'R',
      customsDestination: 'Moon',
      writeOffRules: [
        emptyRule({ customsStatus: 'Loose', preferentialOriginCountry: 'XX', inboundDocRefNum: 'M', inboundFunctionRefNum: 'L' }),
      ],
      lines: [line({ quantity: '0', asv: '120', exciseProductCode: 'Z999' })],
    }),
    movement({ externalReference: 'R', movementType: 'ADJP', category: 'Nothing', lines: [] }),
    movement({ externalReference: 'R', movementType: 'ADJP', category: 'Export', lines: [line()] }),
    movement({ externalReference: 'R', movementType: 'TRFA', lines: [line()] }),
    movement({
      externalReference: 'R',
      movementType: 'TRFR',
      lines: [line({ authorizationId: 'A1', receivingStorageLocationReference: 'L', receivingAuthorizationId: 'B' })],
    }),
    movement({ externalReference: 'R', movementType: 'TRFB', lines: [line()] }),
    movement({ externalReference: 'R', movementType: 'TRFB', lines: [line({ blendItemId: 'B' })] }),
  ];
  const messages = faulty.flatMap((m, i) => [...checkMovement(m, i).values()]);
  messages.push(ambiguousNumberMessage('1.250', 1.25, 1250, 'en'));
  return [...new Set(messages)];
}

// One translation state for the console, so these run in order on it.
describe('the order form’s messages', () => {
  it('stay the contract’s own in English', async () => {
    await startI18n('en');
    await loadNamespaces('movementOrders');
    const t = i18n.getFixedT('en', 'movementOrders');
    const messages = faultyMessages();
    expect(messages.length).toBeGreaterThan(17);
    for (const message of messages) expect(validationText(message, t)).toBe(message);
    expect(validationText(undefined, t)).toBeUndefined();
  });

  it('are written in the clerk’s language, every message the checks give', async () => {
    await changeLanguage('de');
    await loadNamespaces('movementOrders');
    const t = i18n.getFixedT('de', 'movementOrders');
    const messages = faultyMessages();
    for (const message of messages) expect(validationText(message, t), message).not.toBe(message);
    expect(validationText('is required for TRFA', t)).toBe('ist für TRFA erforderlich');
    expect(validationText('holds at most 9999 lines', t)).toBe('enthält höchstens 9.999 Positionen');
    await changeLanguage('en');
  });
});
