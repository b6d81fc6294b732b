/**
 * What any request may carry, checked before a handler sees it. Deep nesting would overflow the
 * stack of whatever walks the value later (storing, merging, serialising); a NUL character cannot
 * be stored in PostgreSQL text, so it is refused on SQLite too and both engines behave alike.
 */
export const MAX_JSON_DEPTH = 64;

export const hasNul = (s: string): boolean => s.includes('\u0000');

export const NUL_REASON = 'contains a NUL character (U+0000), which is not accepted';

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const LETTER_U = 0x75;
const OPENERS = new Set([0x7b, 0x5b]); // { [
const CLOSERS = new Set([0x7d, 0x5d]); // } ]

/**
 * Why a JSON text is refused before it is parsed, or undefined: arrays and objects nested deeper
 * than `maxDepth`, or a NUL in a string or key (`\u0000`). One pass, no recursion.
 */
export function jsonLimitProblem(text: string, maxDepth = MAX_JSON_DEPTH): string | undefined {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0) return NUL_REASON;
    if (inString) {
      if (c === BACKSLASH) {
        if (text.charCodeAt(i + 1) === LETTER_U && text.startsWith('0000', i + 2)) return NUL_REASON;
        i++; // the escaped character
      } else if (c === QUOTE) inString = false;
    } else if (c === QUOTE) inString = true;
    else if (OPENERS.has(c)) {
      if (++depth > maxDepth) return `nested deeper than ${maxDepth} levels`;
    } else if (CLOSERS.has(c)) depth--;
  }
  return undefined;
}

/** A NUL as a character or as a character reference (`&#0;`, `&#x00;`): not allowed in XML 1.0 either. */
const XML_NUL_REFERENCE = /&#0+;|&#x0+;/i;

export const xmlHasNul = (xml: string): boolean => hasNul(xml) || XML_NUL_REFERENCE.test(xml);

/** `%00` anywhere in a request target decodes to NUL, in a path segment or in the query. */
export const targetHasNul = (target: string): boolean => hasNul(target) || target.includes('%00');
