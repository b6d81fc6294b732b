import { describe, expect, it } from 'vitest';
import { CSV_BOM, csvField, toCsv } from './csv';

describe('CSV (RFC 4180)', () => {
  it('leaves plain fields alone and empties null', () => {
    expect(csvField('CAS26GB000000001')).toBe('CAS26GB000000001');
    expect(csvField(42)).toBe('42');
    expect(csvField(false)).toBe('false');
    expect(csvField(null)).toBe('');
    expect(csvField(undefined)).toBe('');
  });

  it('quotes commas, quotes and line breaks, doubling quotes', () => {
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField('cr\r')).toBe('"cr\r"');
  });

  it('defuses spreadsheet formulas', () => {
    expect(csvField('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
    expect(csvField('+1')).toBe("'+1");
    expect(csvField('@SUM')).toBe("'@SUM");
    expect(csvField(-5)).toBe('-5');
  });

  it('writes BOM, header and CRLF-terminated lines', () => {
    const csv = toCsv(
      [
        { id: 'a', note: 'Zoë, €' },
        { id: 'b', note: null },
      ],
      [
        { header: 'Id', value: (r) => r.id },
        { header: 'Note', value: (r) => r.note },
      ],
    );
    expect(csv.startsWith(CSV_BOM)).toBe(true);
    expect(csv.slice(1)).toBe('Id,Note\r\na,"Zoë, €"\r\nb,\r\n');
  });
});
