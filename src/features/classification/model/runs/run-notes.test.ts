import { describe, expect, it } from 'vitest';
import { RUN_NOTE_PREFIXES } from '../../../../contract/classification';
import { readRunNotes } from './run-notes';

describe('readRunNotes', () => {
  it('takes the thin-description advice and the code verification apart from the general notes', () => {
    const notes = [
      'Learned classifier fused with a lexical match.',
      `${RUN_NOTE_PREFIXES.thin} say what the goods are made of.`,
      'Words not found in the nomenclature: zork.',
      `${RUN_NOTE_PREFIXES.requestedCode}0101 21 00 is not supported by the description: it scores 0.4 against 8.1 for 4202 21 00 and is not among the options.`,
    ].join('\n');
    const read = readRunNotes(notes);
    expect(read.thinAdvice).toBe('say what the goods are made of.');
    expect(read.codeCheck?.supported).toBe(false);
    expect(read.codeCheck?.text).toContain('0101 21 00 is not supported');
    expect(read.general).toEqual(['Learned classifier fused with a lexical match.', 'Words not found in the nomenclature: zork.']);
  });

  it('reads a supported code as supported', () => {
    expect(
      readRunNotes(`${RUN_NOTE_PREFIXES.requestedCode}4202 21 00 is supported by the description: score 8.7, rank 1.`).codeCheck?.supported,
    ).toBe(true);
  });

  it('keeps a plain note of the service as one general note', () => {
    expect(readRunNotes('Leather handbag; the outer surface decides the subheading.')).toEqual({
      general: ['Leather handbag; the outer surface decides the subheading.'],
    });
    expect(readRunNotes('')).toEqual({ general: [] });
  });
});
