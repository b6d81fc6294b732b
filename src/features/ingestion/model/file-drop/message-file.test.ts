import { describe, expect, it } from 'vitest';
import { parseMessageFile } from './message-file';

describe('parseMessageFile', () => {
  it('reads a formula in XML, lists unwrapped, values as text', () => {
    const xml = `<?xml version="1.0"?><Formula><version>1.0</version><itemId>FG</itemId><formulaLines><formulaLine><itemId>A</itemId><quantity>2</quantity><uom>KGM</uom></formulaLine></formulaLines><secondaryProducts><secondaryProduct><itemId>S</itemId><quantity>1</quantity><uom>KGM</uom></secondaryProduct></secondaryProducts></Formula>`;
    expect(parseMessageFile('f.xml', xml)).toEqual({
      ok: true,
      kind: 'formula',
      message: {
        version: '1.0',
        itemId: 'FG',
        formulaLines: [{ itemId: 'A', quantity: '2', uom: 'KGM' }],
        secondaryProducts: [{ itemId: 'S', quantity: '1', uom: 'KGM' }],
      },
    });
  });

  it('recognises each message in JSON, and business partners as an XML list', () => {
    expect(parseMessageFile('s.json', '{"direction":"IN","externalReference":"X"}')).toMatchObject({ ok: true, kind: 'shipment' });
    expect(parseMessageFile('a.json', '[{"itemId":"A"}]')).toMatchObject({ ok: true, kind: 'articles' });
    expect(parseMessageFile('p.json', '{"businessPartners":[{"businessPartnerCode":"P"}]}')).toMatchObject({ ok: true, kind: 'partners' });
    expect(
      parseMessageFile(
        'p.xml',
        '<BusinessPartners><businessPartner><businessPartnerCode>P</businessPartnerCode></businessPartner></BusinessPartners>',
      ),
    ).toEqual({ ok: true, kind: 'partners', message: [{ businessPartnerCode: 'P' }] });
    expect(parseMessageFile('x.json', '{"something":1}')).toMatchObject({ ok: true, kind: undefined });
  });

  it('says what is wrong with a file that is no message', () => {
    expect(parseMessageFile('e.json', '  ')).toEqual({ ok: false, error: 'The file is empty.' });
    const error = (name: string, text: string) => {
      const parsed = parseMessageFile(name, text);
      return parsed.ok ? '' : parsed.error;
    };
    expect(error('b.json', '{oops')).toMatch(/^Not valid JSON/);
    expect(error('b.xml', '<a><b></a>')).toMatch(/^Not well-formed XML/);
  });
});
