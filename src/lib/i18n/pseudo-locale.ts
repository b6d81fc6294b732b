import type { Catalog } from '../../contract/catalog-messages';
/**
 * The pseudo-locale: every English message with its letters accented and padded by about 35 %, so
 * that a journey finds text that would be cut off in a longer language (German runs about a third
 * longer than English) and any string that bypasses the catalogs (it stays plain ASCII).
 * ICU syntax is kept: only text at an even brace depth (the message, or a plural/select branch) is
 * changed, never argument names, types or the plural `#`.
 */
const ACCENTED: Record<string, string> = {
  a: 'á',
  b: 'ƀ',
  c: 'ç',
  d: 'ð',
  e: 'é',
  f: 'ƒ',
  g: 'ĝ',
  h: 'ĥ',
  i: 'í',
  j: 'ĵ',
  k: 'ķ',
  l: 'ļ',
  m: 'ɱ',
  n: 'ñ',
  o: 'ö',
  p: 'þ',
  q: 'ǫ',
  r: 'ŕ',
  s: 'š',
  t: 'ţ',
  u: 'ú',
  v: 'ṽ',
  w: 'ŵ',
  x: 'ẋ',
  y: 'ý',
  z: 'ž',
  A: 'Á',
  B: 'Ɓ',
  C: 'Ç',
  D: 'Ð',
  E: 'É',
  F: 'Ƒ',
  G: 'Ĝ',
  H: 'Ĥ',
  I: 'Í',
  J: 'Ĵ',
  K: 'Ķ',
  L: 'Ļ',
  M: 'Ṁ',
  N: 'Ñ',
  O: 'Ö',
  P: 'Þ',
  Q: 'Ǫ',
  R: 'Ŕ',
  S: 'Š',
  T: 'Ţ',
  U: 'Ú',
  V: 'Ṽ',
  W: 'Ŵ',
  X: 'Ẋ',
  Y: 'Ý',
  Z: 'Ž',
};

const PADDING = '~';

export function pseudoMessage(message: string): string {
  let depth = 0;
  let letters = 0;
  let out = '';
  for (const ch of message) {
    if (ch === '{') depth++;
    if (ch === '}') depth--;
    const text = depth % 2 === 0 && ch !== '}';
    if (text && /[A-Za-z]/.test(ch)) letters++;
    out += text ? (ACCENTED[ch] ?? ch) : ch;
  }
  if (letters === 0) return out;
  // At least one padding mark, so that even short labels ("OK") grow. A long sentence's padding comes
  // in word-sized groups: it wraps as a longer sentence would, rather than as one unbreakable word.
  const padding = PADDING.repeat(Math.max(1, Math.round(letters * 0.35)));
  return `[${out}${padding.match(/~{1,6}/g)?.join(' ') ?? padding}]`;
}

/** A whole catalog, nested keys kept. */
export function pseudoCatalog(catalog: Catalog): Catalog {
  return Object.fromEntries(
    Object.entries(catalog).map(([key, value]) => [key, typeof value === 'string' ? pseudoMessage(value) : pseudoCatalog(value)]),
  );
}
