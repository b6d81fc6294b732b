/**
 * Proactive content negotiation on the Accept header (RFC 9110, sections 12.4.2 and 12.5.1).
 */

interface MediaRange {
  type: string;
  subtype: string;
  /** Parameters other than the weight, which make a range more specific. */
  params: number;
  q: number;
  position: number;
}

/** A weight: 0 to 1 with at most three decimals (RFC 9110, 12.4.2). */
const QVALUE = /^(?:0(?:\.\d{0,3})?|1(?:\.0{0,3})?)$/;
const TOKEN = /^[!#$%&'*+.^_`|~0-9a-z-]+$/;

/** The media ranges of an Accept header; an ill-formed element is left out rather than failing the request. */
function mediaRanges(accept: string): MediaRange[] {
  const ranges: MediaRange[] = [];
  accept.split(',').forEach((element, position) => {
    const [range = '', ...parameters] = element.split(';').map((p) => p.trim().toLowerCase());
    const [type = '', subtype = '', ...extra] = range.split('/');
    if (extra.length || !TOKEN.test(type) || !TOKEN.test(subtype) || (type === '*' && subtype !== '*')) return;
    let q = 1;
    let params = 0;
    for (const parameter of parameters) {
      const [name = '', value = ''] = parameter.split('=').map((s) => s.trim());
      if (name !== 'q') params += 1;
      else if (QVALUE.test(value)) q = Number(value);
      else return;
    }
    ranges.push({ type, subtype, params, q, position });
  });
  return ranges;
}

/** How closely a range names a media type (-1: it does not match): `*\/*` < `type/*` < `type/subtype` < with parameters. */
function specificity(range: MediaRange, type: string, subtype: string): number {
  if (range.type === '*') return 0;
  if (range.type !== type) return -1;
  if (range.subtype === '*') return 1;
  return range.subtype === subtype ? 2 + range.params : -1;
}

/**
 * The media type of `available` (the server's order of preference) to send for this Accept header:
 * each type takes the weight of the most specific range that matches it; weight 0 means "not
 * acceptable"; the highest weight wins, then the more specific range, then the range named first,
 * then the server's order. No header: the first available. Undefined when none is acceptable (406).
 */
export function negotiateMediaType<T extends string>(accept: string | undefined, available: readonly T[]): T | undefined {
  if (accept === undefined || accept.trim() === '') return available[0];
  const ranges = mediaRanges(accept);
  // A header with nothing readable in it says nothing: as if it were absent.
  if (ranges.length === 0) return available[0];
  let best: { type: T; q: number; specificity: number; position: number; order: number } | undefined;
  available.forEach((candidate, order) => {
    const [type = '', subtype = ''] = candidate.toLowerCase().split('/');
    let match: { range: MediaRange; specificity: number } | undefined;
    for (const range of ranges) {
      const s = specificity(range, type, subtype);
      if (s >= 0 && (!match || s > match.specificity)) match = { range, specificity: s };
    }
    if (!match || match.range.q === 0) return;
    const entry = { type: candidate, q: match.range.q, specificity: match.specificity, position: match.range.position, order };
    if (
      !best ||
      entry.q > best.q ||
      (entry.q === best.q &&
        (entry.specificity > best.specificity || (entry.specificity === best.specificity && entry.position < best.position)))
    )
      best = entry;
  });
  return best?.type;
}
