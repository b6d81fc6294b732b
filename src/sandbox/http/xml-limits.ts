/**
 * What an XML body may hold before it is parsed (sandbox defaults, documented in the sandbox
 * README): no document type declaration and so no entity declarations (nothing to expand, no
 * external entity ever resolved: only the five predefined entities and character references
 * are read), and elements nested at most MAX_XML_DEPTH deep (the deepest message is about 8).
 * A poison message is a 400 the client does not retry, never a 500 it would retry forever.
 */
export const MAX_XML_DEPTH = 32;

/**
 * Tags, comments, CDATA sections, processing instructions and declarations, in document order.
 * No part runs past the next `<` (not allowed in attribute values), so an unterminated tag
 * costs a short scan, never a quadratic one.
 */
const MARKUP =
  /<!--[\s\S]*?-->|<!\[CDATA\[[\s\S]*?\]\]>|<\?[\s\S]*?\?>|<!([A-Za-z]+)|<(\/?)[^\s/<>!?]+(?:[^<>"']|"[^"<]*"|'[^'<]*')*?(\/?)>/g;

/** Why the XML body is refused before parsing, or undefined. */
export function xmlLimitProblem(xml: string, maxDepth = MAX_XML_DEPTH): string | undefined {
  let depth = 0;
  for (const m of xml.matchAll(MARKUP)) {
    const [, declaration, closing, selfClosing] = m;
    if (declaration !== undefined) {
      const kind = declaration.toUpperCase();
      if (kind === 'DOCTYPE') return 'a document type declaration (DOCTYPE) is not accepted';
      if (kind === 'ENTITY') return 'entity declarations are not accepted';
      return `<!${declaration} declarations are not accepted`;
    }
    if (closing === undefined) continue; // comment, CDATA, processing instruction
    if (closing === '/') depth--;
    else if (selfClosing !== '/') {
      depth++;
      if (depth > maxDepth) return `elements are nested deeper than ${maxDepth} levels`;
    }
  }
  return undefined;
}
