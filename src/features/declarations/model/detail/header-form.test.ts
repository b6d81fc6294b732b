import { describe, expect, it } from 'vitest';
import { splitServerErrors } from '../../../../lib/form-errors';
import { declarationSchema } from '../../../../contract/declarations';
import { summaryFixture } from '../test-fixtures';
import { changedHeaderFields, headerFormSchema, headerFormValues, headerPatch, headerErrorMapping } from './header-form';

const declaration = declarationSchema.parse({
  ...summaryFixture(),
  customsShipmentReference: 'PO-1',
  customsFlowStepInstanceCount: 1,
  customsFlowStepInstanceSeq: 1,
  singleAdministrativeDocument: {
    declType: 'IM',
    addDeclType: 'A',
    invoiceCurrency: 'EUR',
    agent: { name: 'Agent', businessPartnerReference: [{ code: 'GB987654321000', type: 'Eori' }] },
    goodsShipment: {
      consignee: {
        name: 'Acme',
        businessPartnerReference: [
          { code: 'ACME', type: 'Partner' },
          { code: 'NL812345678', type: 'Eori' },
        ],
      },
      governmentAgencyGoodsItems: [],
    },
  },
});

describe('header form', () => {
  it('reads values, parties by their EORI', () => {
    expect(headerFormValues(declaration)).toMatchObject({
      declType: 'IM',
      declarationOfficeCode: '',
      consigneeEori: 'NL812345678',
      consignorEori: '',
      agentEori: 'GB987654321000',
    });
  });
  it('PATCH holds only the changed fields (selective update model)', () => {
    const values = { ...headerFormValues(declaration), declarationOfficeCode: 'NL000396', invoiceCurrency: '' };
    const changed = changedHeaderFields({ declarationOfficeCode: true, invoiceCurrency: true, declType: false });
    expect(headerPatch(values, changed, declaration)).toEqual({
      singleAdministrativeDocument: { declarationOfficeCode: 'NL000396', invoiceCurrency: null },
    });
  });
  it('a party keeps its other references when its EORI changes', () => {
    const values = { ...headerFormValues(declaration), consigneeEori: 'NL999999999' };
    expect(headerPatch(values, ['consigneeEori'], declaration)).toEqual({
      singleAdministrativeDocument: {
        goodsShipment: {
          consignee: {
            businessPartnerReference: [
              { code: 'ACME', type: 'Partner' },
              { code: 'NL999999999', type: 'Eori' },
            ],
          },
        },
      },
    });
  });
  it('checks formats the service checks', () => {
    const parsed = headerFormSchema.safeParse({ ...headerFormValues(declaration), declarationOfficeCode: 'NL1', addDeclType: 'Q' });
    expect(parsed.success ? [] : parsed.error.issues.map((i) => i.path[0]).sort()).toEqual(['addDeclType', 'declarationOfficeCode']);
  });
  it('maps server field errors to header fields', () => {
    expect(
      splitServerErrors(
        {
          'singleAdministrativeDocument.invoiceCurrency': ['bad'],
          'singleAdministrativeDocument.agent.businessPartnerReference.0.code': ['x'],
        },
        headerErrorMapping,
      ).onFields,
    ).toEqual([
      { field: 'invoiceCurrency', message: 'bad' },
      { field: 'agentEori', message: 'x' },
    ]);
  });
});
