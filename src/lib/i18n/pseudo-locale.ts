import { TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import type { CompiledCatalog, CompiledMessage } from './compiled-catalog';

/**
 * The pseudo-locale: every English message with its letters accented and padded by about 35 %, so
 * that a journey finds text that would be cut off in a longer language (German runs about a third
 * longer than English) and any string that bypasses the catalogs (it stays plain ASCII).
 * It works on the compiled messages: only literal text (of the message or of a plural/select branch)
 * changes, never argument names, types or the plural `#`.
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

const accent = (text: string): string => Array.from(text, (ch) => ACCENTED[ch] ?? ch).join('');
const lettersIn = (text: string): number => text.match(/[A-Za-z]/g)?.length ?? 0;

/** The literal text of a message, branches included (what the padding is measured on). */
function letters(elements: readonly MessageFormatElement[]): number {
  let count = 0;
  for (const element of elements) {
    if (element.type === TYPE.literal) count += lettersIn(element.value);
    if ('options' in element) for (const option of Object.values(element.options)) count += letters(option.value);
    if (element.type === TYPE.tag) count += letters(element.children);
  }
  return count;
}

function accentElements(elements: readonly MessageFormatElement[]): MessageFormatElement[] {
  return elements.map((element) => {
    if (element.type === TYPE.literal) return { ...element, value: accent(element.value) };
    if (element.type === TYPE.select || element.type === TYPE.plural) {
      const options = Object.fromEntries(
        Object.entries(element.options).map(([name, option]) => [name, { ...option, value: accentElements(option.value) }]),
      );
      return { ...element, options };
    }
    if (element.type === TYPE.tag) return { ...element, children: accentElements(element.children) };
    return element;
  });
}

/** At least one padding mark, so that even short labels ("OK") grow; a long sentence's padding comes in word-sized groups. */
function padding(letterCount: number): string {
  const marks = PADDING.repeat(Math.max(1, Math.round(letterCount * 0.35)));
  return marks.match(/~{1,6}/g)?.join(' ') ?? marks;
}

export function pseudoMessage(message: CompiledMessage): CompiledMessage {
  if (typeof message === 'string') return lettersIn(message) === 0 ? message : `[${accent(message)}${padding(lettersIn(message))}]`;
  const count = letters(message);
  if (count === 0) return message;
  return [{ type: TYPE.literal, value: '[' }, ...accentElements(message), { type: TYPE.literal, value: `${padding(count)}]` }];
}

/** A whole compiled catalog. */
export function pseudoCatalog(catalog: CompiledCatalog): CompiledCatalog {
  return Object.fromEntries(Object.entries(catalog).map(([key, message]) => [key, pseudoMessage(message)]));
}
