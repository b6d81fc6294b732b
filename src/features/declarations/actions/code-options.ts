import type { CodeMeaning } from '../../../contract/code-lists/emcs';

export interface CodeOption {
  value: string;
  label: string;
}

/** A picker option that shows the code and what it means: "0 – Other". */
export const codeOptions = (list: readonly CodeMeaning[]): CodeOption[] => list.map(({ code, meaning }) => ({ value: code, label: `${code} – ${meaning.replace(/,$/, '')}` }));
