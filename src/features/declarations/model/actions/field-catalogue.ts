import type { ServerErrorMapping } from '../../../../lib/form-errors';

/**
 * The fields a dialog renders, by dotted path with `#` for an array index, and how a user
 * names them. One list serves three things: labels in the "Still needed" summary, deciding
 * which server field errors land on a control, and the order to focus them.
 */
export interface CatalogueField {
  path: string;
  /** `{n}` is replaced by the 1-based index of the first `#`. */
  label: string;
  /** A group (a whole list) named for messages, with no control to put an error on. */
  group?: true;
}
export type FieldCatalogue = readonly CatalogueField[];

const toPattern = (path: string): RegExp =>
  new RegExp(
    `^${path
      .split('.')
      .map((s) => (s === '#' ? '(\\d+)' : s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
      .join('\\.')}$`,
  );
const patterns = new Map<string, RegExp>();
const patternOf = (path: string): RegExp => {
  let p = patterns.get(path);
  if (!p) patterns.set(path, (p = toPattern(path)));
  return p;
};

/** The catalogue entry of a concrete path (`items.2.code`), with the label filled in. */
export function findField(catalogue: FieldCatalogue, path: string): { index: number; label: string; control: boolean } | undefined {
  for (const [index, field] of catalogue.entries()) {
    const m = patternOf(field.path).exec(path);
    if (m) return { index, label: field.label.replace('{n}', m[1] === undefined ? '' : String(Number(m[1]) + 1)), control: !field.group };
  }
  return undefined;
}

/** A label for any path: the catalogue's, else the last named segment. */
export function labelFor(catalogue: FieldCatalogue, path: string): string {
  const found = findField(catalogue, path);
  if (found) return found.label;
  const last = path
    .split('.')
    .filter((s) => !/^\d+$/.test(s))
    .pop();
  return last ? last.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase() : 'the form';
}

/** Server field errors land on the catalogue's controls, in its order, and are named by its labels otherwise. */
export const catalogueMapping = (catalogue: FieldCatalogue): ServerErrorMapping<string> => ({
  fieldOf: (path) => (findField(catalogue, path)?.control ? path : undefined),
  orderOf: (path) => findField(catalogue, path)?.index ?? Number.MAX_SAFE_INTEGER,
  labelOf: (path) => labelFor(catalogue, path),
});
