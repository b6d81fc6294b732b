import { RUN_NOTE_PREFIXES } from '../../../../contract/classification';

/** A run's notes sorted for display: the thin-description advice and the code verification apart from the general notes. */
export interface RunNotes {
  /** What to add to the description (the text after the prefix), when the engine found it too thin. */
  thinAdvice?: string;
  /** The verification of the code the run was started with. */
  codeCheck?: { text: string; supported: boolean };
  general: string[];
}

/** Reads the notes line by line (RUN_NOTE_PREFIXES); a plain note without the prefixes stays general. */
export function readRunNotes(notes: string): RunNotes {
  const out: RunNotes = { general: [] };
  for (const line of notes.split('\n').map((l) => l.trim())) {
    if (!line) continue;
    if (line.startsWith(RUN_NOTE_PREFIXES.thin) && out.thinAdvice === undefined)
      out.thinAdvice = line.slice(RUN_NOTE_PREFIXES.thin.length).trim();
    else if (line.startsWith(RUN_NOTE_PREFIXES.requestedCode) && !out.codeCheck)
      out.codeCheck = { text: line, supported: / is supported\b/.test(line) };
    else out.general.push(line);
  }
  return out;
}
