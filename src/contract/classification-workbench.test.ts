import { describe, expect, it } from 'vitest';
import { summariseResult } from './classification-workbench.js';

const option = (code: string, score: number) => ({ code, score, explanation: '' });

describe('summariseResult', () => {
  it('takes the best option and the assigned code’s score from the options when it is among them', () => {
    const s = summariseResult({ notes: '', options: [option('42022100', 6), option('42029180', 8.5)], rulingReferences: [] }, '4202 91 80');
    expect(s).toEqual({ bestCode: '42029180', bestScore: 8.5, assignedScore: 8.5, better: false });
  });

  it('reads the assigned score from the notes otherwise, and calls a higher-scoring code of another subheading better', () => {
    const notes = 'Some text. A better code than the assigned 4202 91 80 (score 2.4) is proposed: 4202 21 00 (score 8.1).';
    expect(summariseResult({ notes, options: [option('42022100', 8.1)], rulingReferences: [] }, '42029180')).toEqual({
      bestCode: '42022100',
      bestScore: 8.1,
      assignedScore: 2.4,
      better: true,
    });
  });

  it('is not better within the same 6 digits, without an assigned code, or without options', () => {
    expect(summariseResult({ notes: '', options: [option('4202210090', 9)], rulingReferences: [] }, '4202210010').better).toBe(false);
    expect(summariseResult({ notes: '', options: [option('42022100', 9)], rulingReferences: [] }, null)).toEqual({
      bestCode: '42022100',
      bestScore: 9,
      assignedScore: null,
      better: false,
    });
    expect(summariseResult({ notes: '', options: [], rulingReferences: [] }, '42022100')).toEqual({
      bestCode: null,
      bestScore: null,
      assignedScore: null,
      better: false,
    });
  });
});
