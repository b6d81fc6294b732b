import { Fragment, type ReactNode } from 'react';

/**
 * A translated sentence with elements inside it (a link, a code in monospace): the catalog keeps
 * the whole sentence, so each language puts the elements where its word order needs them. The
 * message is asked for with `slot(name)` as the value of each element's argument; `SlottedText`
 * then puts the elements in at those places.
 */
const OPEN = '\uE000';
const CLOSE = '\uE001';
const SLOT = new RegExp(`${OPEN}(\\w+)${CLOSE}`);

export const slot = (name: string): string => `${OPEN}${name}${CLOSE}`;

export function SlottedText({ text, slots }: { text: string; slots: Record<string, ReactNode> }) {
  // split with one capturing group: text, slot name, text, slot name, ...
  const parts = text.split(SLOT);
  return (
    <>
      {parts.map((part, i) => (
        <Fragment key={i}>{i % 2 === 1 ? slots[part] : part}</Fragment>
      ))}
    </>
  );
}
