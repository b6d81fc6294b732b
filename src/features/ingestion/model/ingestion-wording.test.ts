import { beforeAll, describe, expect, it } from 'vitest';
import { formulaSchema } from '../../../contract/formulas';
import { i18n, loadNamespaces, startI18n } from '../../../lib/i18n/i18n';
import { formulaFormValuesFrom, toFormulaMessage } from './formula/formula-form-model';
import { checkMessage } from './forms/contract-resolver';
import { dropErrorText, issueText } from './ingestion-wording';
import { detectMessage } from './history/detect-message';
import { emptyGoodsItem, emptyShipment, shipmentFormSchema } from './shipment/shipment-form-model';
import { BUSINESS_PARTNERS, masterDataSchema } from './master-data/master-data-model';

beforeAll(async () => {
  await startI18n('en');
  await loadNamespaces('ingestion');
  await i18n.loadLanguages('de', 'fr', 'nl');
});

/** Every message a form shows for a thoroughly wrong shipment, formula and partner list. */
function formMessages(): string[] {
  const shipment = shipmentFormSchema.safeParse({
    ...emptyShipment(''),
    direction: 'UP',
    messageType: 'Old',
    invoiceCurrency: 'pounds',
    declarationOfficeCode: 'GB1',
    consigneeEori: 'x',
    goodsItems: [
      {
        ...emptyGoodsItem(),
        commodityCode: '12',
        gmass: '1',
        nmass: '2',
        amount: '5',
        packaging: [{ type: '', quantity: '0', shippingMarks: '' }],
      },
    ],
  });
  const noItems = shipmentFormSchema.safeParse({ ...emptyShipment('CS-1'), goodsItems: [] });
  const formula = checkMessage(
    formulaSchema,
    toFormulaMessage({
      ...formulaFormValuesFrom({ version: '1.0.0.0.0.0.0.0.0.0.0', activeFromDate: '2026-02-01', activeUntilDate: 'soon', quantity: '0' }),
      formulaLines: [],
      secondaryProducts: [{ itemId: 'W', quantity: '1', uom: 'KGM', isWaste: '' }],
    }),
  );
  const partners = masterDataSchema(BUSINESS_PARTNERS).safeParse({ rows: [] });
  return [
    ...(shipment.error?.issues ?? []),
    ...(noItems.error?.issues ?? []),
    ...(formula.ok ? [] : formula.issues),
    ...(partners.error?.issues ?? []),
  ].map((i) => i.message);
}

describe('the ingestion forms in the clerk’s language', () => {
  it('say every message of their own rules and the formula contract in German, French and Dutch', () => {
    const messages = [...new Set(formMessages())];
    expect(messages.length).toBeGreaterThan(12);
    for (const language of ['de', 'fr', 'nl'] as const) {
      expect(i18n.hasResourceBundle(language, 'ingestion')).toBe(true);
      const t = i18n.getFixedT(language, 'ingestion');
      for (const message of messages) {
        const text = issueText(message, t);
        expect(text, `${language}: ${message}`).not.toBe(message);
        expect(text, `${language}: ${message}`).not.toMatch(/^validation\./);
      }
    }
  });

  it('keep the English messages as the forms write them, and pass on messages they do not know', () => {
    const en = i18n.getFixedT('en', 'ingestion');
    for (const message of formMessages()) expect(issueText(message, en)).toBe(message);
    const de = i18n.getFixedT('de', 'ingestion');
    expect(issueText('must be at most 35 characters', de)).toBe('darf höchstens 35 Zeichen haben');
    expect(issueText('Ungültige Eingabe', de)).toBe('Ungültige Eingabe');
    expect(issueText(undefined, de)).toBeUndefined();
  });

  it('say why a dropped file is no message in German', () => {
    const de = i18n.getFixedT('de', 'ingestion');
    const errorOf = (text: string) => {
      const detected = detectMessage(text);
      return 'error' in detected ? dropErrorText(detected.error, de) : undefined;
    };
    expect(errorOf('hello')).toBe('Die Datei ist weder JSON noch XML.');
    expect(errorOf('<invoice/>')).toBe('Ein XML-Wurzelelement <invoice> ist keine Nachricht, die die Konsole senden kann.');
    expect(errorOf('{"hello":1}')).toMatch(/^Das JSON sieht weder/);
  });
});
